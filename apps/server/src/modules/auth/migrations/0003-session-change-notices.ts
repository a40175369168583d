import { type Kysely, PostgresAdapter, sql } from 'kysely';

// PostgreSQL announces every change that can end a session or alter who it belongs to, so that
// each server process can drop what it cached about that session (decision 0017). The notice is
// sent when the transaction commits, whichever process or tool made the change. SQLite needs no
// trigger: a process there notices other connections' writes by the file's data version.
// Keys: "user:<id>" for an updated or deleted person, "session:<id>" for an ended session.

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function announce_session_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify(
        'session_changes',
        case when tg_table_name = 'users' then 'user:' else 'session:' end || old.id
      );
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger users_announce_change after update or delete on users
    for each row execute function announce_session_change()`.execute(db);
  // Touching last_seen_at, once a minute per active session, is not worth a notice.
  await sql`
    create trigger sessions_announce_change after delete or update of expires_at, user_id on sessions
    for each row execute function announce_session_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger sessions_announce_change on sessions`.execute(db);
  await sql`drop trigger users_announce_change on users`.execute(db);
  await sql`drop function announce_session_change()`.execute(db);
}
