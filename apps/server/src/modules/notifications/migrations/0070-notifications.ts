import type { Kysely } from 'kysely';

// Push subscriptions (a person's devices) and notification settings; both go with the account.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('device_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('last_delivery_at', 'text')
    .addColumn('failure_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('note_day', 'text')
    .addColumn('note_retry_at', 'text')
    .addColumn('note_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('note_retry_until', 'text')
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
  await db.schema
    .createIndex('push_subscriptions_retry')
    .on('push_subscriptions')
    .column('note_retry_at')
    .execute();
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('push', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('email', 'text', (col) => col.notNull().defaultTo('off'))
    .addColumn('hour', 'integer', (col) => col.notNull().defaultTo(8))
    .addColumn('quiet_days', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('zone', 'text')
    .addColumn('digest_day', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
