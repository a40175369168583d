import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Database } from './database.ts';

// Beside this file in the source tree; beside the bundle (as compiled .js) in a built server.
const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_FILE = /^(\d{4}-[\w-]+)\.(?:ts|js)$/;

/**
 * Reads the migration files of the folder. (Kysely's own file provider imports from inside
 * node_modules, where TypeScript files cannot be loaded; importing from here works under tsx and vitest.)
 */
const folderProvider: MigrationProvider = {
  async getMigrations() {
    const files = (await readdir(MIGRATIONS_DIR)).filter((file) => MIGRATION_FILE.test(file)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const name = MIGRATION_FILE.exec(file)?.[1] ?? file;
      migrations[name] = await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href);
    }
    return migrations;
  },
};

/** Applies every pending migration in file-name order; returns the names it applied. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  // Kysely looks for its bookkeeping table in any schema unless told which: name the current one.
  const schema =
    database.engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db: database.db,
    provider: folderProvider,
    // Each module owns its tables and its migrations, which may be numbered in parallel; a file
    // that arrives with a lower number than one already applied still runs.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}
