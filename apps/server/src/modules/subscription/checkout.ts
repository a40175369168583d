import type { CheckoutResult, ValidateCouponResult } from '@app/contracts/subscription.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AfterCommit } from './after-commit.ts';
import type { CouponBook } from './coupon-book.ts';
import { COUPON_MESSAGES, discountPeriods, periodsLeftAfterCharge } from './coupons.ts';
import type { Lifecycle } from './lifecycle.ts';
import { isRunning, MESSAGES } from './messages.ts';
import { addDays, addInterval } from './periods.ts';
import { type PayPagePort, randomSessionId } from './port.ts';
import { type AppliedCoupon, type PaymentProvider, talkToProvider } from './provider.ts';
import type { Db, PaymentSession, StoredPlan, Subscription, SubscriptionRepository } from './repository.ts';
import type { CardBehaviour, ProviderName } from './tables.ts';

/** A checkout link opens its page without a sign-in, so it works for a short while only. */
const CHECKOUT_TTL_MS = 15 * 60_000;

/** Who pays: the signed-in person. */
export interface Payer {
  id: string;
  email: string;
  name: string;
}

export interface CheckoutDeps {
  repo: SubscriptionRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  appUrl: string;
  provider: PaymentProvider;
  coupons: CouponBook;
  lifecycle: Lifecycle;
}

/**
 * From choosing a plan to a started subscription: the provider's checkout, one open checkout per
 * person, the coupon judged when chosen and again when paid, and the local pay pages' side.
 */
export class Checkout implements PayPagePort {
  constructor(private readonly deps: CheckoutDeps) {}

  now(): Date {
    return this.deps.clock.now();
  }

  /** An offered plan, or 404. */
  async offeredPlan(planId: string): Promise<StoredPlan> {
    const plan = (await this.deps.repo.listPlans()).find((p) => p.id === planId);
    if (!plan) throw new AppError(404, 'NOT_FOUND', MESSAGES.planNotFound);
    return plan;
  }

  async validateCoupon(rawCode: string, planId: string): Promise<ValidateCouponResult> {
    return this.deps.coupons.validate(rawCode, await this.offeredPlan(planId));
  }

  /** The coupon as applied to a plan, or a 400 saying why it cannot be. */
  private async applied(rawCode: string, plan: StoredPlan): Promise<AppliedCoupon> {
    const judged = await this.deps.coupons.judge(rawCode, plan);
    if (judged.refusal !== null) {
      throw new AppError(400, 'BAD_REQUEST', COUPON_MESSAGES[judged.refusal], { reason: judged.refusal });
    }
    return {
      code: judged.code,
      discountMinor: judged.off,
      periods: discountPeriods(judged.terms),
      partnerId: judged.terms.partnerId,
    };
  }

