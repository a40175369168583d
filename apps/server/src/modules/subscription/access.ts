import type { Role } from '@app/contracts/auth.ts';
import {
  type NextPayment,
  PAID_ACCESS_REQUIRED_MESSAGE,
  type SubscriptionStatusResult,
} from '@app/contracts/subscription.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { hasPaidAccess } from './entitlement.ts';
import { discountAfterScheduledSwitch, paymentOn } from './proration.ts';
import type { StoredPlan, Subscription, SubscriptionRepository } from './repository.ts';

export type Feature = 'landscape' | 'chat';

const FEATURE_MESSAGES: Record<Feature, string> = {
  landscape:
    'Your plan does not include the daily cosmic landscape. Choose a full plan on the Subscription page to unlock it.',
  chat: 'Your plan does not include the chat. Choose a plan with the chat on the Subscription page to unlock it.',
};

/** Statuses after which the provider takes another payment, unless cancelled at period end. */
const RENEWING = new Set<Subscription['status']>(['trialing', 'active', 'past_due']);

/** Reads a person's subscription and answers GET /status and the paid-access question. */
export class AccessReader {
  constructor(
    private readonly repo: SubscriptionRepository,
    private readonly clock: Clock,
    private readonly pastDueGraceMs: number,
  ) {}

  decide(role: Role, row: Subscription | undefined): boolean {
    return hasPaidAccess({
      role,
      subscription: row
        ? {
            status: row.status,
            currentPeriodEnd: row.currentPeriodEnd,
            cancelAtPeriodEnd: row.cancelAtPeriodEnd,
            pastDueSince: row.pastDueSince,
          }
        : null,
      now: this.clock.now(),
      pastDueGraceMs: this.pastDueGraceMs,
    });
  }

  async hasPaidAccess(user: { id: string; role: Role }): Promise<boolean> {
    if (user.role === 'admin') return true;
    return this.decide(user.role, await this.repo.findSubscription(user.id));
  }

  /**
   * Why the person may not use a feature, or null when they may: admins have all; a paid plan of
   * kind 'full' unlocks the landscape and the chat, the chat-only plan ('chat') the chat alone.
   * One query, since every landscape and chat request asks.
   */
  async refusal(user: { id: string; role: Role }, feature: Feature): Promise<AppError | null> {
    if (user.role === 'admin') return null;
    const row = await this.repo.findSubscriptionWithPlanKind(user.id);
    if (!this.decide(user.role, row))
      return new AppError(403, 'PAYMENT_REQUIRED', PAID_ACCESS_REQUIRED_MESSAGE);
    const kind = row?.planKind;
    if (kind === 'full' || (kind === 'chat' && feature === 'chat')) return null;
    return new AppError(403, 'PLAN_UPGRADE_REQUIRED', FEATURE_MESSAGES[feature]);
  }

  async unlocks(user: { id: string; role: Role }, feature: Feature): Promise<boolean> {
    return (await this.refusal(user, feature)) === null;
  }

  async status(user: { id: string; role: Role }): Promise<SubscriptionStatusResult> {
    const row = await this.repo.findSubscription(user.id);
    const plan: StoredPlan | null = row ? await this.repo.findPlan(row.planId) : null;
    const cancelAtPeriodEnd = row?.cancelAtPeriodEnd ?? false;
    const renews = row && plan && !cancelAtPeriodEnd && RENEWING.has(row.status);
    const scheduled = renews && row.scheduledPlanId ? await this.repo.findPlan(row.scheduledPlanId) : null;
    const nextPayment = renews ? this.nextPayment(row, scheduled ?? plan, scheduled !== null) : null;
    return {
      success: true,
      subscriptionStatus: row?.status ?? null,
      plan: plan ? publicPlan(plan) : null,
      currentPeriodEnd: row?.currentPeriodEnd ?? null,
      trialEnd: row?.status === 'trialing' ? row.trialEnd : null,
      cancelAtPeriodEnd,
      nextPaymentMinor: nextPayment?.amountMinor ?? null,
      hasPaidAccess: this.decide(user.role, row),
      nextPayment,
      scheduledChange:
        scheduled && row?.currentPeriodEnd ? { plan: publicPlan(scheduled), at: row.currentPeriodEnd } : null,
    };
  }

  /** The payment that renews the subscription (of the plan it switches to, when one is set). */
  private nextPayment(row: Subscription, plan: StoredPlan, switching: boolean): NextPayment | null {
    const at = row.status === 'trialing' ? (row.trialEnd ?? row.currentPeriodEnd) : row.currentPeriodEnd;
    if (!at) return null;
    return paymentOn(plan, switching ? discountAfterScheduledSwitch(row) : row, at);
  }
}

export function publicPlan(plan: StoredPlan) {
  const { stripePriceId: _hidden, ...rest } = plan;
  return rest;
}
