import type { Kysely } from 'kysely';

// The admin area lists people newest first and counts sign-ups per day.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_created').on('users').column('created_at').execute();
  await db.schema
    .createIndex('sessions_last_seen')
    .on('sessions')
    .columns(['last_seen_at', 'user_id'])
    .execute();
}
