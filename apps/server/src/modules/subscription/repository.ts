import type { Plan, PlanKind } from '@app/contracts/subscription.ts';
import { type Kysely, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { Tables } from '../../platform/db/schema.ts';
import type { PlanSeed } from './config.ts';
import type {
  CouponsTable,
  InvoicesTable,
  PaymentSessionsTable,
  ProviderName,
  SubscriptionPlansTable,
  SubscriptionsTable,
} from './tables.ts';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type PaymentSessionRow = Selectable<PaymentSessionsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type CouponRow = Selectable<CouponsTable>;
export type Db = Kysely<Tables> | Transaction<Tables>;

export interface StoredPlan extends Plan {
  stripePriceId: string | null;
}

function toPlan(row: Selectable<SubscriptionPlansTable>): StoredPlan {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as PlanKind,
    interval: row.interval,
    priceMinor: Number(row.price_minor),
    currency: row.currency,
    trialDays: Number(row.trial_days),
    features: JSON.parse(row.features) as string[],
    limits: {
      chatMessagesPerDay: Number(row.chat_messages_per_day),
      landscapeRegenerationsPerDay: Number(row.landscape_regenerations_per_day),
    },
    stripePriceId: row.stripe_price_id,
  };
}

/** SQL of the subscription module. */
export class SubscriptionRepository {
  constructor(readonly db: Kysely<Tables>) {}

  transaction<T>(work: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  // Plans

  /** Makes the catalogue match the configured plans; plans no longer configured stay for old subscribers but are hidden. */
  async seedPlans(plans: PlanSeed[]): Promise<void> {
    await this.transaction(async (trx) => {
      await trx.updateTable('subscription_plans').set({ active: 0 }).execute();
      for (const [index, plan] of plans.entries()) {
        const row = {
          name: plan.name,
          kind: plan.kind,
          interval: plan.interval,
          price_minor: plan.priceMinor,
          currency: plan.currency,
          trial_days: plan.trialDays,
          features: JSON.stringify(plan.features),
          chat_messages_per_day: plan.limits.chatMessagesPerDay,
          landscape_regenerations_per_day: plan.limits.landscapeRegenerationsPerDay,
          stripe_price_id: plan.stripePriceId ?? null,
          sort_order: index,
          active: 1,
        };
        await trx
          .insertInto('subscription_plans')
          .values({ id: plan.id, ...row })
          .onConflict((oc) => oc.column('id').doUpdateSet(row))
          .execute();
      }
    });
  }

  async listPlans(db: Db = this.db): Promise<StoredPlan[]> {
    const rows = await db
      .selectFrom('subscription_plans')
      .selectAll()
      .where('active', '=', 1)
      .orderBy('sort_order')
      .execute();
    return rows.map(toPlan);
  }

  /** Any plan, offered or retired (old subscribers keep theirs). */
  async findPlan(id: string, db: Db = this.db): Promise<StoredPlan | null> {
    const row = await db.selectFrom('subscription_plans').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toPlan(row) : null;
  }

  // Subscriptions

  findSubscription(userId: string, db: Db = this.db): Promise<SubscriptionRow | undefined> {
    return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** The subscription with its plan's kind, in one query (the feature guards ask on every request). */
  findSubscriptionWithPlanKind(
    userId: string,
  ): Promise<(SubscriptionRow & { plan_kind: StoredPlan['kind'] | null }) | undefined> {
    return this.db
      .selectFrom('subscriptions')
      .leftJoin('subscription_plans', 'subscription_plans.id', 'subscriptions.plan_id')
      .selectAll('subscriptions')
      .select('subscription_plans.kind as plan_kind')
      .where('subscriptions.user_id', '=', userId)
      .executeTakeFirst();
  }

  findByProviderSubscription(id: string, db: Db = this.db): Promise<SubscriptionRow | undefined> {
    return db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', id)
      .executeTakeFirst();
  }

  findByCustomer(customerId: string, db: Db = this.db): Promise<SubscriptionRow | undefined> {
    return db
      .selectFrom('subscriptions')
      .selectAll()
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
  }

  /** Creates or replaces the person's subscription row. */
  async putSubscription(row: SubscriptionRow, db: Db = this.db): Promise<void> {
    const { user_id, ...rest } = row;
    await db
      .insertInto('subscriptions')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(rest))
      .execute();
  }

  async updateSubscription(
    userId: string,
    changes: Updateable<SubscriptionsTable>,
    db: Db = this.db,
  ): Promise<void> {
    await db.updateTable('subscriptions').set(changes).where('user_id', '=', userId).execute();
  }

  /** Local subscriptions whose period has ended, or whose trial reminder may be due. */
  localDue(untilIso: string, db: Db = this.db): Promise<SubscriptionRow[]> {
    return db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider', '=', 'local')
      .where('status', 'in', ['trialing', 'active', 'past_due'])
      .where('current_period_end', '<=', untilIso)
      .orderBy('current_period_end')
      .limit(500)
      .execute();
  }

  listByProvider(provider: ProviderName): Promise<SubscriptionRow[]> {
    return this.db.selectFrom('subscriptions').selectAll().where('provider', '=', provider).execute();
  }

  trialsEndingBefore(untilIso: string): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('status', '=', 'trialing')
      .where('trial_end', '<=', untilIso)
      .where((eb) =>
        eb.or([eb('trial_reminder_for', 'is', null), eb('trial_reminder_for', '!=', eb.ref('trial_end'))]),
      )
      .limit(500)
      .execute();
  }

