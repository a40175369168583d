import { type Kysely, sql } from 'kysely';

// A plan's daily limits, one per usage kind that a module declares (chat messages, landscape
// regenerations, ...), kept as one JSON object ({ "chatMessagesPerDay": 50, ... }) instead of a
// column per kind, so a new kind needs no new column.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscription_plans')
    .addColumn('usage_limits', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  const plans = await sql<{ id: string; chat: number; regenerations: number }>`
    select id, chat_messages_per_day as chat, landscape_regenerations_per_day as regenerations
    from subscription_plans`.execute(db);
  for (const plan of plans.rows) {
    const limits = {
      chatMessagesPerDay: Number(plan.chat),
      landscapeRegenerationsPerDay: Number(plan.regenerations),
    };
    await sql`update subscription_plans set usage_limits = ${JSON.stringify(limits)} where id = ${plan.id}`.execute(
      db,
    );
  }
  await db.schema.alterTable('subscription_plans').dropColumn('chat_messages_per_day').execute();
  await db.schema.alterTable('subscription_plans').dropColumn('landscape_regenerations_per_day').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['chat_messages_per_day', 'landscape_regenerations_per_day']) {
    await db.schema
      .alterTable('subscription_plans')
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  const plans = await sql<{ id: string; usage_limits: string }>`
    select id, usage_limits from subscription_plans`.execute(db);
  for (const plan of plans.rows) {
    const limits = JSON.parse(plan.usage_limits) as Record<string, number>;
    await sql`update subscription_plans set chat_messages_per_day = ${limits.chatMessagesPerDay ?? 0},
      landscape_regenerations_per_day = ${limits.landscapeRegenerationsPerDay ?? 0}
      where id = ${plan.id}`.execute(db);
  }
  await db.schema.alterTable('subscription_plans').dropColumn('usage_limits').execute();
}
