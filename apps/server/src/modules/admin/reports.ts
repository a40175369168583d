import type {
  AdminDashboard,
  Analytics,
  SubscriptionAnalytics,
  UserUsagePage,
} from '@app/contracts/admin.ts';
import type { DayCounts } from '../../platform/db/figures.ts';
import { type AdminReads, DAY_MS, iso, useWindow, utcDayStart } from './reads.ts';

// The figures of the admin area, composed from the modules' read models (each counts in SQL,
// never by loading rows).

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** One date per UTC day, oldest first, ending today, and the start of the first. */
function daysBack(now: Date, days: number): { dates: string[]; since: string } {
  const today = utcDayStart(now.getTime());
  const dates = Array.from({ length: days }, (_, i) => iso(today - (days - 1 - i) * DAY_MS).slice(0, 10));
  return { dates, since: iso(today - (days - 1) * DAY_MS) };
}

const on = (counts: DayCounts, date: string) => counts.get(date) ?? 0;

/** Which per-person figure the usage table is sorted by. */
const USAGE_ORDER = {
  chatToday: { by: 'chat', of: 'today' },
  chat30d: { by: 'chat', of: 'days30' },
  landscapes30d: { by: 'landscapes', of: 'days30' },
} as const;

export class AdminReports {
  constructor(
    private readonly reads: AdminReads,
    /** Mail not sent yet (the platform's outbox). */
    private readonly mailBacklog: () => Promise<number>,
  ) {}

  /** The stored figures of the dashboard (whether mail is sent is the configuration's to say). */
  async dashboard(now: Date): Promise<Omit<AdminDashboard, 'mailDelivery'>> {
    const nowMs = now.getTime();
    const since30 = iso(nowMs - 30 * DAY_MS);
    const { today } = useWindow(now);
    const { accountFigures, subscriptionFigures, chatFigures, landscapeFigures } = this.reads;
    const [users, subscriptions, chatMessages, landscapes, mailBacklog, applications, contact] =
      await Promise.all([
        accountFigures.counts({ days7: iso(nowMs - 7 * DAY_MS), days30: since30 }),
        subscriptionFigures.overview({ now: iso(nowMs), since30 }),
        chatFigures.messagesSince(today),
        landscapeFigures.generatedSince(today),
        this.mailBacklog(),
        this.reads.partnerFigures.pendingApplications(),
        this.reads.contactFigures.openMessages(),
      ]);
    const { trials, churn } = subscriptions;
    return {
      users,
      subscriptionsByStatus: subscriptions.byStatus,
      mrrMinor: subscriptions.mrrMinor,
      trialConversion30d: { ...trials, rate: rate(trials.converted, trials.ended) },
      churn30d: { ...churn, rate: rate(churn.ended, churn.base) },
      today: { chatMessages, landscapes },
      mailBacklog,
      openPartnerApplications: applications,
      openContactMessages: contact,
    };
  }

  async analytics(now: Date, days: number): Promise<Analytics> {
    const { dates, since } = daysBack(now, days);
    const { accountFigures } = this.reads;
    const [signups, verifications, active, chat, landscapes] = await Promise.all([
      accountFigures.signupsPerDay(since),
      accountFigures.verificationsPerDay(since),
      accountFigures.activePerDay(since),
      this.reads.chatFigures.messagesPerDay(since),
      this.reads.landscapeFigures.generatedPerDay(since),
    ]);
    return {
      days: dates.map((date) => ({
        date,
        signups: on(signups, date),
        verifications: on(verifications, date),
        activeUsers: on(active, date),
        chatMessages: on(chat, date),
        landscapes: on(landscapes, date),
      })),
    };
  }

  async subscriptionAnalytics(now: Date, days: number): Promise<SubscriptionAnalytics> {
    const { dates, since } = daysBack(now, days);
    const series = await this.reads.subscriptionFigures.perDay(since);
    const trialEnds = now.toISOString().slice(0, 10);
    return {
      days: dates.map((date) => ({
        date,
        newSubscriptions: on(series.created, date),
        cancelled: on(series.cancelled, date),
        churned: on(series.churned, date),
        trialsStarted: on(series.trialsStarted, date),
        // A trial "converts" on the day it ends; later days have not happened yet.
        trialsConverted: date <= trialEnds ? on(series.trialsConverted, date) : 0,
        revenueMinor: series.revenueMinor.get(date) ?? {},
      })),
    };
  }

  /** Per person: chat messages and landscapes today and over 30 days, heaviest first. */
  async userUsage(
    now: Date,
    sort: keyof typeof USAGE_ORDER,
    limit: number,
    offset: number,
  ): Promise<UserUsagePage> {
    const window = useWindow(now);
    const rows = await this.reads.accountFigures.byUse(
      {
        chat: this.reads.chatFigures.usePerPerson(window),
        landscapes: this.reads.landscapeFigures.usePerPerson(window),
      },
      USAGE_ORDER[sort],
      { limit, offset },
    );
    return {
      rows: rows.map(({ userId, email, use }) => ({
        userId,
        email,
        chatMessagesToday: use.chat.today,
        chatMessages30d: use.chat.days30,
        landscapesToday: use.landscapes.today,
        landscapes30d: use.landscapes.days30,
      })),
    };
  }
}
