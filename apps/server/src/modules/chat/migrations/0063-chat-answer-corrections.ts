import type { Kysely } from 'kysely';

// Answers are checked against the chart as they stream (decision 0213): the statements corrected
// are kept with the answer (JSON, null when none) and shown under it, and the model asked is kept
// so the operators can see how often each model is corrected. Answers stored before have neither.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('corrections', 'text').execute();
  await db.schema.alterTable('chat_messages').addColumn('model', 'text').execute();
}
