import type { Kysely } from 'kysely';

// Plans, subscriptions, checkouts, invoices, coupons, processed provider events and daily usage.
// Timestamps are ISO-8601 UTC text, flags 0/1 integers, money integers in minor units.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscription_plans')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('interval', 'text', (col) => col.notNull())
    .addColumn('price_minor', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('trial_days', 'integer', (col) => col.notNull())
    .addColumn('features', 'text', (col) => col.notNull())
    .addColumn('chat_messages_per_day', 'integer', (col) => col.notNull())
    .addColumn('landscape_regenerations_per_day', 'integer', (col) => col.notNull())
    .addColumn('stripe_price_id', 'text')
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull())
    .execute();

  // One row per person: their current (or last) subscription.
  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('provider_subscription_id', 'text', (col) => col.unique())
    .addColumn('customer_email', 'text', (col) => col.notNull())
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('current_period_start', 'text')
    .addColumn('current_period_end', 'text')
    .addColumn('trial_end', 'text')
    .addColumn('cancel_at_period_end', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('canceled_at', 'text')
    .addColumn('past_due_since', 'text')
    .addColumn('coupon_code', 'text')
    .addColumn('discount_periods_left', 'integer')
    .addColumn('card_last4', 'text')
    .addColumn('card_behaviour', 'text')
    .addColumn('trial_reminder_for', 'text')
    .addColumn('had_trial', 'integer', (col) => col.notNull().defaultTo(0))
    // Provider time of the newest state applied, so that older events never overwrite newer ones.
    .addColumn('provider_version', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_period_end')
    .on('subscriptions')
    .column('current_period_end')
    .execute();

  await db.schema
    .createTable('payment_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('customer_email', 'text', (col) => col.notNull())
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('plan_id', 'text')
    .addColumn('coupon_code', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('provider_session_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('payment_sessions_user').on('payment_sessions').column('user_id').execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider_invoice_id', 'text', (col) => col.unique())
    .addColumn('plan_id', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('amount_minor', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('coupon_code', 'text')
    .addColumn('period_start', 'text')
    .addColumn('period_end', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('invoices_user').on('invoices').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('coupons')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('percent_off', 'integer')
    .addColumn('amount_off_minor', 'integer')
    .addColumn('currency', 'text')
    .addColumn('duration', 'text', (col) => col.notNull())
    .addColumn('duration_periods', 'integer')
    .addColumn('expires_at', 'text')
    .addColumn('max_redemptions', 'integer')
    .addColumn('redemptions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('plan_ids', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  // Provider events already applied; written in the same transaction as their effect.
  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('usage_counters')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('usage_counters_pk', ['user_id', 'kind', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'usage_counters',
    'billing_events',
    'coupons',
    'invoices',
    'payment_sessions',
    'subscriptions',
    'subscription_plans',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
