import { randomUUID } from 'node:crypto';
import type { Invoice } from '@app/contracts/subscription.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer, MailMessage } from '../../platform/mailer/mailer.ts';
import type { AffiliatePort } from './affiliate.ts';
import { AfterCommit } from './after-commit.ts';
import { formatMinor } from './coupons.ts';
import { canceledMail, paymentFailedMail, trialStartedMail } from './mails.ts';
import { RUNNING } from './messages.ts';
import type { InvoiceFact, LocalCharge, ProviderState, ScheduledSwitch } from './port.ts';
import { discountAfterScheduledSwitch } from './proration.ts';
import type { Db, StoredInvoice, StoredPlan, Subscription, SubscriptionRepository } from './repository.ts';
import type { InvoiceStatus } from './tables.ts';

export interface LifecycleDeps {
  repo: SubscriptionRepository;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  /** The partner programme: conversions it credits. */
  affiliate: AffiliatePort;
}

/**
 * A subscription's life as the provider reports it: states applied newest-wins, invoices recorded
 * once each, and what follows from both (mails, partner credits) once the transaction commits.
 */
export class Lifecycle {
  constructor(private readonly deps: LifecycleDeps) {}

  private get now(): Date {
    return this.deps.clock.now();
  }

  /** Runs work in one transaction, then its follow-ups. */
  async inTransaction<T>(work: (db: Db, after: AfterCommit) => Promise<T>): Promise<T> {
    const after = new AfterCommit();
    const result = await this.deps.repo.transaction((trx) => work(trx, after));
    await after.run(this.deps.log);
    return result;
  }

  stateOf(subscription: Subscription): ProviderState {
    return {
      userId: subscription.userId,
      planId: subscription.planId,
      status: subscription.status,
      provider: subscription.provider,
      customerId: subscription.customerId,
      providerSubscriptionId: subscription.providerSubscriptionId,
      currentPeriodStart: subscription.currentPeriodStart,
      currentPeriodEnd: subscription.currentPeriodEnd,
      trialEnd: subscription.trialEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      canceledAt: subscription.canceledAt,
      version: subscription.providerVersion,
    };
  }

  /**
   * Applies a state the provider reports, unless a newer one was applied already. Returns false
   * when the state was older and ignored.
   */
  async applyState(state: ProviderState, db: Db, after: AfterCommit): Promise<boolean> {
    const previous = await this.deps.repo.findSubscription(state.userId, db);
    if (previous && previous.providerVersion > state.version) return false;
    const same =
      !!previous && (previous.providerSubscriptionId ?? null) === (state.providerSubscriptionId ?? null);
    const now = this.now.toISOString();
    const person =
      state.person ??
      (previous ? { email: previous.customerEmail, name: previous.customerName } : { email: '', name: '' });
    // The provider reports the plan a switch at the period end was set for: the switch happened.
    const switched = same && !!previous?.scheduledPlanId && previous.scheduledPlanId === state.planId;
    const scheduled = this.scheduledAfter(state, same && !switched ? previous : undefined);
    // Unless the state says otherwise, the same subscription keeps its coupon (as carried to the
    // plan it switched to) and reminder.
    const carried = switched && previous ? discountAfterScheduledSwitch(previous) : previous;
    const kept = <K extends 'couponCode' | 'discountPeriodsLeft' | 'discountMinor'>(key: K) =>
      state[key] !== undefined ? (state[key] ?? null) : same ? (carried?.[key] ?? null) : null;
    const subscription: Subscription = {
      userId: state.userId,
      planId: state.planId,
      status: state.status,
      provider: state.provider,
      customerId: state.customerId ?? previous?.customerId ?? null,
      providerSubscriptionId: state.providerSubscriptionId,
      customerEmail: person.email,
      customerName: person.name,
      currentPeriodStart: state.currentPeriodStart,
      currentPeriodEnd: state.currentPeriodEnd,
      trialEnd: state.trialEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      canceledAt: state.canceledAt,
      pastDueSince:
        state.status === 'past_due'
          ? same && previous?.pastDueSince
            ? previous.pastDueSince
            : (state.pastDueSince ?? now)
          : null,
      couponCode: kept('couponCode'),
      discountPeriodsLeft: kept('discountPeriodsLeft'),
      discountMinor: kept('discountMinor'),
      cardLast4: previous?.cardLast4 ?? null,
      cardBehaviour: previous?.cardBehaviour ?? null,
      trialReminderFor: same ? (previous?.trialReminderFor ?? null) : null,
      hadTrial: state.status === 'trialing' || (previous?.hadTrial ?? false),
      scheduledPlanId: scheduled?.planId ?? null,
      scheduledDiscountMinor: scheduled?.discountMinor ?? null,
      scheduledDiscountPeriodsLeft: scheduled?.discountPeriodsLeft ?? null,
      providerVersion: state.version,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    };
    await this.deps.repo.putSubscription(subscription, db);

    const plan = await this.deps.repo.findPlan(subscription.planId, db);
    const wasTrialing = same && previous?.status === 'trialing';
    if (subscription.status === 'trialing' && !wasTrialing && plan)
      this.trialStarted(subscription, plan, after);
    const wasEnding = same && (previous?.cancelAtPeriodEnd || previous?.status === 'canceled');
    const isEnding = subscription.cancelAtPeriodEnd || subscription.status === 'canceled';
    if (isEnding && !wasEnding) {
      const until = subscription.status === 'canceled' ? null : subscription.currentPeriodEnd;
      const at = this.now;
      const planName = plan?.name ?? 'your';
      after.add(() => this.queueMail(canceledMail(person, this.deps.appUrl, planName, until, at)));
    }
    return true;
  }

