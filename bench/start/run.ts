import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.ts';

// Time from a command to a healthy server (`/api/health` answering), in this repository with a
// throwaway data folder and a free loopback port:
//   cold    `npm start` with no previous build (both builds, migrations, start), as on a fresh clone
//   warm    `npm start` again with nothing changed (builds skipped)
//   bare    `node apps/server/dist/main.js` on the migrated database: the floor for any start
//   node --import tsx bench/start/run.ts [--warm-only]
// The cold run removes apps/web/dist and apps/server/dist, which it builds again.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LIMIT_MS = 300_000;

async function healthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** Seconds from spawning the command until the server answers healthy; the process is then stopped. */
async function timeToHealthy(command: string[], env: NodeJS.ProcessEnv, port: number): Promise<number> {
  const started = performance.now();
  const [file, ...args] = command as [string, ...string[]];
  // Its own process group, so that npm and the server it starts are stopped together.
  const child: ChildProcess = spawn(file, args, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  try {
    while (!(await healthy(port))) {
      if (exited) throw new Error(`${command.join(' ')} ended before it was healthy`);
      if (performance.now() - started > LIMIT_MS)
        throw new Error(`${command.join(' ')}: not healthy in time`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return (performance.now() - started) / 1000;
  } finally {
    if (!exited && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-start-'));
try {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const rows: [string, number][] = [];
  if (!process.argv.includes('--warm-only')) {
    for (const dist of ['apps/web/dist', 'apps/server/dist'])
      rmSync(path.join(ROOT, dist), { recursive: true, force: true });
    rows.push(['npm start, cold (builds everything)', await timeToHealthy(['npm', 'start'], env, port)]);
  }
  rows.push(['npm start, warm (nothing changed)', await timeToHealthy(['npm', 'start'], env, port)]);
  rows.push([
    'baseline: node apps/server/dist/main.js',
    await timeToHealthy([process.execPath, 'apps/server/dist/main.js'], env, port),
  ]);
  console.log('\nstart to healthy (/api/health):');
  for (const [name, seconds] of rows) console.log(`  ${name.padEnd(42)} ${seconds.toFixed(1)} s`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
