import type { Kysely } from 'kysely';

// "Last seen" was read from the sessions alone, so it vanished with them (a disabled account, a
// sign-out on the only device, an expired session). The latest moment of the sessions about to be
// deleted is kept on the account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_seen_at', 'text').execute();
}
