import type { Kysely } from 'kysely';

// The admin area counts landscapes per day and per person over the last 30 days.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('landscapes_generated')
    .on('landscapes')
    .columns(['generated_at', 'user_id'])
    .execute();
}
