import type { AdminSubscriptionsPage, AdminUserDetail } from '@app/contracts/admin.ts';
import type { SubscriptionStatus } from '@app/contracts/subscription.ts';
import { type Kysely, sql } from 'kysely';
import { countOf, countPerDay, type DayCounts, type UserIds } from '../../platform/db/figures.ts';
import type { Tables } from '../../platform/db/schema.ts';

/** A subscription as operators list it; the admin area adds the person's email. */
type ListedSubscription = Omit<AdminSubscriptionsPage['subscriptions'][number], 'email'>;

/** What the admin area may read of subscriptions, plans and invoices (decision 0219). */
interface SubscriptionFigures {
  /** Subscriptions now, and trials and cancellations of the 30 days up to `now`. */
  overview(window: { now: string; since30: string }): Promise<{
    byStatus: Record<string, number>;
    /** Monthly recurring revenue of the paying subscriptions by currency (a year counts a twelfth). */
    mrrMinor: Record<string, number>;
    /** Trials that ended in the window, and those of them paying now. */
    trials: { ended: number; converted: number };
    /** Cancelled in the window, out of those that existed at its start and were not cancelled then. */
    churn: { ended: number; base: number };
  }>;
  /** Day by day since a moment (UTC days). */
  perDay(since: string): Promise<{
    created: DayCounts;
    cancelled: DayCounts;
    churned: DayCounts;
    trialsStarted: DayCounts;
    /** By the day the trial ended, for trials paying now. */
    trialsConverted: DayCounts;
    /** Paid invoices by day and currency. */
    revenueMinor: Map<string, Record<string, number>>;
  }>;
  /** A page of subscriptions, newest first, by status and plan, and how many match in all. */
  page(query: {
    status?: SubscriptionStatus;
    plan?: string;
    limit: number;
    offset: number;
  }): Promise<{ subscriptions: ListedSubscription[]; total: number }>;
  /** A person's subscription as the admin area shows it, or null. */
  ofPerson(userId: string): Promise<AdminUserDetail['subscription']>;
  /** The plan name and status of each person who has a subscription. */
  plansOf(userIds: readonly string[]): Promise<Map<string, { plan: string | null; status: string }>>;
  /** Everyone with a subscription (on the plan, when given), for filtering people in SQL. */
  subscriberIds(planId?: string): UserIds;
}

declare module 'fastify' {
  interface FastifyInstance {
    subscriptionFigures: SubscriptionFigures;
  }
}

/** Statuses that pay: a trial "converts" when it ends in one of them. */
const PAYING = ['active', 'past_due'] as const;

/** The subscription module's read model for operators: counts in SQL over its own tables. */
export class SubscriptionAdminFigures implements SubscriptionFigures {
  constructor(private readonly db: Kysely<Tables>) {}

