import type { Kysely } from 'kysely';

// A switch to another plan set for the end of the paid period (a move to a plan costing less per
// payment): the plan, and the subscription's coupon as it carries to that plan (its discount
// there, null when the coupon does not apply to it, and its paid periods left).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('scheduled_plan_id', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('scheduled_discount_minor', 'integer').execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('scheduled_discount_periods_left', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['scheduled_discount_periods_left', 'scheduled_discount_minor', 'scheduled_plan_id']) {
    await db.schema.alterTable('subscriptions').dropColumn(column).execute();
  }
}
