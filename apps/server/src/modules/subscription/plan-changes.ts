import { SUBSCRIPTION_ERRORS } from '@app/contracts/error-catalogue.ts';
import type { ChangePlanResult, PlanChange } from '@app/contracts/subscription.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { type AccessReader, publicPlan } from './access.ts';
import type { CouponBook } from './coupon-book.ts';
import { type AppliedDiscount, formatMinor } from './coupons.ts';
import { changedMeanwhile, isRunning, MESSAGES, planChangeRefused } from './messages.ts';
import { addInterval } from './periods.ts';
import {
  couponInNextPayment,
  discountAfterChange,
  NO_DISCOUNT,
  paymentOn,
  recountPeriods,
  timingOf,
} from './proration.ts';
import {
  type PaymentProvider,
  type PlanChangeRequest,
  type ProratedCharge,
  talkToProvider,
} from './provider.ts';
import type { StoredPlan, Subscription, SubscriptionRepository } from './repository.ts';
import type { Subscriber } from './subscriber-actions.ts';

/** How long the amounts of a preview hold: confirming later asks the person to look again. */
const QUOTE_LIFETIME_MS = 10 * 60_000;

const NOTHING_NOW: ProratedCharge = { chargeNowMinor: 0, creditMinor: 0 };

export interface PlanChangesDeps {
  repo: SubscriptionRepository;
  access: AccessReader;
  clock: Clock;
  log: FastifyBaseLogger;
  provider: PaymentProvider;
  coupons: CouponBook;
}

/**
 * Switching plans (POST /preview-plan-change and /change-plan). Any offered plan in the same
 * currency may be chosen, the chat-only plan included (to or from a full plan). When the change
 * takes effect follows one rule (timingOf in proration.ts): during the free trial at once, with
 * nothing charged before the trial ends; otherwise a plan costing more per payment at once, the
 * unused part of the paid period credited against its first period, and a plan costing the same
 * or less at the end of the paid period. The coupon carries over when it applies to the new plan.
 * The preview's amounts are the ones charged: confirming sends back its quotedAt.
 */
export class PlanChanges {
  constructor(private readonly deps: PlanChangesDeps) {}

  async preview(user: Subscriber, planId: string): Promise<PlanChange> {
    const request = await this.request(user.id, planId, this.deps.clock.now());
    return this.describe(request, await this.quote(request));
  }

  async change(user: Subscriber, planId: string, quotedAt: string | undefined): Promise<ChangePlanResult> {
    const request = await this.request(user.id, planId, this.quoteTime(quotedAt));
    const charge = await this.quote(request);
    await talkToProvider(this.deps.log, () => this.deps.provider.changePlan(request, charge));
    const { success: _success, ...status } = await this.deps.access.status(user);
    const change = this.describe(request, charge);
    return { success: true, data: { change, status, message: changeMessage(change) } };
  }

  /** Calls off a switch set for the period end (the subscription is being cancelled). */
  async callOffScheduled(userId: string): Promise<void> {
    const subscription = await this.deps.repo.findSubscription(userId);
    if (!subscription?.scheduledPlanId) return;
    const plan = await this.deps.repo.findPlan(subscription.planId);
    if (!plan) return;
    const keep: PlanChangeRequest = {
      subscription,
      from: plan,
      to: plan,
      timing: 'keep',
      at: this.deps.clock.now(),
      discount: discountOf(subscription),
      couponEnds: null,
    };
    await talkToProvider(this.deps.log, () => this.deps.provider.changePlan(keep, NOTHING_NOW));
  }

  private quoteTime(quotedAt: string | undefined): Date {
    const now = this.deps.clock.now();
    if (quotedAt === undefined) return now;
    const at = new Date(quotedAt);
    if (at.getTime() > now.getTime()) {
      throw new AppError(400, 'BAD_REQUEST', 'quotedAt must be the time of a preview, not a later one.');
    }
    if (now.getTime() - at.getTime() > QUOTE_LIFETIME_MS) throw planChangeRefused('quoteExpired');
    return at;
  }

