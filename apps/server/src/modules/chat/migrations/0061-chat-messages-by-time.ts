import type { Kysely } from 'kysely';

// The admin area counts messages per day and per person over the last 30 days.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('chat_messages_created')
    .on('chat_messages')
    .columns(['created_at', 'user_id'])
    .execute();
}
