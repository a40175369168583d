import type { Kysely } from 'kysely';

// The discount of a subscription's coupon in minor units, fixed when the coupon was applied, so
// that renewals keep the price the person agreed to.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('discount_minor', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('discount_minor').execute();
}
