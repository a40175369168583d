import type {
  ChangePlanResult,
  CheckoutResult,
  Invoice,
  ManageCardResult,
  Plan,
  PlanChange,
  ReactivateResult,
  SubscriptionActionResult,
  ValidateCouponResult,
} from '@app/contracts/subscription.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mailer/mailer.ts';
import { type AccessReader, publicPlan } from './access.ts';
import type { AffiliatePort } from './affiliate.ts';
import { Checkout } from './checkout.ts';
import type { BillingConfig } from './config.ts';
import { CouponBook } from './coupon-book.ts';
import { Lifecycle } from './lifecycle.ts';
import { PlanChanges } from './plan-changes.ts';
import { SubscriptionPort } from './port.ts';
import type { PaymentProvider } from './provider.ts';
import type { SubscriptionRepository } from './repository.ts';
import { ScheduledWork } from './scheduled-work.ts';
import { type Subscriber, SubscriberActions } from './subscriber-actions.ts';
import { UsageAllowances } from './usage-allowances.ts';

export type { Subscriber } from './subscriber-actions.ts';

export interface SubscriptionServiceDeps {
  repo: SubscriptionRepository;
  access: AccessReader;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  billing: BillingConfig;
  /** Makes the payment provider, which reports back through the port it is given. */
  provider: (port: SubscriptionPort) => PaymentProvider;
  /** The partner programme: partner coupons, and conversions it credits. */
  affiliate: AffiliatePort;
  /** The zone whose midnight begins a person's day (their daily allowances follow it). */
  zoneOf(userId: string): Promise<string>;
}

/**
 * The subscription module as its routes and other modules use it (app.subscriptions). The work is
 * done by its parts: checkout, lifecycle (provider states and invoices), the subscriber's actions,
 * scheduled work, coupons and usage allowances.
 */
export class SubscriptionService {
  /** Our coupons and partners' codes, judged against a plan. */
  readonly coupons: CouponBook;
  /** The plans' daily allowances (chat messages, landscape regenerations) for other modules. */
  readonly allowances: UsageAllowances;
  readonly provider: PaymentProvider;
  /** What the providers report through; the local pay pages use it too. */
  readonly port: SubscriptionPort;
  /** Checkout, with the local pay pages' side. */
  readonly checkout: Checkout;
  /** Switching between plans. */
  readonly planChanges: PlanChanges;
  private readonly lifecycle: Lifecycle;
  private readonly actions: SubscriberActions;
  private readonly scheduled: ScheduledWork;

  constructor(private readonly deps: SubscriptionServiceDeps) {
    const { repo, clock, log, appUrl } = deps;
    this.coupons = new CouponBook(deps);
    this.allowances = new UsageAllowances(deps);
    this.lifecycle = new Lifecycle(deps);
    this.port = new SubscriptionPort(repo, this.lifecycle, clock);
    this.provider = deps.provider(this.port);
    const { provider, lifecycle } = this;
    this.checkout = new Checkout({ repo, clock, log, appUrl, provider, lifecycle, coupons: this.coupons });
    this.actions = new SubscriberActions({
      ...deps,
      provider,
      lifecycle,
      newCheckout: (user, planId) => this.checkout.createCheckout(user, planId, null),
    });
    this.scheduled = new ScheduledWork({ ...deps, provider, port: this.port });
    this.planChanges = new PlanChanges({ ...deps, provider, coupons: this.coupons });
  }

  async listPlans(): Promise<Plan[]> {
    return (await this.deps.repo.listPlans()).map(publicPlan);
  }

  validateCoupon(rawCode: string, planId: string): Promise<ValidateCouponResult> {
    return this.checkout.validateCoupon(rawCode, planId);
  }

  createCheckout(
    user: Subscriber,
    planId: string | { kind: 'chat' },
    couponCode: string | null | undefined,
  ): Promise<CheckoutResult> {
    return this.checkout.createCheckout(user, planId, couponCode);
  }

  /** A switch of plan set for the period end is called off first: the subscription ends instead. */
  async cancel(user: Subscriber): Promise<SubscriptionActionResult> {
    await this.planChanges.callOffScheduled(user.id);
    return this.actions.cancel(user);
  }

  previewPlanChange(user: Subscriber, planId: string): Promise<PlanChange> {
    return this.planChanges.preview(user, planId);
  }

  changePlan(user: Subscriber, planId: string, quotedAt: string | undefined): Promise<ChangePlanResult> {
    return this.planChanges.change(user, planId, quotedAt);
  }

  reactivate(user: Subscriber): Promise<ReactivateResult> {
    return this.actions.reactivate(user);
  }

  manageCard(user: Subscriber): Promise<ManageCardResult> {
    return this.actions.manageCard(user);
  }

  /** Before an account is deleted: the provider stops charging it (a failure stops the deletion). */
  endForDeletedAccount(userId: string): Promise<void> {
    return this.actions.endForDeletedAccount(userId);
  }

  invoices(user: Subscriber): Promise<Invoice[]> {
    return this.lifecycle.invoices(user.id);
  }

  /** The minute job: local renewals (local provider) and trial reminders. */
  runDue(): Promise<void> {
    return this.scheduled.runDue();
  }

  /** Refreshes every subscription from the provider (missed webhooks). */
  reconcile(): Promise<{ refreshed: number; failed: number }> {
    return this.scheduled.reconcile();
  }

  /** Sends the "trial ends in 3 days" mail once per trial. */
  remindTrialsEnding(): Promise<number> {
    return this.scheduled.remindTrialsEnding();
  }

  /** The person's subscription and invoices, for their data export. */
  exportSection = async (userId: string) => {
    const subscription = await this.deps.repo.findSubscription(userId);
    return {
      subscription: subscription
        ? {
            planId: subscription.planId,
            status: subscription.status,
            currentPeriodEnd: subscription.currentPeriodEnd,
            cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          }
        : null,
      invoices: (await this.deps.repo.listInvoices(userId)).map((i) => ({
        amountMinor: i.amountMinor,
        currency: i.currency,
        status: i.status,
        createdAt: i.createdAt,
      })),
    };
  };
}