  async createCheckout(
    user: Payer,
    planId: string | { kind: 'chat' },
    couponCode: string | null | undefined,
  ): Promise<CheckoutResult> {
    const plan =
      typeof planId === 'string'
        ? await this.offeredPlan(planId)
        : (await this.deps.repo.listPlans()).find((p) => p.kind === planId.kind);
    if (!plan) throw new AppError(404, 'NOT_FOUND', MESSAGES.planNotFound);
    const existing = await this.deps.repo.findSubscription(user.id);
    if (existing && isRunning(existing, this.now())) {
      throw new AppError(
        409,
        'CONFLICT',
        existing.cancelAtPeriodEnd ? MESSAGES.endingUseReactivate : MESSAGES.alreadySubscribed,
      );
    }
    const coupon = couponCode?.trim() ? await this.applied(couponCode, plan) : null;
    // One free trial per person.
    const trialDays = existing?.hadTrial ? 0 : plan.trialDays;
    const sessionId = randomSessionId();
    const now = this.now();
    const { url, providerSessionId } = await talkToProvider(this.deps.log, () =>
      this.deps.provider.createCheckout({
        sessionId,
        user,
        plan,
        coupon,
        trialDays,
        customerId: existing?.customerId ?? null,
        successUrl: `${this.deps.appUrl}/#/success?session=${sessionId}`,
        cancelUrl: `${this.deps.appUrl}/#/cancelled`,
      }),
    );
    // Stored only once the provider has accepted: a failure leaves nothing behind.
    await this.deps.repo.insertSession({
      id: sessionId,
      userId: user.id,
      kind: 'checkout',
      customerEmail: user.email,
      customerName: user.name,
      planId: plan.id,
      couponCode: coupon?.code ?? null,
      status: 'open',
      providerSessionId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS).toISOString(),
      completedAt: null,
    });
    await this.expireOtherCheckouts(user.id, sessionId);
    return { success: true, url, sessionId };
  }

  /**
   * Only the newest checkout can be paid: an older one left open in another tab would otherwise
   * start a second subscription (and charge again) over the one the newer checkout started.
   */
  private async expireOtherCheckouts(userId: string, keepId: string): Promise<void> {
    const providerIds = await this.deps.repo.expireOtherCheckouts(userId, keepId);
    const expire = this.deps.provider.expireCheckout?.bind(this.deps.provider);
    if (!expire) return;
    for (const id of providerIds) {
      // Ours is closed already; the provider's copy is closed as well as it can be.
      await expire(id).catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'could not expire a replaced checkout at the provider'),
      );
    }
  }

  /** The coupon of a checkout, judged again before it completes (call outside transactions). */
  async couponForSession(sessionId: string): Promise<AppliedCoupon | null> {
    const session = await this.deps.repo.findSession(sessionId);
    if (!session?.couponCode || !session.planId) return null;
    const plan = await this.deps.repo.findPlan(session.planId);
    if (!plan) return null;
    return this.applied(session.couponCode, plan);
  }

  /**
   * A completed checkout starts the subscription: a trial when the plan has one (and the person
   * has not had one), otherwise the first paid period, charged to the card.
   */
  async startSubscription(
    input: {
      sessionId: string;
      provider: ProviderName;
      customerId: string | null;
      providerSubscriptionId: string | null;
      card: { last4: string; behaviour: CardBehaviour } | null;
      /** Judged before the transaction (see couponForSession). */
      coupon: AppliedCoupon | null;
    },
    db: Db,
    after: AfterCommit,
  ): Promise<'started' | 'already' | 'declined' | 'running'> {
    const { repo } = this.deps;
    const session = await repo.findSession(input.sessionId, db);
    if (session?.kind !== 'checkout' || !session.planId) return 'already';
    const plan = await repo.findPlan(session.planId, db);
    const previous = await repo.findSubscription(session.userId, db);
    // Checked again here, inside the transaction: another checkout may have started one meanwhile.
    if (previous && isRunning(previous, this.now())) {
      await repo.moveSession(session.id, ['open', 'authenticating'], { status: 'expired' }, db);
      return 'running';
    }
    const chargesNow = !plan || plan.trialDays === 0 || previous?.hadTrial;
    // A card that cannot be charged fails at once when the first period is paid now.
    if (chargesNow && input.card?.behaviour === 'fails') return 'declined';
    const moved = await repo.moveSession(
      session.id,
      ['open', 'authenticating'],
      { status: 'completed', completedAt: this.now().toISOString() },
      db,
    );
    if (!moved || !plan) return 'already';
    const coupon = input.coupon;
    // Our coupons count their uses; a partner's are the partner programme's to count.
    if (coupon && coupon.partnerId === null && !(await repo.redeemCoupon(coupon.code, db))) {
      throw new AppError(400, 'BAD_REQUEST', COUPON_MESSAGES.used_up, { reason: 'used_up' });
    }
    const subscription = this.firstPeriod(session, plan, previous, input);
    await repo.putSubscription(subscription, db);
    if (subscription.status === 'trialing') {
      this.deps.lifecycle.trialStarted(subscription, plan, after);
      return 'started';
    }
    await this.deps.lifecycle.recordLocalCharge(
      {
        userId: subscription.userId,
        plan,
        periodStart: subscription.currentPeriodStart ?? '',
        periodEnd: subscription.currentPeriodEnd ?? '',
        paid: true,
        amountMinor: plan.priceMinor - (coupon?.discountMinor ?? 0),
        couponCode: subscription.couponCode,
      },
      db,
      after,
    );
    await repo.updateSubscription(
      subscription.userId,
      { discountPeriodsLeft: periodsLeftAfterCharge(subscription) },
      db,
    );
    return 'started';
  }

  /** The subscription a completed checkout starts: its trial, or its first paid period. */
  private firstPeriod(
    session: PaymentSession,
    plan: StoredPlan,
    previous: Subscription | undefined,
    input: Parameters<Checkout['startSubscription']>[0],
  ): Subscription {
    const trialDays = previous?.hadTrial ? 0 : plan.trialDays;
    const now = this.now();
    const coupon = input.coupon;
    const periodEnd = trialDays > 0 ? addDays(now, trialDays) : addInterval(now, plan.interval);
    return {
      userId: session.userId,
      planId: plan.id,
      status: trialDays > 0 ? 'trialing' : 'active',
      provider: input.provider,
      customerId: input.customerId,
      providerSubscriptionId: input.providerSubscriptionId,
      customerEmail: session.customerEmail,
      customerName: session.customerName,
      currentPeriodStart: now.toISOString(),
      currentPeriodEnd: periodEnd.toISOString(),
      trialEnd: trialDays > 0 ? periodEnd.toISOString() : null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      pastDueSince: null,
      couponCode: coupon?.code ?? null,
      discountPeriodsLeft: coupon ? coupon.periods : null,
      discountMinor: coupon ? coupon.discountMinor : null,
      cardLast4: input.card?.last4 ?? null,
      cardBehaviour: input.card?.behaviour ?? null,
      trialReminderFor: null,
      hadTrial: trialDays > 0 || (previous?.hadTrial ?? false),
      scheduledPlanId: null,
      scheduledDiscountMinor: null,
      scheduledDiscountPeriodsLeft: null,
      providerVersion: now.getTime(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
  }

  // The local pay pages' side

  findSession(id: string): Promise<PaymentSession | undefined> {
    return this.deps.repo.findSession(id);
  }

  findPlan(id: string): Promise<StoredPlan | null> {
    return this.deps.repo.findPlan(id);
  }

  findSubscription(userId: string): Promise<Subscription | undefined> {
    return this.deps.repo.findSubscription(userId);
  }

  async completeLocalCheckout(session: PaymentSession, card: { last4: string; behaviour: CardBehaviour }) {
    const coupon = await this.couponForSession(session.id);
    return this.deps.lifecycle.inTransaction((db, after) =>
      this.startSubscription(
        {
          sessionId: session.id,
          provider: 'local',
          customerId: `local_cus_${session.userId}`,
          providerSubscriptionId: null,
          card,
          coupon,
        },
        db,
        after,
      ),
    );
  }

  async awaitAuthentication(sessionId: string): Promise<void> {
    await this.deps.repo.moveSession(sessionId, ['open', 'authenticating'], { status: 'authenticating' });
  }

  async reopen(sessionId: string): Promise<void> {
    await this.deps.repo.moveSession(sessionId, ['authenticating'], { status: 'open' });
  }
}
