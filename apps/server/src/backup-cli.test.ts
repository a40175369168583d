import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { runBackupCommand } from './backup-cli.ts';
import { loadConfig } from './config.ts';
import { register, TEST_DATABASE_URL, uniqueEmail } from './testing/harness.ts';

// The restore drill: a backup taken while the server runs, more changes, then the backup put back
// with the server stopped. On PostgreSQL (TEST_DATABASE_URL) a database of its own is used,
// because pg_dump and pg_restore work on whole databases.

const workDir = mkdtempSync(path.join(os.tmpdir(), 'backup-drill-'));
const env: NodeJS.ProcessEnv = { DATA_DIR: workDir, LOG_LEVEL: 'silent', PORT: '0' };
let dropDatabase = async () => {};

beforeAll(async () => {
  if (!TEST_DATABASE_URL) return;
  const name = `backup_drill_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const again = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  };
});
afterAll(async () => {
  await dropDatabase();
  rmSync(workDir, { recursive: true, force: true });
});

async function startServer() {
  return buildApp(loadConfig(env), { mailLoop: false });
}

describe('backup and restore', () => {
  it('puts back exactly what the backup held', async () => {
    const file = path.join(workDir, 'drill.backup');
    const kept = uniqueEmail('kept');
    const later = uniqueEmail('later');

    const running = await startServer();
    await register(running, kept);
    // Taken while the server runs.
    expect(await runBackupCommand('backup', file, env)).toEqual({
      code: 0,
      message: `Backup written to ${file}.`,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await register(running, later);
    await running.close();

    expect(await runBackupCommand('restore', file, env)).toEqual({
      code: 0,
      message: `Restored from ${file}. Start the server again.`,
    });
    const restored = await startServer();
    try {
      expect(await restored.auth.findAccountByEmail(kept)).not.toBeNull();
      expect(await restored.auth.findAccountByEmail(later)).toBeNull();
      // The restored database serves: a new sign-up works.
      await register(restored, uniqueEmail('after'));
    } finally {
      await restored.close();
    }
  });

  it('refuses a file that is not a backup, and explains its usage', async () => {
    const bogus = path.join(workDir, 'not-a-backup.txt');
    writeFileSync(bogus, 'hello');
    const refused = await runBackupCommand('restore', bogus, env);
    expect(refused.code).toBe(1);
    expect(refused.message).toMatch(/not a usable SQLite backup|pg_restore failed/);
    expect((await runBackupCommand('restore', path.join(workDir, 'missing'), env)).message).toBe(
      `There is no backup at ${path.join(workDir, 'missing')}.`,
    );
    expect((await runBackupCommand('restore', undefined, env)).code).toBe(2);
    expect((await runBackupCommand('copy', 'x', env)).code).toBe(2);
  });
});
