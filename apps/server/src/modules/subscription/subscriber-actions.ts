import type { Role } from '@app/contracts/auth.ts';
import { SUBSCRIPTION_ERRORS } from '@app/contracts/error-catalogue.ts';
import type {
  CheckoutResult,
  ManageCardResult,
  ReactivateResult,
  SubscriptionActionResult,
} from '@app/contracts/subscription.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccessReader } from './access.ts';
import type { Lifecycle } from './lifecycle.ts';
import { isRunning, MESSAGES } from './messages.ts';
import { type PaymentProvider, talkToProvider } from './provider.ts';
import type { Subscription, SubscriptionRepository } from './repository.ts';

export interface Subscriber {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface SubscriberActionsDeps {
  repo: SubscriptionRepository;
  access: AccessReader;
  clock: Clock;
  log: FastifyBaseLogger;
  appUrl: string;
  provider: PaymentProvider;
  lifecycle: Lifecycle;
  /** A new checkout, for a subscription that has ended. */
  newCheckout(user: Subscriber, planId: string): Promise<CheckoutResult>;
}

/** What a subscriber (or the deletion of their account) asks of the provider: end, continue, card. */
export class SubscriberActions {
  constructor(private readonly deps: SubscriberActionsDeps) {}

  private get now(): Date {
    return this.deps.clock.now();
  }

  private talk<T>(work: () => Promise<T>): Promise<T> {
    return talkToProvider(this.deps.log, work);
  }

  async cancel(user: Subscriber): Promise<SubscriptionActionResult> {
    const subscription = await this.deps.repo.findSubscription(user.id);
    if (!subscription || !isRunning(subscription, this.now) || subscription.cancelAtPeriodEnd) {
      throw new AppError(404, 'NOT_FOUND', SUBSCRIPTION_ERRORS.noActiveSubscription);
    }
    await this.talk(() => this.deps.provider.setCancelAtPeriodEnd(subscription, true));
    await this.setCancelFlag(subscription, true);
    return { ...(await this.deps.access.status(user)), message: MESSAGES.canceled };
  }

  async reactivate(user: Subscriber): Promise<ReactivateResult> {
    const subscription = await this.deps.repo.findSubscription(user.id);
    if (!subscription) throw new AppError(404, 'NOT_FOUND', SUBSCRIPTION_ERRORS.noSubscription);
    if (isRunning(subscription, this.now)) {
      if (!subscription.cancelAtPeriodEnd) throw new AppError(409, 'CONFLICT', MESSAGES.alreadyActive);
      await this.talk(() => this.deps.provider.setCancelAtPeriodEnd(subscription, false));
      await this.setCancelFlag(subscription, false);
      return { ...(await this.deps.access.status(user)), message: MESSAGES.reactivated, url: null };
    }
    // After the period: a new checkout for the same plan (or the first offered one if retired).
    const plans = await this.deps.repo.listPlans();
    const plan = plans.find((p) => p.id === subscription.planId) ?? plans.find((p) => p.kind === 'full');
    if (!plan) throw new AppError(404, 'NOT_FOUND', MESSAGES.planNotFound);
    const checkout = await this.deps.newCheckout(user, plan.id);
    return { ...(await this.deps.access.status(user)), message: MESSAGES.newCheckout, url: checkout.url };
  }

  private async setCancelFlag(subscription: Subscription, cancel: boolean): Promise<void> {
    const { lifecycle } = this.deps;
    await lifecycle.inTransaction(async (db, after) => {
      const current = await this.deps.repo.findSubscription(subscription.userId, db);
      if (!current) return;
      await lifecycle.applyState(
        {
          ...lifecycle.stateOf(current),
          cancelAtPeriodEnd: cancel,
          canceledAt: cancel ? this.now.toISOString() : null,
          version: Math.max(this.now.getTime(), current.providerVersion),
        },
        db,
        after,
      );
    });
  }

  /** Before an account is deleted: the provider stops charging it (a failure stops the deletion). */
  async endForDeletedAccount(userId: string): Promise<void> {
    const subscription = await this.deps.repo.findSubscription(userId);
    if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
      return;
    await this.talk(() => this.deps.provider.cancelNow(subscription));
  }

  async manageCard(user: Subscriber): Promise<ManageCardResult> {
    const subscription = await this.deps.repo.findSubscription(user.id);
    if (!subscription || (subscription.provider === 'stripe' && !subscription.customerId)) {
      throw new AppError(404, 'NOT_FOUND', SUBSCRIPTION_ERRORS.noCustomer);
    }
    const url = await this.talk(() =>
      this.deps.provider.manageCardUrl(subscription, `${this.deps.appUrl}/#/subscription`),
    );
    return { success: true, url };
  }
}
