import type { Kysely } from 'kysely';

// The admin area counts subscriptions by status and by day, and revenue by day.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('subscriptions_status')
    .on('subscriptions')
    .columns(['status', 'plan_id'])
    .execute();
  await db.schema.createIndex('subscriptions_created').on('subscriptions').column('created_at').execute();
  await db.schema.createIndex('invoices_created').on('invoices').columns(['created_at', 'status']).execute();
}
