import { type Kysely, PostgresAdapter, sql } from 'kysely';

// A second factor (TOTP) per account, and on each session the moment it passed it. The secret is
// kept encrypted; recovery codes only as hashes. On PostgreSQL, passing the second factor is a
// change other processes must hear of (their cached session says it has not), so the sessions
// trigger of 0003 also fires for it.

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('second_factors')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('recovery_codes', 'text', (col) => col.notNull().defaultTo('[]'))
    // The last 30-second step a code was accepted for: a code works once.
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('sessions').addColumn('second_factor_at', 'text').execute();
  if (!isPostgres(db)) return;
  await sql`drop trigger sessions_announce_change on sessions`.execute(db);
  await sql`
    create trigger sessions_announce_change
    after delete or update of expires_at, user_id, second_factor_at on sessions
    for each row execute function announce_session_change()`.execute(db);
}