  /**
   * The switch of plan set for the period end after a state: as the state says, else the one set
   * before (`previous`, when still pending); none once the subscription ends or is set to end.
   */
  private scheduledAfter(state: ProviderState, previous: Subscription | undefined): ScheduledSwitch | null {
    if (state.cancelAtPeriodEnd || !RUNNING.includes(state.status)) return null;
    if (state.scheduled !== undefined) return state.scheduled;
    if (!previous?.scheduledPlanId || previous.scheduledPlanId === state.planId) return null;
    return {
      planId: previous.scheduledPlanId,
      discountMinor: previous.scheduledDiscountMinor,
      discountPeriodsLeft: previous.scheduledDiscountPeriodsLeft,
    };
  }

  /** The trial mail and the partner's trial credit. */
  trialStarted(subscription: Subscription, plan: StoredPlan, after: AfterCommit): void {
    const trialEnd = subscription.trialEnd;
    if (!trialEnd) return;
    const person = { email: subscription.customerEmail, name: subscription.customerName };
    after.add(() => this.queueMail(trialStartedMail(person, this.deps.appUrl, plan.name, trialEnd)));
    const externalId =
      subscription.providerSubscriptionId ?? `${subscription.userId}:${subscription.currentPeriodStart}`;
    after.add(() =>
      this.deps.affiliate.recordConversion({
        userId: subscription.userId,
        kind: 'trial',
        amountMinor: 0,
        currency: plan.currency,
        couponCode: subscription.couponCode,
        externalId: `trial:${externalId}`,
      }),
    );
  }

  /** Records an invoice (once per provider invoice id) and its consequences. */
  async recordInvoice(fact: InvoiceFact, db: Db, after: AfterCommit): Promise<void> {
    const known = await this.deps.repo.findInvoiceByProviderId(fact.providerInvoiceId, db);
    if (known) {
      if (known.status === fact.status) return;
      await this.deps.repo.setInvoiceStatus(known.id, fact.status, db);
    } else {
      await this.deps.repo.insertInvoice(
        { ...fact, id: randomUUID(), createdAt: this.now.toISOString() },
        db,
      );
    }
    const subscription = await this.deps.repo.findSubscription(fact.userId, db);
    const credit = (kind: 'sale' | 'refund', externalId: string) =>
      after.add(() =>
        this.deps.affiliate.recordConversion({
          userId: fact.userId,
          kind,
          amountMinor: fact.amountMinor,
          currency: fact.currency,
          couponCode: fact.couponCode,
          externalId,
        }),
      );
    if (fact.status === 'paid') {
      if (subscription?.status === 'past_due') {
        await this.deps.repo.updateSubscription(fact.userId, { status: 'active', pastDueSince: null }, db);
      }
      if (fact.amountMinor > 0) credit('sale', fact.providerInvoiceId);
    } else if (fact.status === 'failed' || fact.status === 'open') {
      if (subscription && subscription.status !== 'past_due' && RUNNING.includes(subscription.status)) {
        await this.deps.repo.updateSubscription(
          fact.userId,
          { status: 'past_due', pastDueSince: this.now.toISOString() },
          db,
        );
      }
      if (subscription) {
        const person = { email: subscription.customerEmail, name: subscription.customerName };
        const amount = formatMinor(fact.amountMinor, fact.currency);
        after.add(() => this.queueMail(paymentFailedMail(person, this.deps.appUrl, amount)));
      }
    } else if (fact.status === 'refunded') {
      credit('refund', `refund:${fact.providerInvoiceId}`);
    }
  }

  /** A new status of an invoice we have (a retried payment, a refund of `amountMinor`). */
  restateInvoice(
    invoice: StoredInvoice,
    status: InvoiceStatus,
    amountMinor: number,
    db: Db,
    after: AfterCommit,
  ): Promise<void> {
    return this.recordInvoice(
      {
        userId: invoice.userId,
        providerInvoiceId: invoice.providerInvoiceId ?? invoice.id,
        status,
        amountMinor,
        currency: invoice.currency,
        planId: invoice.planId,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
        couponCode: invoice.couponCode,
      },
      db,
      after,
    );
  }

  /** A charge the local provider takes for a period, paid or failed. */
  recordLocalCharge(charge: LocalCharge, db: Db, after: AfterCommit): Promise<void> {
    return this.recordInvoice(
      {
        userId: charge.userId,
        providerInvoiceId: `local_${randomUUID()}`,
        status: charge.paid ? 'paid' : 'failed',
        amountMinor: charge.amountMinor,
        currency: charge.plan.currency,
        planId: charge.plan.id,
        periodStart: charge.periodStart,
        periodEnd: charge.periodEnd,
        couponCode: charge.couponCode,
      },
      db,
      after,
    );
  }

  async invoices(userId: string): Promise<Invoice[]> {
    return (await this.deps.repo.listInvoices(userId)).map(
      ({ userId: _owner, providerInvoiceId: _provider, ...invoice }) => invoice,
    );
  }

  /** Mail for a known address (a subscription first seen through a provider event may have none yet). */
  private async queueMail(message: MailMessage): Promise<void> {
    if (!message.to) {
      this.deps.log.warn('subscription mail skipped: no address known for the customer');
      return;
    }
    await this.deps.mailer.queue(message);
  }
}
