import { type Kysely, Migrator, sql } from 'kysely';
import type { Migrations } from '../module.ts';
import type { Database } from './database.ts';
import { countOf } from './figures.ts';
import type { Tables } from './schema.ts';

/**
 * One set of migrations out of the platform's and every module's own. Names are unique across
 * them: the number prefixes are handed out per module (0001-0009 accounts and platform,
 * 0010 birth data, 0020 subscriptions, 0040 partners and contact, and so on).
 */
export function collectMigrations(sources: Migrations[]): Migrations {
  const all: Migrations = {};
  for (const source of sources) {
    for (const [name, migration] of Object.entries(source)) {
      if (all[name]) throw new Error(`Two migrations are named ${name}`);
      all[name] = migration;
    }
  }
  return all;
}

/** Applies every pending migration in name order; returns the names it applied. */
export async function migrateToLatest(database: Database, migrations: Migrations): Promise<string[]> {
  // Kysely looks for its bookkeeping table in any schema unless told which: name the current one.
  const schema =
    database.engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    // Each module owns its tables and its migrations, which may be numbered in parallel; a
    // migration that arrives with a lower number than one already applied still runs.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 1; ; attempt += 1) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).map((result) => result.migrationName);
    if (results === undefined && attempt < CATALOGUE_READ_ATTEMPTS && isCatalogueRace(error)) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      continue;
    }
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed`, { cause: error });
  }
}

/**
 * Before migrating, Kysely lists the tables and columns of every schema it may use. On PostgreSQL,
 * changes running meanwhile in another schema of the same database (another server's migrations,
 * parallel test runs) can remove a column or table between two reads of that list, which fails
 * with "column/relation does not exist". Nothing has been applied then (no results): read again.
 */
const CATALOGUE_READ_ATTEMPTS = 3;

function isCatalogueRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '42703' || code === '42P01';
}

/** How many migrations the database has applied (the migrator's own table). */
export async function appliedMigrationCount(db: Kysely<Tables>): Promise<number> {
  const { rows } = await sql<{ n: unknown }>`select count(*) as n from kysely_migration`.execute(db);
  return countOf(rows[0]?.n);
}
