import type { Kysely } from 'kysely';

// One row the readiness check rewrites: a database that answers reads but refuses writes (full
// disk, read-only file, a lock that is never released) is not ready to serve.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('readiness_probe')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('checked_at', 'text', (col) => col.notNull())
    .execute();
}
