import { localDay } from '@app/astro/time/local-day';
import type { Role } from '@app/contracts/auth.ts';
import type { ConstraintsResult, UsageKind } from '@app/contracts/subscription.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccessReader } from './access.ts';
import { addDays, utcDay } from './periods.ts';
import type { StoredPlan, SubscriptionRepository } from './repository.ts';

const USAGE_LIMIT_MESSAGE =
  'You have reached the daily limit of your plan. It starts again at midnight, your time.';

/**
 * The plans' daily allowances: chat messages and landscape regenerations, counted per day of the
 * person's own calendar (from their midnight, as the landscape's day), not the UTC day.
 */
export class UsageAllowances {
  constructor(
    private readonly deps: {
      repo: SubscriptionRepository;
      access: AccessReader;
      clock: Clock;
      /** The zone whose midnight begins the person's day. */
      zoneOf(userId: string): Promise<string>;
    },
  ) {}

  private async dayOf(userId: string) {
    return localDay(await this.deps.zoneOf(userId), this.deps.clock.now());
  }

  private async limitsFor(user: { id: string; role: Role }) {
    const row = await this.deps.repo.findSubscription(user.id);
    const paid = this.deps.access.decide(user.role, row);
    const plan = row && paid ? await this.deps.repo.findPlan(row.planId) : null;
    // Admins without a subscription get the most generous offered plan's limits.
    const fallback =
      paid && !plan
        ? (await this.deps.repo.listPlans()).reduce<StoredPlan | null>(
            (best, p) => (!best || p.limits.chatMessagesPerDay > best.limits.chatMessagesPerDay ? p : best),
            null,
          )
        : null;
    const chosen = plan ?? fallback;
    return {
      planId: chosen?.id ?? null,
      paid,
      limits: {
        chatMessages: paid ? (chosen?.limits.chatMessagesPerDay ?? 0) : 0,
        landscapeRegenerations: paid ? (chosen?.limits.landscapeRegenerationsPerDay ?? 0) : 0,
      },
    };
  }

  async constraints(user: { id: string; role: Role }): Promise<ConstraintsResult> {
    const day = await this.dayOf(user.id);
    const { planId, paid, limits } = await this.limitsFor(user);
    const used = await this.deps.repo.usageOn(user.id, day.date);
    const entry = (kind: UsageKind) => {
      const count = used.get(kind) ?? 0;
      return { limit: limits[kind], used: count, remaining: Math.max(limits[kind] - count, 0) };
    };
    return {
      success: true,
      planId,
      hasPaidAccess: paid,
      day: day.date,
      resetsAt: new Date(day.endUtc).toISOString(),
      chatMessages: entry('chatMessages'),
      landscapeRegenerations: entry('landscapeRegenerations'),
    };
  }

  /**
   * Counts one use of a daily allowance, or refuses with 429 when the plan's limit for today is
   * reached; a refused use writes nothing. For the chat and landscape modules. `day` is the
   * person's day the use was counted on (for giveBack).
   */
  async consume(
    user: { id: string; role: Role },
    kind: UsageKind,
  ): Promise<{ used: number; limit: number; day: string }> {
    const { limits } = await this.limitsFor(user);
    const { date } = await this.dayOf(user.id);
    // A use over the limit is refused on a read: a flood of them writes nothing.
    const counted = (await this.deps.repo.usageOn(user.id, date)).get(kind) ?? 0;
    if (counted >= limits[kind]) throw new AppError(429, 'RATE_LIMITED', USAGE_LIMIT_MESSAGE);
    const used = await this.deps.repo.useWithin(user.id, kind, date, limits[kind]);
    if (used === null) throw new AppError(429, 'RATE_LIMITED', USAGE_LIMIT_MESSAGE);
    return { used, limit: limits[kind], day: date };
  }

  /**
   * Takes back one use counted on `day` (a use that turned out not to be one, such as an answer
   * that only asked the person to say more). Never below zero.
   */
  async giveBack(user: { id: string }, kind: UsageKind, day: string): Promise<void> {
    await this.deps.repo.unuse(user.id, kind, day);
  }

  /** Counts older than a week are of no more use. */
  async purgeOld(): Promise<void> {
    await this.deps.repo.purgeUsageBefore(utcDay(addDays(this.deps.clock.now(), -7)));
  }
}
