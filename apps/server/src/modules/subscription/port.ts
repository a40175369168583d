import { randomBytes } from 'node:crypto';
import type { SubscriptionStatus, ValidateCouponResult } from '@app/contracts/subscription.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AfterCommit } from './after-commit.ts';
import type { Lifecycle } from './lifecycle.ts';
import type { MailPerson } from './mails.ts';
import type {
  Db,
  PaymentSession,
  StoredInvoice,
  StoredPlan,
  Subscription,
  SubscriptionRepository,
} from './repository.ts';
import type { CardBehaviour, InvoiceStatus, ProviderName } from './tables.ts';

// What the payment providers and the local pay pages may ask of the subscription module: each
// declares exactly what it uses, so none of them reaches the repository or the service.

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
  /** Who pays, when the subscription is new. */
  person?: MailPerson;
  couponCode?: string | null;
  discountPeriodsLeft?: number | null;
  discountMinor?: number | null;
  /** When a failed payment made it past_due (defaults to now). */
  pastDueSince?: string;
  /** A switch of plan at the end of the paid period; null calls it off (kept when absent). */
  scheduled?: ScheduledSwitch | null;
}

/** A switch of plan at the end of the paid period, with the coupon as it carries to that plan. */
export interface ScheduledSwitch {
  planId: string;
  /** null: the coupon ends with the switch. */
  discountMinor: number | null;
  discountPeriodsLeft: number | null;
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

/** A period the local provider charges for. */
export interface LocalCharge {
  userId: string;
  plan: StoredPlan;
  periodStart: string;
  periodEnd: string;
  paid: boolean;
  amountMinor: number;
  couponCode: string | null;
}

/** What both providers report through. */
interface ProviderPort {
  now(): Date;
  inTransaction<T>(work: (db: Db, after: AfterCommit) => Promise<T>): Promise<T>;
  applyState(state: ProviderState, db: Db, after: AfterCommit): Promise<boolean>;
  recordInvoice(fact: InvoiceFact, db: Db, after: AfterCommit): Promise<void>;
  /** A new status of an invoice we have (a retried payment, a refund of `amountMinor`). */
  restateInvoice(
    invoice: StoredInvoice,
    status: InvoiceStatus,
    amountMinor: number,
    db: Db,
    after: AfterCommit,
  ): Promise<void>;
  findSubscription(userId: string, db?: Db): Promise<Subscription | undefined>;
  /** A subscription as a provider state, to change and apply. */
  stateOf(subscription: Subscription): ProviderState;
}

export interface StripePort extends ProviderPort {
  /** Records a webhook event id; false when it was applied before. */
  claimEvent(id: string, type: string, db: Db): Promise<boolean>;
  findCheckout(sessionId: string, db: Db): Promise<PaymentSession | undefined>;
  latestCheckout(userId: string, db: Db): Promise<PaymentSession | undefined>;
  /** Marks our checkout completed by the provider's session. */
  completeCheckout(sessionId: string, providerSessionId: string, db: Db): Promise<void>;
  linkCustomer(userId: string, customerId: string, db: Db): Promise<void>;
  /** By the provider's subscription id, else by its customer id. */
  findByProviderIds(
    ids: { subscriptionId: string | null; customerId: string | null },
    db: Db,
  ): Promise<Subscription | undefined>;
  subscriptionsOf(provider: ProviderName): Promise<Subscription[]>;
  listPlans(db: Db): Promise<StoredPlan[]>;
  findInvoice(providerInvoiceId: string, db: Db): Promise<StoredInvoice | undefined>;
  listInvoices(userId: string, db: Db): Promise<StoredInvoice[]>;
}

export interface LocalPort extends ProviderPort {
  findPlan(id: string, db?: Db): Promise<StoredPlan | null>;
  recordLocalCharge(charge: LocalCharge, db: Db, after: AfterCommit): Promise<void>;
  /** Local subscriptions whose period has ended by `untilIso`. */
  dueBy(untilIso: string): Promise<Subscription[]>;
  /**
   * Takes the subscription for advancing past the period ending at `periodEnd`, within `db`'s
   * transaction; false when it has moved on (another server process advanced it).
   */
  claimPeriodEnd(userId: string, periodEnd: string, db: Db): Promise<boolean>;
  /** A visit to the local card page for the subscriber; answers its id. */
  openCardSession(subscription: Subscription, ttlMs: number): Promise<string>;
  setCard(userId: string, card: { last4: string; behaviour: CardBehaviour }, db: Db): Promise<void>;
  openInvoices(userId: string, db: Db): Promise<StoredInvoice[]>;
  /** The paid invoice of the period starting at `periodStart`, if any. */
  paidInvoiceFor(userId: string, periodStart: string, db?: Db): Promise<StoredInvoice | undefined>;
}

/** The local pay pages' side of checkout. */
export interface PayPagePort {
  now(): Date;
  findSession(id: string): Promise<PaymentSession | undefined>;
  findPlan(id: string): Promise<StoredPlan | null>;
  findSubscription(userId: string): Promise<Subscription | undefined>;
  validateCoupon(rawCode: string, planId: string): Promise<ValidateCouponResult>;
  /** Pays a checkout with a local test card (the coupon is judged again first). */
  completeLocalCheckout(
    session: PaymentSession,
    card: { last4: string; behaviour: CardBehaviour },
  ): Promise<'started' | 'already' | 'declined' | 'running'>;
  /** The card asks for a confirmation step. */
  awaitAuthentication(sessionId: string): Promise<void>;
  /** The confirmation step failed: the checkout is open again. */
  reopen(sessionId: string): Promise<void>;
}

/** The providers' port, over the repository and the lifecycle. */
export class SubscriptionPort implements StripePort, LocalPort {
  constructor(
    private readonly repo: SubscriptionRepository,
    private readonly lifecycle: Lifecycle,
    private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock.now();
  }
  inTransaction<T>(work: (db: Db, after: AfterCommit) => Promise<T>): Promise<T> {
    return this.lifecycle.inTransaction(work);
  }
  applyState(state: ProviderState, db: Db, after: AfterCommit): Promise<boolean> {
    return this.lifecycle.applyState(state, db, after);
  }
  recordInvoice(fact: InvoiceFact, db: Db, after: AfterCommit): Promise<void> {
    return this.lifecycle.recordInvoice(fact, db, after);
  }
  restateInvoice(
    invoice: StoredInvoice,
    status: InvoiceStatus,
    amountMinor: number,
    db: Db,
    after: AfterCommit,
  ) {
    return this.lifecycle.restateInvoice(invoice, status, amountMinor, db, after);
  }
  recordLocalCharge(charge: LocalCharge, db: Db, after: AfterCommit): Promise<void> {
    return this.lifecycle.recordLocalCharge(charge, db, after);
  }
  stateOf(subscription: Subscription): ProviderState {
    return this.lifecycle.stateOf(subscription);
  }
  findSubscription(userId: string, db?: Db): Promise<Subscription | undefined> {
    return this.repo.findSubscription(userId, db);
  }
  claimPeriodEnd(userId: string, periodEnd: string, db: Db): Promise<boolean> {
    return this.repo.claimPeriodEnd(userId, periodEnd, db);
  }
  findPlan(id: string, db?: Db): Promise<StoredPlan | null> {
    return this.repo.findPlan(id, db);
  }
  listPlans(db: Db): Promise<StoredPlan[]> {
    return this.repo.listPlans(db);
  }

