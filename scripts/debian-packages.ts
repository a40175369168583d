import { spawnSync } from 'node:child_process';
import { userInfo } from 'node:os';

// Missing Debian packages of the scripts that start real servers (cluster, fault suite).

export function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Installs the packages when they are missing and we may (root); otherwise throws naming them. */
export function ensurePackages(
  packages: string[],
  present: () => boolean,
  say: (line: string) => void,
): void {
  if (present()) return;
  const names = packages.join(', ');
  if (userInfo().uid !== 0)
    throw new Error(`missing ${names}: install the Debian packages (apt-get install ${packages.join(' ')})`);
  say(`installing ${names} (Debian packages)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status !== 0)
    throw new Error('apt-get update failed');
  if (spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env }).status !== 0)
    throw new Error(`could not install ${names}`);
}
