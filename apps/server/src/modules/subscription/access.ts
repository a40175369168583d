import type { Role } from '@app/contracts/auth.ts';
import {
  type NextPayment,
  PAID_ACCESS_REQUIRED_MESSAGE,
  type PlanKind,
  type SubscriptionStatusResult,
} from '@app/contracts/subscription.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { hasPaidAccess } from './entitlement.ts';
import { discountAfterScheduledSwitch, paymentOn } from './proration.ts';
import type { StoredPlan, Subscription, SubscriptionRepository } from './repository.ts';

/**
 * A feature another module sells: the plan kinds that include it and what a person on another
 * plan is told. Modules declare their own (the landscape, the chat, the comparison of two charts).
 */
export interface FeatureDeclaration {
  id: string;
  planKinds: readonly PlanKind[];
  /** Shown with 403 PLAN_UPGRADE_REQUIRED to a paying person whose plan lacks the feature. */
  refusal: string;
}

/** The features declared so far; asking about one never declared is a programming error. */
export class FeatureRegistry {
  private readonly features = new Map<string, FeatureDeclaration>();

  declare(feature: FeatureDeclaration): void {
    if (this.features.has(feature.id)) throw new Error(`Feature "${feature.id}" is declared twice`);
    this.features.set(feature.id, feature);
  }

  get(id: string): FeatureDeclaration {
    const feature = this.features.get(id);
    if (!feature) throw new Error(`Feature "${id}" was never declared`);
    return feature;
  }
}

/** Statuses after which the provider takes another payment, unless cancelled at period end. */
const RENEWING = new Set<Subscription['status']>(['trialing', 'active', 'past_due']);

/** Reads a person's subscription and answers GET /status and the paid-access question. */
export class AccessReader {
  constructor(
    private readonly repo: SubscriptionRepository,
    private readonly clock: Clock,
    private readonly pastDueGraceMs: number,
    readonly features: FeatureRegistry = new FeatureRegistry(),
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
   * Why the person may not use a feature, or null when they may: admins have all; otherwise paid
   * access and a plan of a kind the feature was declared for. One query, since every landscape
   * and chat request asks.
   */
  async refusal(user: { id: string; role: Role }, featureId: string): Promise<AppError | null> {
    const feature = this.features.get(featureId);
    if (user.role === 'admin') return null;
    const row = await this.repo.findSubscriptionWithPlanKind(user.id);
    if (!this.decide(user.role, row))
      return new AppError(403, 'PAYMENT_REQUIRED', PAID_ACCESS_REQUIRED_MESSAGE);
    const kind = row?.planKind;
    if (kind && feature.planKinds.includes(kind)) return null;
    return new AppError(403, 'PLAN_UPGRADE_REQUIRED', feature.refusal);
  }

  async unlocks(user: { id: string; role: Role }, featureId: string): Promise<boolean> {
    return (await this.refusal(user, featureId)) === null;
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