  async overview({ now, since30 }: { now: string; since30: string }) {
    const { db } = this;
    const [statuses, mrr, trials, churnEnded, churnBase] = await Promise.all([
      db
        .selectFrom('subscriptions')
        .select(['status', (eb) => eb.fn.countAll().as('n')])
        .groupBy('status')
        .execute(),
      db
        .selectFrom('subscriptions')
        .innerJoin('subscription_plans', 'subscription_plans.id', 'subscriptions.plan_id')
        .select([
          'subscription_plans.currency',
          'subscription_plans.interval',
          (eb) => eb.fn.sum<number>('subscription_plans.price_minor').as('sum'),
        ])
        .where('subscriptions.status', 'in', PAYING)
        .groupBy(['subscription_plans.currency', 'subscription_plans.interval'])
        .execute(),
      db
        .selectFrom('subscriptions')
        .select((eb) => [
          eb.fn.countAll().as('ended'),
          eb.fn.sum<number>(eb.case().when('status', 'in', PAYING).then(1).else(0).end()).as('converted'),
        ])
        .where('had_trial', '=', 1)
        .where('trial_end', '>=', since30)
        .where('trial_end', '<=', now)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('subscriptions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'canceled')
        .where('canceled_at', '>=', since30)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('subscriptions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('created_at', '<=', since30)
        .where((eb) => eb.or([eb('canceled_at', 'is', null), eb('canceled_at', '>', since30)]))
        .executeTakeFirstOrThrow(),
    ]);
    const mrrMinor: Record<string, number> = {};
    for (const row of mrr) {
      const monthly = row.interval === 'year' ? countOf(row.sum) / 12 : countOf(row.sum);
      mrrMinor[row.currency] = Math.round((mrrMinor[row.currency] ?? 0) + monthly);
    }
    return {
      byStatus: Object.fromEntries(statuses.map((row) => [row.status, countOf(row.n)])),
      mrrMinor,
      trials: { ended: countOf(trials.ended), converted: countOf(trials.converted) },
      churn: { ended: countOf(churnEnded.n), base: countOf(churnBase.n) },
    };
  }

  async perDay(since: string) {
    const { db } = this;
    const paying = sql.join(PAYING.map((status) => sql`${status}`));
    const [created, cancelled, churned, trialsStarted, trialsConverted, revenue] = await Promise.all([
      countPerDay(db, 'subscriptions', 'created_at', since),
      countPerDay(db, 'subscriptions', 'canceled_at', since),
      countPerDay(db, 'subscriptions', 'canceled_at', since, sql`status = ${'canceled'}`),
      countPerDay(db, 'subscriptions', 'created_at', since, sql`had_trial = ${1}`),
      countPerDay(db, 'subscriptions', 'trial_end', since, sql`had_trial = ${1} and status in (${paying})`),
      db
        .selectFrom('invoices')
        .select([
          sql<string>`substr(created_at, 1, 10)`.as('day'),
          'currency',
          (eb) => eb.fn.sum<number>('amount_minor').as('sum'),
        ])
        .where('status', '=', 'paid')
        .where('created_at', '>=', since)
        .groupBy([sql`substr(created_at, 1, 10)`, 'currency'])
        .execute(),
    ]);
    const revenueMinor = new Map<string, Record<string, number>>();
    for (const row of revenue) {
      const day = revenueMinor.get(row.day) ?? {};
      day[row.currency] = countOf(row.sum);
      revenueMinor.set(row.day, day);
    }
    return { created, cancelled, churned, trialsStarted, trialsConverted, revenueMinor };
  }

  async page(query: { status?: SubscriptionStatus; plan?: string; limit: number; offset: number }) {
    let filtered = this.db
      .selectFrom('subscriptions')
      .innerJoin('subscription_plans', 'subscription_plans.id', 'subscriptions.plan_id');
    if (query.status) filtered = filtered.where('subscriptions.status', '=', query.status);
    if (query.plan) filtered = filtered.where('subscriptions.plan_id', '=', query.plan);
    const [rows, count] = await Promise.all([
      filtered
        .select([
          'subscriptions.user_id',
          'subscription_plans.name as plan',
          'subscriptions.status',
          'subscriptions.current_period_end',
          'subscriptions.trial_end',
          'subscriptions.cancel_at_period_end',
          'subscriptions.created_at',
        ])
        .orderBy('subscriptions.created_at', 'desc')
        .orderBy('subscriptions.user_id')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      subscriptions: rows.map((row) => ({
        id: row.user_id,
        userId: row.user_id,
        plan: row.plan,
        status: row.status,
        currentPeriodEnd: row.current_period_end,
        trialEnd: row.trial_end,
        cancelAtPeriodEnd: countOf(row.cancel_at_period_end) === 1,
        createdAt: row.created_at,
      })),
      total: countOf(count.n),
    };
  }

  async ofPerson(userId: string) {
    const row = await this.db
      .selectFrom('subscriptions')
      .innerJoin('subscription_plans', 'subscription_plans.id', 'subscriptions.plan_id')
      .select([
        'subscriptions.status',
        'subscription_plans.name as plan',
        'subscriptions.current_period_end',
        'subscriptions.trial_end',
        'subscriptions.cancel_at_period_end',
      ])
      .where('subscriptions.user_id', '=', userId)
      .executeTakeFirst();
    return row
      ? {
          status: row.status,
          plan: row.plan,
          currentPeriodEnd: row.current_period_end,
          trialEnd: row.trial_end,
          cancelAtPeriodEnd: countOf(row.cancel_at_period_end) === 1,
        }
      : null;
  }

  async plansOf(userIds: readonly string[]) {
    if (userIds.length === 0) return new Map<string, { plan: string | null; status: string }>();
    const rows = await this.db
      .selectFrom('subscriptions')
      .leftJoin('subscription_plans', 'subscription_plans.id', 'subscriptions.plan_id')
      .select(['subscriptions.user_id', 'subscription_plans.name as plan', 'subscriptions.status'])
      .where('subscriptions.user_id', 'in', [...userIds])
      .execute();
    return new Map(rows.map((row) => [row.user_id, { plan: row.plan, status: row.status }]));
  }

  subscriberIds(planId?: string): UserIds {
    const all = this.db.selectFrom('subscriptions').select('user_id');
    return planId === undefined ? all : all.where('plan_id', '=', planId);
  }
}
