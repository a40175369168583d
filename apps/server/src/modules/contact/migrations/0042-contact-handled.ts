import type { Kysely } from 'kysely';

// Operators mark a contact message handled in the admin area (the open ones are its inbox).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('handled_at', 'text').execute();
  await db.schema
    .createIndex('contact_messages_inbox')
    .on('contact_messages')
    .columns(['handled_at', 'created_at'])
    .execute();
}
