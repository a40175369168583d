import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startupProblem } from './startup-problem.ts';

const serverMain = path.resolve(import.meta.dirname, '../main.ts');

describe('start-up problems', () => {
  it('a data directory the server may not write to is named in one line, without a stack', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'readonly-data-'));
    chmodSync(dataDir, 0o555);
    // root writes anywhere, so the server runs as an ordinary user where the suite runs as root.
    const asUser =
      process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : [];
    const command = [...asUser, process.execPath, '--import', 'tsx', serverMain];
    const run = spawnSync(command[0] as string, command.slice(1), {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toEqual([
      `Cannot start: the server may not write to ${path.join(dataDir, 'jwt-secret')}. Check DATA_DIR and its permissions (the server keeps its database and secrets there).`,
    ]);
  });

  it('names a port in use, a full disk and a read-only file system; anything else is left whole', () => {
    expect(startupProblem(Object.assign(new Error('x'), { code: 'EADDRINUSE', port: 8080 }))).toBe(
      'Cannot start: port 8080 is already in use. Stop the other process or set PORT.',
    );
    expect(startupProblem(Object.assign(new Error('x'), { code: 'ENOSPC', path: '/data/app.db' }))).toContain(
      'the disk is full at /data/app.db.',
    );
    expect(startupProblem(Object.assign(new Error('x'), { code: 'EROFS', path: '/data' }))).toContain(
      'the file system is read-only at /data.',
    );
    expect(startupProblem(new Error('something else'))).toBeNull();
    expect(startupProblem('text')).toBeNull();
  });
});