  // Payment sessions (checkouts and card-management visits)

  async insertSession(row: PaymentSessionRow, db: Db = this.db): Promise<void> {
    await db.insertInto('payment_sessions').values(row).execute();
  }

  findSession(id: string, db: Db = this.db): Promise<PaymentSessionRow | undefined> {
    return db.selectFrom('payment_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findSessionByProviderId(id: string, db: Db = this.db): Promise<PaymentSessionRow | undefined> {
    return db
      .selectFrom('payment_sessions')
      .selectAll()
      .where('provider_session_id', '=', id)
      .executeTakeFirst();
  }

  /** Moves a session from one status to another; false when someone else moved it first. */
  /** Closes the person's other open checkouts; answers the provider ids of those it closed. */
  async expireOtherCheckouts(userId: string, keepId: string, db: Db = this.db): Promise<string[]> {
    const closed = await db
      .updateTable('payment_sessions')
      .set({ status: 'expired' })
      .where('user_id', '=', userId)
      .where('kind', '=', 'checkout')
      .where('id', '!=', keepId)
      .where('status', 'in', ['open', 'authenticating'])
      .returning('provider_session_id')
      .execute();
    return closed.flatMap((row) => (row.provider_session_id ? [row.provider_session_id] : []));
  }

  async moveSession(
    id: string,
    from: PaymentSessionRow['status'][],
    changes: Updateable<PaymentSessionsTable>,
    db: Db = this.db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('payment_sessions')
      .set(changes)
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  latestCheckout(userId: string, db: Db = this.db): Promise<PaymentSessionRow | undefined> {
    return db
      .selectFrom('payment_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'checkout')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  // Invoices

  listInvoicesIn(userId: string, db: Db): Promise<InvoiceRow[]> {
    return db
      .selectFrom('invoices')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
  }

  async insertInvoice(row: InvoiceRow, db: Db = this.db): Promise<void> {
    await db
      .insertInto('invoices')
      .values(row)
      .onConflict((oc) => oc.column('provider_invoice_id').doNothing())
      .execute();
  }

  async setInvoiceStatus(id: string, status: InvoiceRow['status'], db: Db = this.db): Promise<void> {
    await db.updateTable('invoices').set({ status }).where('id', '=', id).execute();
  }

  findInvoiceByProviderId(id: string, db: Db = this.db): Promise<InvoiceRow | undefined> {
    return db.selectFrom('invoices').selectAll().where('provider_invoice_id', '=', id).executeTakeFirst();
  }

  openInvoices(userId: string, db: Db = this.db): Promise<InvoiceRow[]> {
    return db
      .selectFrom('invoices')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', ['open', 'failed'])
      .orderBy('created_at')
      .execute();
  }

  listInvoices(userId: string): Promise<InvoiceRow[]> {
    return this.db
      .selectFrom('invoices')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute();
  }

  // Coupons

  async seedCoupons(rows: CouponRow[]): Promise<void> {
    for (const row of rows) {
      const { code, redemptions, created_at, ...rest } = row;
      await this.db
        .insertInto('coupons')
        .values(row)
        .onConflict((oc) => oc.column('code').doUpdateSet(rest))
        .execute();
    }
  }

  findCoupon(code: string, db: Db = this.db): Promise<CouponRow | undefined> {
    return db.selectFrom('coupons').selectAll().where('code', '=', code.toUpperCase()).executeTakeFirst();
  }

  /** Counts one use, unless the cap is reached; false then. */
  async redeemCoupon(code: string, db: Db = this.db): Promise<boolean> {
    const result = await db
      .updateTable('coupons')
      .set((eb) => ({ redemptions: eb('redemptions', '+', 1) }))
      .where('code', '=', code.toUpperCase())
      .where((eb) =>
        eb.or([eb('max_redemptions', 'is', null), eb('redemptions', '<', eb.ref('max_redemptions'))]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // Provider events

  /** Records an event id; false when it was already recorded (the event was applied before). */
  async claimEvent(id: string, type: string, now: string, db: Db): Promise<boolean> {
    const result = await db
      .insertInto('billing_events')
      .values({ id, type, received_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  // Usage counters

  async addUsage(userId: string, kind: string, day: string, amount: number): Promise<number> {
    const row = await this.db
      .insertInto('usage_counters')
      .values({ user_id: userId, kind, day, count: amount })
      .onConflict((oc) =>
        oc.columns(['user_id', 'kind', 'day']).doUpdateSet({ count: sql`usage_counters.count + ${amount}` }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async usageOn(userId: string, day: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('usage_counters')
      .select(['kind', 'count'])
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .execute();
    return new Map(rows.map((row) => [row.kind, Number(row.count)]));
  }

  async purgeUsageBefore(day: string): Promise<void> {
    await this.db.deleteFrom('usage_counters').where('day', '<', day).execute();
  }
}
