import type {
  AdminDashboard,
  Analytics,
  SubscriptionAnalytics,
  UserUsagePage,
} from '@app/contracts/admin.ts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Tables } from '../../platform/db/schema.ts';

// The figures of the admin area, counted in SQL (never by loading rows): the same queries on
// SQLite and PostgreSQL, over ISO-8601 text timestamps, so day boundaries are UTC days.

const DAY_MS = 86_400_000;
const RUNNING = ['active', 'past_due'] as const;

const iso = (ms: number) => new Date(ms).toISOString();
const utcDayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** count(*) as a number on both engines (PostgreSQL answers a bigint as text). */
const n = (value: unknown) => Number(value ?? 0);

export class AdminReports {
  constructor(private readonly db: Kysely<Tables>) {}

  /** The stored figures of the dashboard (whether mail is sent is the configuration's to say). */
  async dashboard(now: Date): Promise<Omit<AdminDashboard, 'mailDelivery'>> {
    const nowMs = now.getTime();
    const since7 = iso(nowMs - 7 * DAY_MS);
    const since30 = iso(nowMs - 30 * DAY_MS);
    const today = iso(utcDayStart(nowMs));
    const { db } = this;
    const [
      users,
      statuses,
      mrr,
      trials,
      churnEnded,
      churnBase,
      chat,
      landscapes,
      mail,
      applications,
      contact,
    ] = await Promise.all([
      db
        .selectFrom('users')
        .select((eb) => [
          eb.fn.countAll().as('total'),
          eb.fn.sum<number>(eb.case().when('email_verified', '=', 1).then(1).else(0).end()).as('verified'),
          eb.fn.sum<number>(eb.case().when('disabled', '=', 1).then(1).else(0).end()).as('disabled'),
          eb.fn.sum<number>(eb.case().when('role', '=', 'admin').then(1).else(0).end()).as('admins'),
          eb.fn.sum<number>(eb.case().when('created_at', '>=', since7).then(1).else(0).end()).as('new7'),
          eb.fn.sum<number>(eb.case().when('created_at', '>=', since30).then(1).else(0).end()).as('new30'),
        ])
        .executeTakeFirstOrThrow(),
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
        .where('subscriptions.status', 'in', RUNNING)
        .groupBy(['subscription_plans.currency', 'subscription_plans.interval'])
        .execute(),
      // Trials whose trial ended in the last 30 days; converted when the subscription runs on paid.
      db
        .selectFrom('subscriptions')
        .select((eb) => [
          eb.fn.countAll().as('ended'),
          eb.fn.sum<number>(eb.case().when('status', 'in', RUNNING).then(1).else(0).end()).as('converted'),
        ])
        .where('had_trial', '=', 1)
        .where('trial_end', '>=', since30)
        .where('trial_end', '<=', iso(nowMs))
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
      db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('role', '=', 'user')
        .where('created_at', '>=', today)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('landscapes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('generated_at', '>=', today)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('sent_at', 'is', null)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('partner_applications')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('handled_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    const mrrMinor: Record<string, number> = {};
    for (const row of mrr) {
      const monthly = row.interval === 'year' ? n(row.sum) / 12 : n(row.sum);
      mrrMinor[row.currency] = Math.round((mrrMinor[row.currency] ?? 0) + monthly);
    }
    const ended = n(churnEnded.n);
    const base = n(churnBase.n);
    return {
      users: {
        total: n(users.total),
        verified: n(users.verified),
        disabled: n(users.disabled),
        admins: n(users.admins),
        new7d: n(users.new7),
        new30d: n(users.new30),
      },
      subscriptionsByStatus: Object.fromEntries(statuses.map((row) => [row.status, n(row.n)])),
      mrrMinor,
      trialConversion30d: {
        ended: n(trials.ended),
        converted: n(trials.converted),
        rate: rate(n(trials.converted), n(trials.ended)),
      },
      churn30d: { ended, base, rate: rate(ended, base) },
      today: { chatMessages: n(chat.n), landscapes: n(landscapes.n) },
      mailBacklog: n(mail.n),
      openPartnerApplications: n(applications.n),
      openContactMessages: n(contact.n),
    };
  }

  /** One row per UTC day, oldest first, ending today. */
  private daysBack(now: Date, days: number): { dates: string[]; since: string } {
    const today = utcDayStart(now.getTime());
    const dates = Array.from({ length: days }, (_, i) => iso(today - (days - 1 - i) * DAY_MS).slice(0, 10));
    return { dates, since: iso(today - (days - 1) * DAY_MS) };
  }

  /** Rows per UTC day of a timestamp column (its first ten characters are the date), with an optional extra condition. */
  private async perDay(
    table: keyof Tables,
    column: string,
    since: string,
    condition: RawBuilder<unknown> = sql`1 = 1`,
  ): Promise<Map<string, number>> {
    const { rows } = await sql<{ day: string; n: unknown }>`
      select substr(${sql.ref(column)}, 1, 10) as day, count(*) as n from ${sql.table(table)}
      where ${sql.ref(column)} >= ${since} and ${condition} group by 1`.execute(this.db);
    return new Map(rows.map((row) => [row.day, n(row.n)]));
  }

  async analytics(now: Date, days: number): Promise<Analytics> {
    const { dates, since } = this.daysBack(now, days);
    const [signups, verifications, active, chat, landscapes] = await Promise.all([
      this.perDay('users', 'created_at', since),
      // A verification uses its link secret: the day it was used.
      this.perDay('account_secrets', 'used_at', since, sql`purpose = ${'verify-email'}`),
      this.activeUsersPerDay(since),
      this.perDay('chat_messages', 'created_at', since, sql`role = ${'user'}`),
      this.perDay('landscapes', 'generated_at', since),
    ]);
    return {
      days: dates.map((date) => ({
        date,
        signups: signups.get(date) ?? 0,
        verifications: verifications.get(date) ?? 0,
        activeUsers: active.get(date) ?? 0,
        chatMessages: chat.get(date) ?? 0,
        landscapes: landscapes.get(date) ?? 0,
      })),
    };
  }

  /** People with a session seen that day (a session records its last use, so this counts the latest day of each). */
  private async activeUsersPerDay(since: string): Promise<Map<string, number>> {
    const day = sql<string>`substr(last_seen_at, 1, 10)`;
    const rows = await this.db
      .selectFrom('sessions')
      .select([day.as('day'), sql<number>`count(distinct user_id)`.as('n')])
      .where('last_seen_at', '>=', since)
      .groupBy(day)
      .execute();
    return new Map(rows.map((row) => [row.day, n(row.n)]));
  }

  async subscriptionAnalytics(now: Date, days: number): Promise<SubscriptionAnalytics> {
    const { dates, since } = this.daysBack(now, days);
    const [created, cancelled, churned, trials, converted, revenue] = await Promise.all([
      this.perDay('subscriptions', 'created_at', since),
      this.perDay('subscriptions', 'canceled_at', since),
      this.perDay('subscriptions', 'canceled_at', since, sql`status = ${'canceled'}`),
      this.perDay('subscriptions', 'created_at', since, sql`had_trial = ${1}`),
      this.perDay(
        'subscriptions',
        'trial_end',
        since,
        sql`had_trial = ${1} and status in (${sql.join(RUNNING.map((status) => sql`${status}`))})`,
      ),
      this.db
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
    const revenueByDay = new Map<string, Record<string, number>>();
    for (const row of revenue) {
      const day = revenueByDay.get(row.day) ?? {};
      day[row.currency] = n(row.sum);
      revenueByDay.set(row.day, day);
    }
    const trialEnds = now.toISOString().slice(0, 10);
    return {
      days: dates.map((date) => ({
        date,
        newSubscriptions: created.get(date) ?? 0,
        cancelled: cancelled.get(date) ?? 0,
        churned: churned.get(date) ?? 0,
        trialsStarted: trials.get(date) ?? 0,
        // A trial "converts" on the day it ends; later days have not happened yet.
        trialsConverted: date <= trialEnds ? (converted.get(date) ?? 0) : 0,
        revenueMinor: revenueByDay.get(date) ?? {},
      })),
    };
  }

  /** Per person: chat messages and landscapes today and over 30 days, heaviest first. */
  async userUsage(
    now: Date,
    sort: 'chatToday' | 'chat30d' | 'landscapes30d',
    limit: number,
    offset: number,
  ): Promise<UserUsagePage> {
    const today = iso(utcDayStart(now.getTime()));
    const since30 = iso(now.getTime() - 30 * DAY_MS);
    const chat = this.db
      .selectFrom('chat_messages')
      .select([
        'user_id',
        (eb) => eb.fn.countAll().as('m30'),
        (eb) =>
          eb.fn.sum<number>(eb.case().when('created_at', '>=', today).then(1).else(0).end()).as('mToday'),
      ])
      .where('role', '=', 'user')
      .where('created_at', '>=', since30)
      .groupBy('user_id');
    const built = this.db
      .selectFrom('landscapes')
      .select([
        'user_id',
        (eb) => eb.fn.countAll().as('l30'),
        (eb) =>
          eb.fn.sum<number>(eb.case().when('generated_at', '>=', today).then(1).else(0).end()).as('lToday'),
      ])
      .where('generated_at', '>=', since30)
      .groupBy('user_id');
    const order = { chatToday: 'mToday', chat30d: 'm30', landscapes30d: 'l30' } as const;
    const rows = await this.db
      .selectFrom('users')
      .leftJoin(chat.as('c'), 'c.user_id', 'users.id')
      .leftJoin(built.as('l'), 'l.user_id', 'users.id')
      .select(['users.id', 'users.email', 'c.m30', 'c.mToday', 'l.l30', 'l.lToday'])
      .where((eb) => eb.or([eb('c.m30', 'is not', null), eb('l.l30', 'is not', null)]))
      .orderBy(sql`coalesce(${sql.ref(order[sort])}, 0)`, 'desc')
      .orderBy('users.email')
      .limit(limit)
      .offset(offset)
      .execute();
    return {
      rows: rows.map((row) => ({
        userId: row.id,
        email: row.email,
        chatMessagesToday: n(row.mToday),
        chatMessages30d: n(row.m30),
        landscapesToday: n(row.lToday),
        landscapes30d: n(row.l30),
      })),
    };
  }
}