  // Stripe

  claimEvent(id: string, type: string, db: Db): Promise<boolean> {
    return this.repo.claimEvent(id, type, this.now().toISOString(), db);
  }
  findCheckout(sessionId: string, db: Db): Promise<PaymentSession | undefined> {
    return this.repo.findSession(sessionId, db);
  }
  latestCheckout(userId: string, db: Db): Promise<PaymentSession | undefined> {
    return this.repo.latestCheckout(userId, db);
  }
  async completeCheckout(sessionId: string, providerSessionId: string, db: Db): Promise<void> {
    await this.repo.moveSession(
      sessionId,
      ['open', 'authenticating'],
      { status: 'completed', completedAt: this.now().toISOString(), providerSessionId },
      db,
    );
  }
  linkCustomer(userId: string, customerId: string, db: Db): Promise<void> {
    return this.repo.updateSubscription(userId, { customerId }, db);
  }
  async findByProviderIds(
    ids: { subscriptionId: string | null; customerId: string | null },
    db: Db,
  ): Promise<Subscription | undefined> {
    return (
      (ids.subscriptionId ? await this.repo.findByProviderSubscription(ids.subscriptionId, db) : undefined) ??
      (ids.customerId ? await this.repo.findByCustomer(ids.customerId, db) : undefined)
    );
  }
  subscriptionsOf(provider: ProviderName): Promise<Subscription[]> {
    return this.repo.listByProvider(provider);
  }
  findInvoice(providerInvoiceId: string, db: Db): Promise<StoredInvoice | undefined> {
    return this.repo.findInvoiceByProviderId(providerInvoiceId, db);
  }
  listInvoices(userId: string, db: Db): Promise<StoredInvoice[]> {
    return this.repo.listInvoices(userId, db);
  }

  // Local

  dueBy(untilIso: string): Promise<Subscription[]> {
    return this.repo.localDue(untilIso);
  }
  async openCardSession(subscription: Subscription, ttlMs: number): Promise<string> {
    const id = randomSessionId();
    const now = this.now();
    await this.repo.insertSession({
      id,
      userId: subscription.userId,
      kind: 'card',
      customerEmail: subscription.customerEmail,
      customerName: subscription.customerName,
      planId: subscription.planId,
      couponCode: null,
      status: 'open',
      providerSessionId: null,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
      completedAt: null,
    });
    return id;
  }
  setCard(userId: string, card: { last4: string; behaviour: CardBehaviour }, db: Db): Promise<void> {
    return this.repo.updateSubscription(userId, { cardLast4: card.last4, cardBehaviour: card.behaviour }, db);
  }
  openInvoices(userId: string, db: Db): Promise<StoredInvoice[]> {
    return this.repo.openInvoices(userId, db);
  }
  paidInvoiceFor(userId: string, periodStart: string, db?: Db): Promise<StoredInvoice | undefined> {
    return this.repo.paidInvoiceFor(userId, periodStart, db);
  }
}

/** Ids of checkouts and card visits: they are the secret in the pay page links. */
export function randomSessionId(): string {
  return randomBytes(24).toString('base64url');
}
