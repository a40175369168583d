import { type Kysely, PostgresAdapter, sql } from 'kysely';

// PostgreSQL announces every change to a person's landscapes or landscape settings, so that each
// server process drops the newest landscape it keeps in memory for them (LandscapeRepository).
// The notice is sent when the transaction commits, whichever process made the change (cascaded
// deletes of an account included). SQLite needs no trigger: a process there notices other
// connections' writes by the file's data version. The key is the person's id.

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function announce_landscape_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('landscape_changes', coalesce(new.user_id, old.user_id));
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger landscapes_announce_change after insert or update or delete on landscapes
    for each row execute function announce_landscape_change()`.execute(db);
  await sql`
    create trigger landscape_preferences_announce_change after insert or update or delete on landscape_preferences
    for each row execute function announce_landscape_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger landscape_preferences_announce_change on landscape_preferences`.execute(db);
  await sql`drop trigger landscapes_announce_change on landscapes`.execute(db);
  await sql`drop function announce_landscape_change()`.execute(db);
}
