import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

// One table of births, not tied to the account: birth profiles. Each belongs to an owner; the
// owner's own is marked (is_own = 1) and carries the owner's id as its id, so there is at most one
// and it is found without a search; the others are the people in the owner's life, with a relation.
// birth_data and people move into it and are dropped.

const BIRTH_COLUMNS = [
  'name',
  'birth_date',
  'birth_time',
  'time_unknown',
  'city',
  'country',
  'place_id',
  'region',
  'country_code',
  'latitude',
  'longitude',
  'time_zone',
  'utc',
  'utc_offset_seconds',
  'stated_utc_offset_seconds',
  'resolution',
  'created_at',
  'updated_at',
];

/** The columns of a birth as every table of births has kept them since 0010, 0011 and 0013. */
function withBirthColumns(table: CreateTableBuilder<string, string>): CreateTableBuilder<string, string> {
  return table
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
    .addColumn('updated_at', 'text', (col) => col.notNull());
}

const columns = (names: string[]) => sql.join(names.map((name) => sql.ref(name)));

export async function up(db: Kysely<unknown>): Promise<void> {
  await withBirthColumns(
    db.schema
      .createTable('birth_profiles')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('is_own', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('relation', 'text'),
  ).execute();
  await db.schema
    .createIndex('birth_profiles_owner')
    .on('birth_profiles')
    .columns(['owner_id', 'is_own', 'created_at'])
    .execute();
  await sql`insert into birth_profiles (id, owner_id, is_own, relation, ${columns(BIRTH_COLUMNS)})
    select user_id, user_id, 1, null, ${columns(BIRTH_COLUMNS)} from birth_data`.execute(db);
  await sql`insert into birth_profiles (id, owner_id, is_own, relation, ${columns(BIRTH_COLUMNS)})
    select id, owner_id, 0, relation, ${columns(BIRTH_COLUMNS)} from people`.execute(db);
  await db.schema.dropTable('people').execute();
  await db.schema.dropTable('birth_data').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await withBirthColumns(
    db.schema
      .createTable('birth_data')
      .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade')),
  ).execute();
  await withBirthColumns(
    db.schema
      .createTable('people')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('relation', 'text'),
  ).execute();
  await db.schema.createIndex('people_owner').on('people').columns(['owner_id', 'created_at']).execute();
  await sql`insert into birth_data (user_id, ${columns(BIRTH_COLUMNS)})
    select owner_id, ${columns(BIRTH_COLUMNS)} from birth_profiles where is_own = 1`.execute(db);
  await sql`insert into people (id, owner_id, relation, ${columns(BIRTH_COLUMNS)})
    select id, owner_id, relation, ${columns(BIRTH_COLUMNS)} from birth_profiles where is_own = 0`.execute(
    db,
  );
  await db.schema.dropTable('birth_profiles').execute();
}
