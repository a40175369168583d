import { spawn } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import BetterSqlite from 'better-sqlite3';
import { isPostgresUrl } from '../../config.ts';

// Backups of the product's database: SQLite through its online backup API (consistent while the
// server runs), PostgreSQL through pg_dump and pg_restore in their custom format. The password of
// a PostgreSQL URL goes to the tools in PGPASSWORD, never on their command line (which `ps` shows).

export class BackupError extends Error {}

/** Writes a consistent copy of the database to `file` (readable by this account only). */
export async function backupDatabase(databaseUrl: string, file: string): Promise<void> {
  if (isPostgresUrl(databaseUrl)) {
    await runTool('pg_dump', ['--format=custom', `--file=${file}`], databaseUrl);
  } else {
    if (!existsSync(databaseUrl)) throw new BackupError(`There is no database at ${databaseUrl}.`);
    const source = new BetterSqlite(databaseUrl, { readonly: true, fileMustExist: true });
    try {
      await source.backup(file);
    } finally {
      source.close();
    }
  }
  chmodSync(file, 0o600);
}

/**
 * Replaces the database's contents with a backup's. Stop the server first: its processes would
 * otherwise keep serving what they hold in memory.
 */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  if (isPostgresUrl(databaseUrl)) {
    await runTool(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--single-transaction', file],
      databaseUrl,
    );
    return;
  }
  let source: BetterSqlite.Database;
  try {
    source = new BetterSqlite(file, { readonly: true, fileMustExist: true });
    const [check] = source.pragma('integrity_check') as Array<{ integrity_check: string }>;
    if (check?.integrity_check !== 'ok') throw new Error(check?.integrity_check ?? 'no answer');
  } catch (error) {
    throw new BackupError(`${file} is not a usable SQLite backup (${(error as Error).message}).`);
  }
  try {
    await source.backup(databaseUrl);
  } finally {
    source.close();
  }
  chmodSync(databaseUrl, 0o600);
}

/** Runs pg_dump or pg_restore against the URL's database; fails with the tool's own words. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const target = tool === 'pg_dump' ? [url.toString()] : [`--dbname=${url.toString()}`];
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, ...target], {
      env: { ...process.env, ...(password && { PGPASSWORD: password }) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('error', (error) =>
      reject(
        new BackupError(`${tool} could not run (${error.message}); install the PostgreSQL client tools.`),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} failed: ${errors.trim() || `exit ${code}`}`)),
    );
  });
}
