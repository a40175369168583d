import { lstatSync, unlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { ConfigError } from '../config.ts';

/** True when something accepts connections on the socket at `socketPath`. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect({ path: socketPath });
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * Makes `socketPath` free to listen on. A socket file left by a process that ended without closing
 * (a crash, a kill) is removed; a live socket or any other kind of file is left alone and stops the
 * start with a clear reason.
 */
export async function freeSocketPath(socketPath: string): Promise<void> {
  let kind: 'socket' | 'other';
  try {
    kind = lstatSync(socketPath).isSocket() ? 'socket' : 'other';
  } catch {
    return; // nothing there
  }
  if (kind === 'other') {
    throw new ConfigError([`SOCKET_PATH: ${socketPath} exists and is not a socket; choose another path`]);
  }
  if (await answers(socketPath)) {
    throw new ConfigError([`SOCKET_PATH: another process is listening on ${socketPath}`]);
  }
  unlinkSync(socketPath);
}
