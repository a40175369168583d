import { randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '@app/contracts/auth.ts';
import {
  type CheckoutResult,
  type Invoice,
  type ManageCardResult,
  type Plan,
  type ReactivateResult,
  SUBSCRIPTION_ERRORS,
  type SubscriptionActionResult,
  type SubscriptionStatus,
  type ValidateCouponResult,
} from '@app/contracts/subscription.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer, MailMessage } from '../../platform/mailer/mailer.ts';
import { type AccessReader, publicPlan } from './access.ts';
import type { AffiliatePort } from './affiliate.ts';
import { AfterCommit } from './after-commit.ts';
import type { BillingConfig } from './config.ts';
import { CouponBook } from './coupon-book.ts';
import { COUPON_MESSAGES, discountPeriods, formatMinor, nextPeriodPriceMinor } from './coupons.ts';
import {
  canceledMail,
  type MailPerson,
  paymentFailedMail,
  trialEndingMail,
  trialStartedMail,
} from './mails.ts';
import { addDays, addInterval, DAY_MS } from './periods.ts';
import {
  type AppliedCoupon,
  type PaymentProvider,
  ProviderRefusedError,
  ProviderUnavailableError,
} from './provider.ts';
import type { Db, StoredPlan, SubscriptionRepository, SubscriptionRow } from './repository.ts';
import type { InvoiceStatus, ProviderName } from './tables.ts';
import { UsageAllowances } from './usage-allowances.ts';

export interface Subscriber {
  id: string;
  email: string;
  name: string;
  role: Role;
}

/** A subscription as the provider reports it (or as the local provider decides it). */
export interface ProviderState {
  userId: string;
  planId: string;
  status: SubscriptionStatus;
  provider: ProviderName;
  customerId: string | null;
  providerSubscriptionId: string | null;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  trialEnd: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  /** Provider time of this state in ms; older states never overwrite newer ones. */
  version: number;
  /** Who pays, when the row is new. */
  person?: MailPerson;
  couponCode?: string | null;
  discountPeriodsLeft?: number | null;
  discountMinor?: number | null;
  /** When a failed payment made it past_due (defaults to now). */
  pastDueSince?: string;
}

export interface InvoiceFact {
  userId: string;
  providerInvoiceId: string;
  status: InvoiceStatus;
  amountMinor: number;
  currency: string;
  planId: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  couponCode: string | null;
}

/** Work that must wait until the transaction holding its cause has committed (mail, partner calls). */
export const MESSAGES = {
  planNotFound: 'That plan does not exist. Please choose one of the plans offered.',
  alreadySubscribed: 'You already have a subscription. You can manage it on the subscription page.',
  endingUseReactivate: 'Your subscription is set to end. Reactivate it instead of buying a new one.',
  alreadyActive: 'Your subscription is active and not set to end.',
  canceled: 'Your subscription will end at the end of the current period. You keep access until then.',
  reactivated: 'Your subscription continues. Thank you for staying!',
  newCheckout: 'Your subscription has ended. Complete a new checkout to start again.',
} as const;

const RUNNING: SubscriptionStatus[] = ['trialing', 'active', 'past_due'];
const CHECKOUT_TTL_MS = 60 * 60_000;
const TRIAL_REMINDER_MS = 3 * DAY_MS;

export interface SubscriptionServiceDeps {
  repo: SubscriptionRepository;
  access: AccessReader;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  billing: BillingConfig;
  provider: PaymentProvider;
  /** The partner programme: partner coupons, and conversions it credits. */
  affiliate: AffiliatePort;
}

export class SubscriptionService {
  /** Our coupons and partners' codes, judged against a plan. */
  readonly coupons: CouponBook;
  /** The plans' daily allowances (chat messages, landscape regenerations) for other modules. */
  readonly allowances: UsageAllowances;

  constructor(private readonly deps: SubscriptionServiceDeps) {
    this.coupons = new CouponBook(deps);
    this.allowances = new UsageAllowances(deps);
  }

  get repo(): SubscriptionRepository {
    return this.deps.repo;
  }

  private get now(): Date {
    return this.deps.clock.now();
  }

  clockNow(): Date {
    return this.deps.clock.now();
  }

  /** Turns provider failures into the messages SPEC section 8 maps for payments. */
  private async talkToProvider<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        this.deps.log.warn({ err: error }, 'payment provider unavailable');
        throw new AppError(503, 'UNAVAILABLE', SUBSCRIPTION_ERRORS.unavailable);
      }
      if (error instanceof ProviderRefusedError) {
        this.deps.log.warn({ err: error }, 'payment provider refused');
        throw new AppError(402, 'PAYMENT_FAILED', SUBSCRIPTION_ERRORS.paymentProcessing);
      }
      throw error;
    }
  }

  // Plans

  async listPlans(): Promise<Plan[]> {
    return (await this.deps.repo.listPlans()).map(publicPlan);
  }

  private async offeredPlan(planId: string): Promise<StoredPlan> {
    const plan = (await this.deps.repo.listPlans()).find((p) => p.id === planId);
    if (!plan) throw new AppError(404, 'NOT_FOUND', MESSAGES.planNotFound);
    return plan;
  }

  // Coupons

  async validateCoupon(rawCode: string, planId: string): Promise<ValidateCouponResult> {
    return this.coupons.validate(rawCode, await this.offeredPlan(planId));
  }

  // Checkout

  async createCheckout(
    user: Subscriber,
    planId: string | { kind: 'chat' },
    couponCode: string | null | undefined,
  ): Promise<CheckoutResult> {
    const plan =
      typeof planId === 'string'
        ? await this.offeredPlan(planId)
        : (await this.deps.repo.listPlans()).find((p) => p.kind === planId.kind);
    if (!plan) throw new AppError(404, 'NOT_FOUND', MESSAGES.planNotFound);
    const existing = await this.deps.repo.findSubscription(user.id);
    if (existing && this.isRunning(existing)) {
      throw new AppError(
        409,
        'CONFLICT',
        Number(existing.cancel_at_period_end) === 1
          ? MESSAGES.endingUseReactivate
          : MESSAGES.alreadySubscribed,
      );
    }
    let coupon: AppliedCoupon | null = null;
    if (couponCode?.trim()) {
      const judged = await this.coupons.judge(couponCode, plan);
      if (judged.refusal !== null) {
        throw new AppError(400, 'BAD_REQUEST', COUPON_MESSAGES[judged.refusal], { reason: judged.refusal });
      }
      coupon = {
        code: judged.code,
        discountMinor: judged.off,
        periods: discountPeriods(judged.terms),
        partnerId: judged.terms.partnerId,
      };
    }
    // One free trial per person.
    const trialDays = existing && Number(existing.had_trial) === 1 ? 0 : plan.trialDays;
    const sessionId = randomBytes(24).toString('base64url');
    const now = this.now;
    const { url, providerSessionId } = await this.talkToProvider(() =>
      this.deps.provider.createCheckout({
        sessionId,
        user,
        plan,
        coupon,
        trialDays,
        customerId: existing?.customer_id ?? null,
        successUrl: `${this.deps.appUrl}/#/success?session=${sessionId}`,
        cancelUrl: `${this.deps.appUrl}/#/cancelled`,
      }),
    );
    // Stored only once the provider has accepted: a failure leaves nothing behind.
    await this.deps.repo.insertSession({
      id: sessionId,
      user_id: user.id,
      kind: 'checkout',
      customer_email: user.email,
      customer_name: user.name,
      plan_id: plan.id,
      coupon_code: coupon?.code ?? null,
      status: 'open',
      provider_session_id: providerSessionId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CHECKOUT_TTL_MS).toISOString(),
      completed_at: null,
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

  private isRunning(row: SubscriptionRow): boolean {
    if (!RUNNING.includes(row.status)) return false;
    const end = row.current_period_end ? Date.parse(row.current_period_end) : null;
    return !(Number(row.cancel_at_period_end) === 1 && end !== null && end <= this.now.getTime());
  }

  /**
   * A completed checkout starts the subscription: a trial when the plan has one (and the person
   * has not had one), otherwise the first paid period. `charge` takes the first payment.
   */
  async startSubscription(
    input: {
      sessionId: string;
      provider: ProviderName;
      customerId: string | null;
      providerSubscriptionId: string | null;
      card: { last4: string; behaviour: 'succeeds' | 'fails' } | null;
      /** Judged before the transaction (see couponForSession). */
      coupon: AppliedCoupon | null;
    },
    db: Db,
    after: AfterCommit,
  ): Promise<'started' | 'already' | 'declined' | 'running'> {
    const session = await this.deps.repo.findSession(input.sessionId, db);
    if (session?.kind !== 'checkout' || !session.plan_id) return 'already';
    const planFirst = await this.deps.repo.findPlan(session.plan_id, db);
    const before = await this.deps.repo.findSubscription(session.user_id, db);
    // Checked again here, inside the transaction: another checkout may have started one meanwhile.
    if (before && this.isRunning(before)) {
      await this.deps.repo.moveSession(session.id, ['open', 'authenticating'], { status: 'expired' }, db);
      return 'running';
    }
    const chargesNow = !planFirst || planFirst.trialDays === 0 || (before && Number(before.had_trial) === 1);
    // A card that cannot be charged fails at once when the first period is paid now.
    if (chargesNow && input.card?.behaviour === 'fails') return 'declined';
    const moved = await this.deps.repo.moveSession(
      session.id,
      ['open', 'authenticating'],
      { status: 'completed', completed_at: this.now.toISOString() },
      db,
    );
    if (!moved) return 'already';
    const plan = planFirst;
    if (!plan) return 'already';
    const previous = await this.deps.repo.findSubscription(session.user_id, db);
    const trialDays = previous && Number(previous.had_trial) === 1 ? 0 : plan.trialDays;
    const now = this.now;
    const coupon = input.coupon;
    // Our coupons count their uses; a partner's are the partner programme's to count.
    if (coupon && coupon.partnerId === null && !(await this.deps.repo.redeemCoupon(coupon.code, db))) {
      throw new AppError(400, 'BAD_REQUEST', COUPON_MESSAGES.used_up, { reason: 'used_up' });
    }
    const periodEnd = trialDays > 0 ? addDays(now, trialDays) : addInterval(now, plan.interval);
    const row: SubscriptionRow = {
      user_id: session.user_id,
      plan_id: plan.id,
      status: trialDays > 0 ? 'trialing' : 'active',
      provider: input.provider,
      customer_id: input.customerId,
      provider_subscription_id: input.providerSubscriptionId,
      customer_email: session.customer_email,
      customer_name: session.customer_name,
      current_period_start: now.toISOString(),
      current_period_end: periodEnd.toISOString(),
      trial_end: trialDays > 0 ? periodEnd.toISOString() : null,
      cancel_at_period_end: 0,
      canceled_at: null,
      past_due_since: null,
      coupon_code: coupon?.code ?? null,
      discount_periods_left: coupon ? coupon.periods : null,
      discount_minor: coupon ? coupon.discountMinor : null,
      card_last4: input.card?.last4 ?? null,
      card_behaviour: input.card?.behaviour ?? null,
      trial_reminder_for: null,
      had_trial: trialDays > 0 || (previous && Number(previous.had_trial) === 1) ? 1 : 0,
      provider_version: now.getTime(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    await this.deps.repo.putSubscription(row, db);
    if (trialDays > 0) {
      this.afterTrialStarted(row, plan, after);
    } else {
      const amount = plan.priceMinor - (coupon?.discountMinor ?? 0);
      await this.recordInvoice(
        {
          userId: row.user_id,
          providerInvoiceId: `local_${randomUUID()}`,
          status: 'paid',
          amountMinor: amount,
          currency: plan.currency,
          planId: plan.id,
          periodStart: row.current_period_start,
          periodEnd: row.current_period_end,
          couponCode: row.coupon_code,
        },
        db,
        after,
      );
      await this.deps.repo.updateSubscription(
        row.user_id,
        { discount_periods_left: this.periodsLeftAfterCharge(row) },
        db,
      );
    }
    return 'started';
  }

  /** Price of the next period: the coupon's discount, fixed when applied, while it lasts. */
  priceOfNextPeriod(row: SubscriptionRow, plan: StoredPlan): number {
    return nextPeriodPriceMinor(row, plan.priceMinor);
  }

  /** The coupon of a checkout, judged again before it completes (call outside transactions). */
  async couponForSession(sessionId: string): Promise<AppliedCoupon | null> {
    const session = await this.deps.repo.findSession(sessionId);
    if (!session?.coupon_code || !session.plan_id) return null;
    const plan = await this.deps.repo.findPlan(session.plan_id);
    if (!plan) return null;
    const judged = await this.coupons.judge(session.coupon_code, plan);
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

  periodsLeftAfterCharge(row: Pick<SubscriptionRow, 'coupon_code' | 'discount_periods_left'>): number | null {
    if (!row.coupon_code || row.discount_periods_left === null) return row.discount_periods_left ?? null;
    return Math.max(Number(row.discount_periods_left) - 1, 0);
  }

  private afterTrialStarted(row: SubscriptionRow, plan: StoredPlan, after: AfterCommit): void {
    const trialEnd = row.trial_end;
    if (!trialEnd) return;
    const person = { email: row.customer_email, name: row.customer_name };
    after.add(() => this.queueMail(trialStartedMail(person, this.deps.appUrl, plan.name, trialEnd)));
    after.add(() =>
      this.deps.affiliate.recordConversion({
        userId: row.user_id,
        kind: 'trial',
        amountMinor: 0,
        currency: plan.currency,
        couponCode: row.coupon_code,
        externalId: `trial:${row.provider_subscription_id ?? `${row.user_id}:${row.current_period_start}`}`,
      }),
    );
  }

  /**
   * Applies a state the provider reports, unless a newer one was applied already. Returns false
   * when the state was older and ignored.
   */
  async applyState(state: ProviderState, db: Db, after: AfterCommit): Promise<boolean> {
    const previous = await this.deps.repo.findSubscription(state.userId, db);
    if (previous && Number(previous.provider_version) > state.version) return false;
    const sameSubscription =
      !!previous && (previous.provider_subscription_id ?? null) === (state.providerSubscriptionId ?? null);
    const now = this.now.toISOString();
    const person =
      state.person ??
      (previous ? { email: previous.customer_email, name: previous.customer_name } : { email: '', name: '' });
    const row: SubscriptionRow = {
      user_id: state.userId,
      plan_id: state.planId,
      status: state.status,
      provider: state.provider,
      customer_id: state.customerId ?? previous?.customer_id ?? null,
      provider_subscription_id: state.providerSubscriptionId,
      customer_email: person.email,
      customer_name: person.name,
      current_period_start: state.currentPeriodStart,
      current_period_end: state.currentPeriodEnd,
      trial_end: state.trialEnd,
      cancel_at_period_end: state.cancelAtPeriodEnd ? 1 : 0,
      canceled_at: state.canceledAt,
      past_due_since:
        state.status === 'past_due'
          ? sameSubscription && previous?.past_due_since
            ? previous.past_due_since
            : (state.pastDueSince ?? now)
          : null,
      coupon_code:
        state.couponCode !== undefined
          ? state.couponCode
          : sameSubscription
            ? (previous?.coupon_code ?? null)
            : null,
      discount_periods_left:
        state.discountPeriodsLeft !== undefined
          ? state.discountPeriodsLeft
          : sameSubscription
            ? (previous?.discount_periods_left ?? null)
            : null,
      discount_minor:
        state.discountMinor !== undefined
          ? state.discountMinor
          : sameSubscription
            ? (previous?.discount_minor ?? null)
            : null,
      card_last4: previous?.card_last4 ?? null,
      card_behaviour: previous?.card_behaviour ?? null,
      trial_reminder_for: sameSubscription ? (previous?.trial_reminder_for ?? null) : null,
      had_trial: state.status === 'trialing' || Number(previous?.had_trial ?? 0) === 1 ? 1 : 0,
      provider_version: state.version,
      created_at: previous?.created_at ?? now,
      updated_at: now,
    };
    await this.deps.repo.putSubscription(row, db);

    const plan = await this.deps.repo.findPlan(row.plan_id, db);
    const planName = plan?.name ?? 'your';
    const wasTrialing = sameSubscription && previous?.status === 'trialing';
    if (row.status === 'trialing' && !wasTrialing && plan) this.afterTrialStarted(row, plan, after);
    const wasEnding =
      sameSubscription && (Number(previous?.cancel_at_period_end) === 1 || previous?.status === 'canceled');
    const isEnding = row.cancel_at_period_end === 1 || row.status === 'canceled';
    if (isEnding && !wasEnding) {
      const until = row.status === 'canceled' ? null : row.current_period_end;
      const at = this.now;
      after.add(() => this.queueMail(canceledMail(person, this.deps.appUrl, planName, until, at)));
    }
    return true;
  }

  /** Records an invoice (once per provider invoice id) and its consequences. */
  async recordInvoice(fact: InvoiceFact, db: Db, after: AfterCommit): Promise<void> {
    const known = await this.deps.repo.findInvoiceByProviderId(fact.providerInvoiceId, db);
    if (known) {
      if (known.status === fact.status) return;
      await this.deps.repo.setInvoiceStatus(known.id, fact.status, db);
    } else {
      await this.deps.repo.insertInvoice(
        {
          id: randomUUID(),
          user_id: fact.userId,
          provider_invoice_id: fact.providerInvoiceId,
          plan_id: fact.planId,
          status: fact.status,
          amount_minor: fact.amountMinor,
          currency: fact.currency,
          coupon_code: fact.couponCode,
          period_start: fact.periodStart,
          period_end: fact.periodEnd,
          created_at: this.now.toISOString(),
        },
        db,
      );
    }
    const subscription = await this.deps.repo.findSubscription(fact.userId, db);
    if (fact.status === 'paid') {
      if (subscription?.status === 'past_due') {
        await this.deps.repo.updateSubscription(fact.userId, { status: 'active', past_due_since: null }, db);
      }
      if (fact.amountMinor > 0) {
        after.add(() =>
          this.deps.affiliate.recordConversion({
            userId: fact.userId,
            kind: 'sale',
            amountMinor: fact.amountMinor,
            currency: fact.currency,
            couponCode: fact.couponCode,
            externalId: fact.providerInvoiceId,
          }),
        );
      }
    } else if (fact.status === 'failed' || fact.status === 'open') {
      if (subscription && subscription.status !== 'past_due' && RUNNING.includes(subscription.status)) {
        await this.deps.repo.updateSubscription(
          fact.userId,
          { status: 'past_due', past_due_since: this.now.toISOString() },
          db,
        );
      }
      if (subscription) {
        const person = { email: subscription.customer_email, name: subscription.customer_name };
        const amount = formatMinor(fact.amountMinor, fact.currency);
        after.add(() => this.queueMail(paymentFailedMail(person, this.deps.appUrl, amount)));
      }
    } else if (fact.status === 'refunded') {
      after.add(() =>
        this.deps.affiliate.recordConversion({
          userId: fact.userId,
          kind: 'refund',
          amountMinor: fact.amountMinor,
          currency: fact.currency,
          couponCode: fact.couponCode,
          externalId: `refund:${fact.providerInvoiceId}`,
        }),
      );
    }
  }

  /** Mail for a known address (a subscription first seen through a provider event may have none yet). */
  private async queueMail(message: MailMessage): Promise<void> {
    if (!message.to) {
      this.deps.log.warn('subscription mail skipped: no address known for the customer');
      return;
    }
    await this.deps.mailer.queue(message);
  }

  /** Runs work in one transaction, then its follow-ups. */
  async inTransaction<T>(work: (db: Db, after: AfterCommit) => Promise<T>): Promise<T> {
    const after = new AfterCommit();
    const result = await this.deps.repo.transaction((trx) => work(trx, after));
    await after.run(this.deps.log);
    return result;
  }

  // Managing a subscription

  async cancel(user: Subscriber): Promise<SubscriptionActionResult> {
    const row = await this.deps.repo.findSubscription(user.id);
    if (!row || !this.isRunning(row) || Number(row.cancel_at_period_end) === 1) {
      throw new AppError(404, 'NOT_FOUND', SUBSCRIPTION_ERRORS.noActiveSubscription);
    }
    await this.talkToProvider(() => this.deps.provider.setCancelAtPeriodEnd(row, true));
    await this.setCancelFlag(row, true);
    return { ...(await this.deps.access.status(user)), message: MESSAGES.canceled };
  }

  async reactivate(user: Subscriber): Promise<ReactivateResult> {
    const row = await this.deps.repo.findSubscription(user.id);
    if (!row) throw new AppError(404, 'NOT_FOUND', SUBSCRIPTION_ERRORS.noSubscription);
    if (this.isRunning(row)) {
      if (Number(row.cancel_at_period_end) !== 1) throw new AppError(409, 'CONFLICT', MESSAGES.alreadyActive);
      await this.talkToProvider(() => this.deps.provider.setCancelAtPeriodEnd(row, false));
      await this.setCancelFlag(row, false);
      return { ...(await this.deps.access.status(user)), message: MESSAGES.reactivated, url: null };
    }
    // After the period: a new checkout for the same plan (or the first offered one if retired).
    const plans = await this.deps.repo.listPlans();
    const plan = plans.find((p) => p.id === row.plan_id) ?? plans.find((p) => p.kind === 'full');
    if (!plan) throw new AppError(404, 'NOT_FOUND', MESSAGES.planNotFound);
    const checkout = await this.createCheckout(user, plan.id, null);
    return { ...(await this.deps.access.status(user)), message: MESSAGES.newCheckout, url: checkout.url };
  }

  private async setCancelFlag(row: SubscriptionRow, cancel: boolean): Promise<void> {
    await this.inTransaction(async (db, after) => {
      const current = await this.deps.repo.findSubscription(row.user_id, db);
      if (!current) return;
      await this.applyState(
        {
          ...this.stateOf(current),
          cancelAtPeriodEnd: cancel,
          canceledAt: cancel ? this.now.toISOString() : null,
          version: Math.max(this.now.getTime(), Number(current.provider_version)),
        },
        db,
        after,
      );
    });
  }

  stateOf(row: SubscriptionRow): ProviderState {
    return {
      userId: row.user_id,
      planId: row.plan_id,
      status: row.status,
      provider: row.provider,
      customerId: row.customer_id,
      providerSubscriptionId: row.provider_subscription_id,
      currentPeriodStart: row.current_period_start,
      currentPeriodEnd: row.current_period_end,
      trialEnd: row.trial_end,
      cancelAtPeriodEnd: Number(row.cancel_at_period_end) === 1,
      canceledAt: row.canceled_at,
      version: Number(row.provider_version),
    };
  }

  /** Before an account is deleted: the provider stops charging it (a failure stops the deletion). */
  async endForDeletedAccount(userId: string): Promise<void> {
    const row = await this.deps.repo.findSubscription(userId);
    if (!row || row.status === 'canceled' || row.status === 'incomplete_expired') return;
    await this.talkToProvider(() => this.deps.provider.cancelNow(row));
  }

  async manageCard(user: Subscriber): Promise<ManageCardResult> {
    const row = await this.deps.repo.findSubscription(user.id);
    if (!row || (row.provider === 'stripe' && !row.customer_id)) {
      throw new AppError(404, 'NOT_FOUND', SUBSCRIPTION_ERRORS.noCustomer);
    }
    const url = await this.talkToProvider(() =>
      this.deps.provider.manageCardUrl(row, `${this.deps.appUrl}/#/subscription`),
    );
    return { success: true, url };
  }

  async invoices(user: Subscriber): Promise<Invoice[]> {
    return (await this.deps.repo.listInvoices(user.id)).map((row) => ({
      id: row.id,
      status: row.status,
      amountMinor: Number(row.amount_minor),
      currency: row.currency,
      planId: row.plan_id,
      periodStart: row.period_start,
      periodEnd: row.period_end,
      createdAt: row.created_at,
      couponCode: row.coupon_code,
    }));
  }

  // Scheduled work

  /** Refreshes every subscription from the provider (missed webhooks); the local provider has nothing to refresh. */
  async reconcile(): Promise<{ refreshed: number; failed: number }> {
    return this.deps.provider.reconcile ? this.deps.provider.reconcile() : { refreshed: 0, failed: 0 };
  }

  /** Sends the "trial ends in 3 days" mail once per trial. */
  async remindTrialsEnding(): Promise<number> {
    const now = this.now;
    const due = await this.deps.repo.trialsEndingBefore(
      new Date(now.getTime() + TRIAL_REMINDER_MS).toISOString(),
    );
    let sent = 0;
    for (const row of due) {
      if (!row.trial_end || Date.parse(row.trial_end) <= now.getTime() || row.cancel_at_period_end === 1)
        continue;
      const plan = await this.deps.repo.findPlan(row.plan_id);
      await this.deps.repo.updateSubscription(row.user_id, { trial_reminder_for: row.trial_end });
      await this.deps.mailer.queue(
        trialEndingMail(
          { email: row.customer_email, name: row.customer_name },
          this.deps.appUrl,
          plan?.name ?? '',
          row.trial_end,
        ),
      );
      sent += 1;
    }
    return sent;
  }

  /** The person's account is being deleted: nothing to keep here (rows cascade); provider side is left to reconcile. */
  exportSection = async (userId: string) => {
    const row = await this.deps.repo.findSubscription(userId);
    return {
      subscription: row
        ? {
            planId: row.plan_id,
            status: row.status,
            currentPeriodEnd: row.current_period_end,
            cancelAtPeriodEnd: Number(row.cancel_at_period_end) === 1,
          }
        : null,
      invoices: (await this.deps.repo.listInvoices(userId)).map((i) => ({
        amountMinor: Number(i.amount_minor),
        currency: i.currency,
        status: i.status,
        createdAt: i.created_at,
      })),
    };
  };
}
