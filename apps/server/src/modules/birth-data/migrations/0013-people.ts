import type { Kysely } from 'kysely';

// People in a person's life (a partner, a friend, family): a birth with the same columns as the
// person's own birth_data, a name and an optional relation, removed with the owner's account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('people')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('relation', 'text')
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
    .addColumn('stated_utc_offset_seconds', 'integer')
    .addColumn('resolution', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('people_owner').on('people').columns(['owner_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('people').execute();
}