  /** The change asked for, worked out as of `at`, or the error saying why it cannot be made. */
  private async request(userId: string, planId: string, at: Date): Promise<PlanChangeRequest> {
    const { repo } = this.deps;
    const subscription = await repo.findSubscription(userId);
    if (!subscription || !isRunning(subscription, this.deps.clock.now())) {
      throw new AppError(404, 'NOT_FOUND', SUBSCRIPTION_ERRORS.noActiveSubscription);
    }
    if (subscription.cancelAtPeriodEnd) throw planChangeRefused('ending');
    if (subscription.status === 'past_due') throw planChangeRefused('pastDue');
    const from = await repo.findPlan(subscription.planId);
    // The current plan may be retired and still kept; any other must be offered.
    const to =
      planId === subscription.planId ? from : (await repo.listPlans()).find((plan) => plan.id === planId);
    if (!from || !to) throw new AppError(404, 'NOT_FOUND', MESSAGES.planNotFound);
    if (to.currency !== from.currency) throw planChangeRefused('otherCurrency');
    const timing = timingOf(subscription.status, from, to);
    if (timing === 'keep' && !subscription.scheduledPlanId) throw planChangeRefused('samePlan');
    if (to.id === subscription.scheduledPlanId) throw planChangeRefused('alreadyScheduled');
    const start = subscription.currentPeriodStart ? Date.parse(subscription.currentPeriodStart) : null;
    // A period that began after the preview: its amounts no longer hold.
    if (start !== null && at.getTime() < start) throw changedMeanwhile();
    return { subscription, from, to, timing, at, ...(await this.carry(subscription, from, to)) };
  }

  /**
   * The coupon on the new plan: its own terms on the new price, while it has periods left (a
   * repeating coupon's periods recounted in the new interval over the same months). A coupon that
   * does not apply to the new plan ends with the change.
   */
  private async carry(
    subscription: Subscription,
    from: StoredPlan,
    to: StoredPlan,
  ): Promise<Pick<PlanChangeRequest, 'discount' | 'couponEnds'>> {
    const current = discountOf(subscription);
    if (to.id === from.id) return { discount: current, couponEnds: null };
    if (!current.couponCode) return { discount: NO_DISCOUNT, couponEnds: null };
    const terms = await this.deps.coupons.carriedTo(current.couponCode, to);
    if (!terms) return { discount: NO_DISCOUNT, couponEnds: couponInNextPayment(current) };
    const left =
      terms.duration === 'repeating'
        ? recountPeriods(current.discountPeriodsLeft, from.interval, to.interval)
        : current.discountPeriodsLeft;
    return {
      discount: { couponCode: current.couponCode, discountMinor: terms.off, discountPeriodsLeft: left },
      couponEnds: null,
    };
  }

  private quote(request: PlanChangeRequest): Promise<ProratedCharge> {
    if (request.timing !== 'now') return Promise.resolve(NOTHING_NOW);
    return talkToProvider(this.deps.log, () => this.deps.provider.quotePlanChange(request));
  }

  /** What the change does and charges, in the contract's words. */
  private describe(request: PlanChangeRequest, charge: ProratedCharge): PlanChange {
    const { subscription, from, to, timing, at, discount } = request;
    const periodEnd = subscription.currentPeriodEnd;
    const trialEnd = subscription.trialEnd ?? periodEnd;
    let effectiveAt = at.toISOString();
    let next = null;
    if (timing === 'now') {
      next = paymentOn(to, discountAfterChange(request), addInterval(at, to.interval).toISOString());
    } else if (timing === 'trial') {
      next = trialEnd ? paymentOn(to, discount, trialEnd) : null;
    } else if (timing === 'period_end') {
      effectiveAt = periodEnd ?? effectiveAt;
      next = periodEnd ? paymentOn(to, discount, periodEnd) : null;
    } else {
      const when = subscription.status === 'trialing' ? trialEnd : periodEnd;
      next = when ? paymentOn(from, discount, when) : null;
    }
    return {
      from: publicPlan(from),
      to: publicPlan(to),
      timing,
      effectiveAt,
      quotedAt: at.toISOString(),
      currency: to.currency,
      chargeNowMinor: charge.chargeNowMinor,
      creditMinor: charge.creditMinor,
      chargeCouponCode: timing === 'now' ? couponInNextPayment(discount) : null,
      nextPayment: next,
      couponEnds: request.couponEnds,
    };
  }
}

function discountOf(subscription: Subscription): AppliedDiscount {
  const { couponCode, discountMinor, discountPeriodsLeft } = subscription;
  return { couponCode, discountMinor, discountPeriodsLeft };
}

/** The answer's message (dates are left to the page, which writes them in the reader's zone). */
function changeMessage(change: PlanChange): string {
  switch (change.timing) {
    case 'now':
      return `You are now on the ${change.to.name} plan. ${formatMinor(change.chargeNowMinor, change.currency)} was charged.`;
    case 'trial':
      return `You are now on the ${change.to.name} plan. Your free trial goes on; nothing was charged.`;
    case 'period_end':
      return `Your plan changes to ${change.to.name} at the end of the current period. Nothing was charged.`;
    case 'keep':
      return `You stay on the ${change.from.name} plan; the change set for the end of the period is called off.`;
  }
}
