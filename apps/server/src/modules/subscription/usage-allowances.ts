import { localDay } from '@app/astro/time/local-day';
import type { Role } from '@app/contracts/auth.ts';
import { type ConstraintsResult, perDayLimit } from '@app/contracts/subscription.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccessReader } from './access.ts';
import { addDays, utcDay } from './periods.ts';
import type { StoredPlan, SubscriptionRepository } from './repository.ts';

const USAGE_LIMIT_MESSAGE =
  'You have reached the daily limit of your plan. It starts again at midnight, your time.';

/** A usage kind a module counts against the plans' daily limits (`<kind>PerDay` in a plan's limits). */
export interface UsageKindDeclaration {
  kind: string;
}

type Account = { id: string; role: Role };

/** One declared kind's allowance, as the module that declared it counts it. */
export interface UsageAllowance {
  /** Counts one use today, or refuses with 429 at the plan's limit; `day` is for giveBack. */
  consume(user: Account): Promise<{ used: number; limit: number; day: string }>;
  /** Takes back a use counted on `day` that turned out not to be one. */
  giveBack(user: Account, day: string): Promise<void>;
  /** Today's limit, uses and remainder, and when the day ends. */
  usage(user: Account): Promise<{ limit: number; used: number; remaining: number; resetsAt: string }>;
}

/**
 * The plans' daily allowances of the usage kinds other modules declare (chat messages, landscape
 * regenerations, ...), counted per day of the person's own calendar (from their midnight, as the
 * landscape's day), not the UTC day.
 */
export class UsageAllowances {
  private readonly kinds = new Map<string, UsageAllowance>();

  constructor(
    private readonly deps: {
      repo: SubscriptionRepository;
      access: AccessReader;
      clock: Clock;
      /** The zone whose midnight begins the person's day. */
      zoneOf(userId: string): Promise<string>;
    },
  ) {}

  /** Declares a usage kind; each plan allows `limits[<kind>PerDay]` a day (none when absent). */
  declare({ kind }: UsageKindDeclaration): UsageAllowance {
    if (!/^[a-z][A-Za-z]*$/.test(kind)) throw new Error(`A usage kind is a camelCase word: ${kind}`);
    if (this.kinds.has(kind)) throw new Error(`The usage kind ${kind} is declared twice`);
    const allowance: UsageAllowance = {
      consume: (user) => this.consume(user, kind),
      giveBack: (user, day) => this.giveBack(user, kind, day),
      usage: async (user) => {
        const today = await this.constraints(user);
        return { ...(today.usage[kind] ?? { limit: 0, used: 0, remaining: 0 }), resetsAt: today.resetsAt };
      },
    };
    this.kinds.set(kind, allowance);
    return allowance;
  }

  /** The allowance of a kind declared before (a kind no module declared is a mistake in the code). */
  of(kind: string): UsageAllowance {
    const allowance = this.kinds.get(kind);
    if (!allowance) throw new Error(`The usage kind ${kind} was never declared`);
    return allowance;
  }

  private declared(kind: string): string {
    this.of(kind);
    return kind;
  }

  private async dayOf(userId: string) {
    return localDay(await this.deps.zoneOf(userId), this.deps.clock.now());
  }

  private async limitsFor(user: Account) {
    const row = await this.deps.repo.findSubscription(user.id);
    const paid = this.deps.access.decide(user.role, row);
    const plan = row && paid ? await this.deps.repo.findPlan(row.planId) : null;
    // Admins without a subscription get, for each kind, the most generous offered plan's limit.
    const offered = paid && !plan ? await this.deps.repo.listPlans() : [];
    const limitOf = (kind: string) => {
      if (!paid) return 0;
      const key = perDayLimit(kind);
      if (plan) return plan.limits[key] ?? 0;
      return Math.max(0, ...offered.map((p: StoredPlan) => p.limits[key] ?? 0));
    };
    return {
      planId: plan?.id ?? null,
      paid,
      limits: new Map([...this.kinds.keys()].map((kind) => [kind, limitOf(kind)])),
    };
  }

  async constraints(user: Account): Promise<ConstraintsResult> {
    const day = await this.dayOf(user.id);
    const { planId, paid, limits } = await this.limitsFor(user);
    const used = await this.deps.repo.usageOn(user.id, day.date);
    const usage = Object.fromEntries(
      [...limits].map(([kind, limit]) => {
        const count = used.get(kind) ?? 0;
        return [kind, { limit, used: count, remaining: Math.max(limit - count, 0) }];
      }),
    );
    return {
      success: true,
      planId,
      hasPaidAccess: paid,
      day: day.date,
      resetsAt: new Date(day.endUtc).toISOString(),
      usage,
    };
  }

  /**
   * Counts one use of a daily allowance, or refuses with 429 when the plan's limit for today is
   * reached; a refused use writes nothing. For the chat and landscape modules. `day` is the
   * person's day the use was counted on (for giveBack).
   */
  async consume(user: Account, usageKind: string): Promise<{ used: number; limit: number; day: string }> {
    const kind = this.declared(usageKind);
    const { limits } = await this.limitsFor(user);
    const limit = limits.get(kind) ?? 0;
    const { date } = await this.dayOf(user.id);
    // A use over the limit is refused on a read: a flood of them writes nothing.
    const counted = (await this.deps.repo.usageOn(user.id, date)).get(kind) ?? 0;
    if (counted >= limit) throw new AppError(429, 'RATE_LIMITED', USAGE_LIMIT_MESSAGE);
    const used = await this.deps.repo.useWithin(user.id, kind, date, limit);
    if (used === null) throw new AppError(429, 'RATE_LIMITED', USAGE_LIMIT_MESSAGE);
    return { used, limit, day: date };
  }

  /**
   * Takes back one use counted on `day` (a use that turned out not to be one, such as an answer
   * that only asked the person to say more). Never below zero.
   */
  async giveBack(user: { id: string }, kind: string, day: string): Promise<void> {
    await this.deps.repo.unuse(user.id, this.declared(kind), day);
  }

  /** Counts older than a week are of no more use. */
  async purgeOld(): Promise<void> {
    await this.deps.repo.purgeUsageBefore(utcDay(addDays(this.deps.clock.now(), -7)));
  }
}
