import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { register, TEST_DATABASE_URL, testConfig } from './testing/harness.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.join(HERE, 'main.ts');
const ADMIN_CLI = path.join(HERE, 'admin-cli.ts');

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
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /is running at (http:\/\/\S+)/.exec(output)?.[1];
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
  it('serves on the printed URL and stops cleanly on SIGTERM', async () => {
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

  it('refuses to start with a readable list of configuration problems', async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'astro-main-'));
    await expect(start({ DATA_DIR: dataDir, PORT: 'eighty', HSTS: 'perhaps' })).rejects.toThrow(
      /PORT: must be a number[\s\S]*HSTS: must be true or false/,
    );
    expect(child!.exitCode).toBe(1);
  });

  it('grants and revokes the admin role from the command line', async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'astro-admin-'));
    const databaseUrl = TEST_DATABASE_URL ?? path.join(dataDir, 'app.db');
    const config = testConfig({ dataDir, databaseUrl });
    const roleOf = async (email: string) => {
      const app = await buildApp(config, { mailLoop: false });
      try {
        return (await app.auth.findAccountByEmail(email))?.role;
      } finally {
        await app.close();
      }
    };
    const app = await buildApp(config, { mailLoop: false });
    const { email } = await register(app);
    await app.close();
    const admin = (...args: string[]) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        let output = '';
        const cli = spawn(process.execPath, ['--import', 'tsx', ADMIN_CLI, ...args], {
          env: { ...process.env, DATA_DIR: dataDir!, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
        });
        cli.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
        });
        cli.stderr.on('data', (chunk: Buffer) => {
          output += chunk.toString();
        });
        cli.on('exit', (code) => resolve({ code, output }));
      });
    const granted = await admin('grant', email.toUpperCase());
    expect(granted).toEqual({ code: 0, output: `${email} is now an admin.\n` });
    expect(await roleOf(email)).toBe('admin');
    expect((await admin('revoke', email)).code).toBe(0);
    expect(await roleOf(email)).toBe('user');
    expect((await admin('grant', 'nobody@example.com')).code).toBe(1);
  });
});
