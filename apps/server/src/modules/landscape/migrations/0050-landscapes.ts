import type { Kysely } from 'kysely';

// Daily landscapes (one per person per local day) and the person's landscape preferences: the
// current location that sets their day and the hash of their private calendar feed token.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('landscapes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('local_date', 'text', (col) => col.notNull())
    .addColumn('zone', 'text', (col) => col.notNull())
    .addColumn('variant', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    .addColumn('generated_at', 'text')
    .addColumn('birth_stamp', 'text', (col) => col.notNull())
    .addColumn('payload', 'text')
    .addUniqueConstraint('landscapes_user_day', ['user_id', 'local_date'])
    .execute();
  await db.schema
    .createTable('landscape_preferences')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('location_place_id', 'integer')
    .addColumn('location_name', 'text')
    .addColumn('location_zone', 'text')
    .addColumn('calendar_token_hash', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('landscape_preferences_calendar')
    .on('landscape_preferences')
    .column('calendar_token_hash')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('landscape_preferences').execute();
  await db.schema.dropTable('landscapes').execute();
}
