import { type Kysely, sql, type Transaction } from 'kysely';
import type { Tables } from '../../platform/db/schema.ts';
import type { PlanSeed } from './config.ts';
import {
  couponColumns,
  invoiceColumns,
  invoiceRow,
  type PaymentSession,
  paymentSessionColumns,
  paymentSessionRow,
  planColumns,
  qualifiedSubscriptionColumns,
  type StoredCoupon,
  type StoredInvoice,
  type StoredPlan,
  type Subscription,
  subscriptionColumns,
  subscriptionRow,
  subscriptionValues,
  toCoupon,
  toInvoice,
  toPaymentSession,
  toPlan,
  toSubscription,
} from './records.ts';
import type { ProviderName } from './tables.ts';

export type { PaymentSession, StoredCoupon, StoredInvoice, StoredPlan, Subscription } from './records.ts';
export type Db = Kysely<Tables> | Transaction<Tables>;

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
          usage_limits: JSON.stringify(plan.limits),
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
      .select(planColumns)
      .where('active', '=', 1)
      .orderBy('sort_order')
      .execute();
    return rows.map(toPlan);
  }

  /** Any plan, offered or retired (old subscribers keep theirs). */
  async findPlan(id: string, db: Db = this.db): Promise<StoredPlan | null> {
    const row = await db
      .selectFrom('subscription_plans')
      .select(planColumns)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toPlan(row) : null;
  }

  // Subscriptions

  async findSubscription(userId: string, db: Db = this.db): Promise<Subscription | undefined> {
    const row = await db
      .selectFrom('subscriptions')
      .select(subscriptionColumns)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && toSubscription(row);
  }

  /** The subscription with its plan's kind, in one query (the feature guards ask on every request). */
  async findSubscriptionWithPlanKind(
    userId: string,
  ): Promise<(Subscription & { planKind: StoredPlan['kind'] | null }) | undefined> {
    const row = await this.db
      .selectFrom('subscriptions')
      .leftJoin('subscription_plans', 'subscription_plans.id', 'subscriptions.plan_id')
      .select(qualifiedSubscriptionColumns)
      .select('subscription_plans.kind as plan_kind')
      .where('subscriptions.user_id', '=', userId)
      .executeTakeFirst();
    return row && { ...toSubscription(row), planKind: row.plan_kind };
  }

  async findByProviderSubscription(id: string, db: Db = this.db): Promise<Subscription | undefined> {
    const row = await db
      .selectFrom('subscriptions')
      .select(subscriptionColumns)
      .where('provider_subscription_id', '=', id)
      .executeTakeFirst();
    return row && toSubscription(row);
  }

  async findByCustomer(customerId: string, db: Db = this.db): Promise<Subscription | undefined> {
    const row = await db
      .selectFrom('subscriptions')
      .select(subscriptionColumns)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return row && toSubscription(row);
  }

  /** Creates or replaces the person's subscription. */
  async putSubscription(subscription: Subscription, db: Db = this.db): Promise<void> {
    const { user_id: _key, ...rest } = subscriptionRow(subscription);
    await db
      .insertInto('subscriptions')
      .values(subscriptionRow(subscription))
      .onConflict((oc) => oc.column('user_id').doUpdateSet(rest))
      .execute();
  }

  async updateSubscription(userId: string, changes: Partial<Subscription>, db: Db = this.db): Promise<void> {
    await db
      .updateTable('subscriptions')
      .set(subscriptionValues(changes))
      .where('user_id', '=', userId)
      .execute();
  }

  /** Local subscriptions whose period has ended, or whose trial reminder may be due. */
  async localDue(untilIso: string, db: Db = this.db): Promise<Subscription[]> {
    const rows = await db
      .selectFrom('subscriptions')
      .select(subscriptionColumns)
      .where('provider', '=', 'local')
      .where('status', 'in', ['trialing', 'active', 'past_due'])
      .where('current_period_end', '<=', untilIso)
      .orderBy('current_period_end')
      .limit(500)
      .execute();
    return rows.map(toSubscription);
  }

  async listByProvider(provider: ProviderName): Promise<Subscription[]> {
    const rows = await this.db
      .selectFrom('subscriptions')
      .select(subscriptionColumns)
      .where('provider', '=', provider)
      .execute();
    return rows.map(toSubscription);
  }

  async trialsEndingBefore(untilIso: string): Promise<Subscription[]> {
    const rows = await this.db
      .selectFrom('subscriptions')
      .select(subscriptionColumns)
      .where('status', '=', 'trialing')
      .where('trial_end', '<=', untilIso)
      .where((eb) =>
        eb.or([eb('trial_reminder_for', 'is', null), eb('trial_reminder_for', '!=', eb.ref('trial_end'))]),
      )
      .limit(500)
      .execute();
    return rows.map(toSubscription);
  }

  /**
   * A write that changes nothing but takes the row: PostgreSQL holds it for the transaction (a
   * second claimant waits, then finds the period moved on) and SQLite takes its write lock now.
   */
  async claimPeriodEnd(userId: string, periodEnd: string, db: Db): Promise<boolean> {
    const result = await db
      .updateTable('subscriptions')
      .set({ current_period_end: periodEnd })
      .where('user_id', '=', userId)
      .where('current_period_end', '=', periodEnd)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Marks the trial ending at `trialEnd` as reminded; false when it already was (by anyone). */
  async claimTrialReminder(userId: string, trialEnd: string): Promise<boolean> {
    const result = await this.db
      .updateTable('subscriptions')
      .set({ trial_reminder_for: trialEnd })
      .where('user_id', '=', userId)
      .where('trial_end', '=', trialEnd)
      .where((eb) => eb.or([eb('trial_reminder_for', 'is', null), eb('trial_reminder_for', '!=', trialEnd)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // Payment sessions (checkouts and card-management visits)

  async insertSession(session: PaymentSession, db: Db = this.db): Promise<void> {
    await db.insertInto('payment_sessions').values(paymentSessionRow(session)).execute();
  }

  async findSession(id: string, db: Db = this.db): Promise<PaymentSession | undefined> {
    const row = await db
      .selectFrom('payment_sessions')
      .select(paymentSessionColumns)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toPaymentSession(row);
  }

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

  /** Moves a session from one status to another; false when someone else moved it first. */
  async moveSession(
    id: string,
    from: PaymentSession['status'][],
    changes: Pick<PaymentSession, 'status'> &
      Partial<Pick<PaymentSession, 'completedAt' | 'providerSessionId'>>,
    db: Db = this.db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('payment_sessions')
      .set({
        status: changes.status,
        ...(changes.completedAt !== undefined && { completed_at: changes.completedAt }),
        ...(changes.providerSessionId !== undefined && { provider_session_id: changes.providerSessionId }),
      })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async latestCheckout(userId: string, db: Db = this.db): Promise<PaymentSession | undefined> {
    const row = await db
      .selectFrom('payment_sessions')
      .select(paymentSessionColumns)
      .where('user_id', '=', userId)
      .where('kind', '=', 'checkout')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row && toPaymentSession(row);
  }

  // Invoices

  async insertInvoice(invoice: StoredInvoice, db: Db = this.db): Promise<void> {
    await db
      .insertInto('invoices')
      .values(invoiceRow(invoice))
      .onConflict((oc) => oc.column('provider_invoice_id').doNothing())
      .execute();
  }

  async setInvoiceStatus(id: string, status: StoredInvoice['status'], db: Db = this.db): Promise<void> {
    await db.updateTable('invoices').set({ status }).where('id', '=', id).execute();
  }

  async findInvoiceByProviderId(id: string, db: Db = this.db): Promise<StoredInvoice | undefined> {
    const row = await db
      .selectFrom('invoices')
      .select(invoiceColumns)
      .where('provider_invoice_id', '=', id)
      .executeTakeFirst();
    return row && toInvoice(row);
  }

  async openInvoices(userId: string, db: Db = this.db): Promise<StoredInvoice[]> {
    const rows = await db
      .selectFrom('invoices')
      .select(invoiceColumns)
      .where('user_id', '=', userId)
      .where('status', 'in', ['open', 'failed'])
      .orderBy('created_at')
      .execute();
    return rows.map(toInvoice);
  }

  /** The newest paid invoice of the period starting at `periodStart`. */
  async paidInvoiceFor(
    userId: string,
    periodStart: string,
    db: Db = this.db,
  ): Promise<StoredInvoice | undefined> {
    const row = await db
      .selectFrom('invoices')
      .select(invoiceColumns)
      .where('user_id', '=', userId)
      .where('period_start', '=', periodStart)
      .where('status', '=', 'paid')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row && toInvoice(row);
  }

  /** The person's newest invoices first. */
  async listInvoices(userId: string, db: Db = this.db): Promise<StoredInvoice[]> {
    const rows = await db
      .selectFrom('invoices')
      .select(invoiceColumns)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute();
    return rows.map(toInvoice);
  }

  // Coupons

  async seedCoupons(coupons: StoredCoupon[], createdAt: string): Promise<void> {
    for (const coupon of coupons) {
      const terms = {
        percent_off: coupon.percentOff,
        amount_off_minor: coupon.amountOffMinor,
        currency: coupon.currency,
        duration: coupon.duration,
        duration_periods: coupon.durationPeriods,
        expires_at: coupon.expiresAt,
        max_redemptions: coupon.maxRedemptions,
        plan_ids: coupon.planIds ? JSON.stringify(coupon.planIds) : null,
      };
      await this.db
        .insertInto('coupons')
        .values({ code: coupon.code, redemptions: coupon.redemptions, created_at: createdAt, ...terms })
        .onConflict((oc) => oc.column('code').doUpdateSet(terms))
        .execute();
    }
  }

  async findCoupon(code: string, db: Db = this.db): Promise<StoredCoupon | undefined> {
    const row = await db
      .selectFrom('coupons')
      .select(couponColumns)
      .where('code', '=', code.toUpperCase())
      .executeTakeFirst();
    return row && toCoupon(row);
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

  /**
   * Counts one use of the day's allowance if fewer than `limit` were counted; answers the new count,
   * or null (and writes nothing) when the limit is reached. One statement: two uses at once never
   * both take the last one.
   */
  async useWithin(userId: string, kind: string, day: string, limit: number): Promise<number | null> {
    if (limit < 1) return null;
    const row = await this.db
      .insertInto('usage_counters')
      .values({ user_id: userId, kind, day, count: 1 })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'kind', 'day'])
          .doUpdateSet({ count: sql`usage_counters.count + 1` })
          .where('usage_counters.count', '<', limit),
      )
      .returning('count')
      .executeTakeFirst();
    return row ? Number(row.count) : null;
  }

  /** Takes back one counted use of the day (none below zero). */
  async unuse(userId: string, kind: string, day: string): Promise<void> {
    await this.db
      .updateTable('usage_counters')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('day', '=', day)
      .where('count', '>', 0)
      .execute();
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
