import type { Kysely } from 'kysely';

// Birth data: one record per person, removed with the account. Readings derived from it in other
// tables reference birth_data.user_id with ON DELETE CASCADE, so deleting it removes them too.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('birth_data')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('birth_date', 'text', (col) => col.notNull())
    .addColumn('birth_time', 'text', (col) => col.notNull())
    .addColumn('time_unknown', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('place_id', 'integer')
    .addColumn('region', 'text')
    .addColumn('country_code', 'text')
    .addColumn('latitude', 'double precision', (col) => col.notNull())
    .addColumn('longitude', 'double precision', (col) => col.notNull())
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('utc', 'text', (col) => col.notNull())
    .addColumn('utc_offset_seconds', 'integer', (col) => col.notNull())
    .addColumn('resolution', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('birth_data').execute();
}
