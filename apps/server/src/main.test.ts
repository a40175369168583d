import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from './testing/harness.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.join(HERE, 'main.ts');

let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function start(env: Record<string, string>): Promise<{ url: string; output: () => string }> {
  let output = '';
  child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /is running (?:at|on the Unix socket) (\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, output: () => output });
      }
    };
    child!.stdout!.on('data', read);
    child!.stderr!.on('data', read);
    child!.on('exit', () => reject(new Error(`server exited:\n${output}`)));
  });
}

describe('main', () => {
  // Starting a process through the TypeScript loader is slow on a busy machine: generous limits.
  it('serves on the printed URL and stops cleanly on SIGTERM', { timeout: 120_000 }, async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'astro-main-'));
    const { url } = await start({
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      ...(TEST_DATABASE_URL ? { DATABASE_URL: TEST_DATABASE_URL } : { DATABASE_URL: '' }),
    });
    expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('serves on the Unix socket SOCKET_PATH names, replacing a stale one, and removes it when stopped', {
    timeout: 120_000,
  }, async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'astro-main-'));
    const socketPath = path.join(dataDir, 'server.sock');
    // A socket file left by a process that was killed: nothing answers on it any more.
    const killed = spawn(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`,
    ]);
    await new Promise((resolve) => killed.once('exit', resolve));
    expect(existsSync(socketPath)).toBe(true);
    const { url } = await start({
      DATA_DIR: dataDir,
      SOCKET_PATH: socketPath,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      ...(TEST_DATABASE_URL ? { DATABASE_URL: TEST_DATABASE_URL } : { DATABASE_URL: '' }),
    });
    expect(url).toBe(socketPath);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request({ socketPath, path: '/api/ready' }, (response) => {
        response.resume();
        resolve(response.statusCode);
      })
        .once('error', reject)
        .end();
    });
    expect(status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(socketPath)).toBe(false);
  });

  it('refuses to start with a readable list of configuration problems', { timeout: 120_000 }, async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'astro-main-'));
    await expect(
      start({ DATA_DIR: dataDir, PORT: 'eighty', HSTS: 'perhaps', SOCKET_PATH: 'relative.sock' }),
    ).rejects.toThrow(
      /(?=[\s\S]*PORT: must be a number)(?=[\s\S]*HSTS: must be true or false)(?=[\s\S]*SOCKET_PATH: must be an absolute path)/,
    );
    expect(child!.exitCode).toBe(1);
  });
});
