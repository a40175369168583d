import { SUBSCRIPTION_ERRORS } from '@app/contracts/error-catalogue.ts';
import { type SubscriptionStatus, SubscriptionStatusSchema } from '@app/contracts/subscription.ts';
import type { FastifyPluginAsync } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '../../platform/errors.ts';
import type { AfterCommit } from './after-commit.ts';
import type { ProviderState, StripePort } from './port.ts';
import { discountAfterChange, switchSetBy } from './proration.ts';
import {
  type CheckoutRequest,
  type PaymentProvider,
  type PlanChangeRequest,
  type ProratedCharge,
  ProviderRefusedError,
  ProviderUnavailableError,
} from './provider.ts';
import type { Db, Subscription } from './repository.ts';
import { StripePlanChanges } from './stripe-plan-changes.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another address for the API (a Stripe-compatible test server); Stripe's own by default. */
  apiUrl?: string | undefined;
  timeoutMs?: number | undefined;
  /** The longest a person waits for Stripe, retries included; 10 s by default. */
  deadlineMs?: number | undefined;
}

const DEFAULT_DEADLINE_MS = 10_000;

/** Signatures older than this are refused (replay protection). */
const WEBHOOK_TOLERANCE_S = 300;
const WEBHOOK_MESSAGES = {
  badSignature: 'The webhook signature is not valid.',
} as const;

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

// Within one second, later kinds of subscription event describe later states.
const EVENT_RANK: Record<string, number> = {
  'customer.subscription.created': 0,
  'customer.subscription.updated': 1,
  'customer.subscription.deleted': 2,
};

/**
 * Wraps SDK errors: unreachable, overloaded or slower than the deadline is "unavailable", anything
 * else a refusal. The deadline bounds the SDK's own timeout and retry together.
 */
async function call<T>(work: () => Promise<T>, deadlineMs = DEFAULT_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ProviderUnavailableError(new Error(`no answer within ${deadlineMs} ms`))),
      deadlineMs,
    );
  });
  try {
    return await Promise.race([work(), late]);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw error;
    if (error instanceof AppError) throw error;
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      (error instanceof Stripe.errors.StripeAPIError && (error.statusCode ?? 500) >= 500) ||
      (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)
    ) {
      throw new ProviderUnavailableError(error);
    }
    throw new ProviderRefusedError(error instanceof Error ? error.message : 'refused', error);
  } finally {
    clearTimeout(timer);
  }
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly client: Stripe;
  private readonly planChanges: StripePlanChanges;

  constructor(
    private readonly settings: StripeSettings,
    private readonly port: StripePort,
  ) {
    const url = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    this.client = new Stripe(settings.secretKey, {
      // Two tries of 4.5 s fit the deadline.
      timeout: settings.timeoutMs ?? 4_500,
      maxNetworkRetries: 1,
      telemetry: false,
      ...(url && {
        host: url.hostname,
        port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
        protocol: url.protocol === 'https:' ? 'https' : 'http',
      }),
    });
    this.planChanges = new StripePlanChanges(this.client, (work) => this.call(work));
  }

  private call<T>(work: () => Promise<T>): Promise<T> {
    return call(work, this.settings.deadlineMs);
  }

  async createCheckout(request: CheckoutRequest) {
    const { plan, user, coupon } = request;
    return this.call(async () => {
      const session = await this.client.checkout.sessions.create(
        {
          mode: 'subscription',
          client_reference_id: user.id,
          ...(request.customerId ? { customer: request.customerId } : { customer_email: user.email }),
          line_items: [
            plan.stripePriceId
              ? { price: plan.stripePriceId, quantity: 1 }
              : {
                  quantity: 1,
                  price_data: {
                    currency: plan.currency.toLowerCase(),
                    unit_amount: plan.priceMinor,
                    recurring: { interval: plan.interval },
                    product_data: { name: plan.name },
                  },
                },
          ],
          subscription_data: {
            ...(request.trialDays > 0 && { trial_period_days: request.trialDays }),
            metadata: { userId: user.id, planId: plan.id },
          },
          // Our coupons exist in Stripe under the same id; without one, Stripe's promotion codes are offered.
          ...(coupon ? { discounts: [{ coupon: coupon.code }] } : { allow_promotion_codes: true }),
          metadata: { sessionId: request.sessionId, userId: user.id, planId: plan.id },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // A retry after a lost answer returns the same Checkout Session instead of opening another.
        { idempotencyKey: `checkout-${request.sessionId}` },
      );
      if (!session.url) throw new ProviderRefusedError('checkout session without a URL');
      return { url: session.url, providerSessionId: session.id };
    });
  }

  async expireCheckout(providerSessionId: string): Promise<void> {
    await this.call(() => this.client.checkout.sessions.expire(providerSessionId));
  }

  async setCancelAtPeriodEnd(subscription: Subscription, cancel: boolean): Promise<void> {
    const id = subscription.providerSubscriptionId;
    if (!id) throw new AppError(404, 'NOT_FOUND', SUBSCRIPTION_ERRORS.noSubscription);
    await this.call(() => this.client.subscriptions.update(id, { cancel_at_period_end: cancel }));
  }

  async cancelNow(subscription: Subscription): Promise<void> {
    const id = subscription.providerSubscriptionId;
    if (!id) return;
    await this.call(() => this.client.subscriptions.cancel(id));
  }

  quotePlanChange(change: PlanChangeRequest): Promise<ProratedCharge> {
    return this.planChanges.quote(change);
  }

  /** Stripe makes the change; its answer is applied at once (the webhooks that follow agree). */
  async changePlan(change: PlanChangeRequest): Promise<void> {
    const updated = await this.planChanges.apply(change);
    await this.port.inTransaction(async (db, after) => {
      const current = await this.port.findSubscription(change.subscription.userId, db);
      if (!current) return;
      const version = Math.max(this.port.now().getTime(), current.providerVersion + 1);
      if (!updated) {
        const state = { ...this.port.stateOf(current), scheduled: switchSetBy(change), version };
        await this.port.applyState(state, db, after);
        return;
      }
      const state = await this.stateFrom(updated, version, db);
      if (state)
        await this.port.applyState({ ...state, ...discountAfterChange(change), scheduled: null }, db, after);
    });
  }

  async manageCardUrl(subscription: Subscription, returnUrl: string): Promise<string> {
    const customer = subscription.customerId;
    if (!customer) throw new AppError(404, 'NOT_FOUND', SUBSCRIPTION_ERRORS.noCustomer);
    const session = await this.call(() =>
      this.client.billingPortal.sessions.create({ customer, return_url: returnUrl }),
    );
    return session.url;
  }

  /** Verifies and applies one webhook delivery; each event id takes effect once. */
  async handleWebhook(rawBody: Buffer, signature: string | string[] | undefined): Promise<void> {
    let event: Stripe.Event;
    try {
      if (typeof signature !== 'string') throw new Error('missing signature');
      event = this.client.webhooks.constructEvent(
        rawBody,
        signature,
        this.settings.webhookSecret,
        WEBHOOK_TOLERANCE_S,
        undefined,
        this.port.now().getTime(),
      );
    } catch {
      throw new AppError(400, 'BAD_REQUEST', WEBHOOK_MESSAGES.badSignature);
    }
    await this.port.inTransaction(async (db, after) => {
      if (!(await this.port.claimEvent(event.id, event.type, db))) return;
      await this.apply(event, db, after);
    });
  }

  private async apply(event: Stripe.Event, db: Db, after: AfterCommit): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
        return this.checkoutCompleted(event.data.object, db, after);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const version = event.created * 1000 + (EVENT_RANK[event.type] ?? 0);
        const state = await this.stateFrom(event.data.object, version, db, event.type.endsWith('deleted'));
        if (state) await this.port.applyState(state, db, after);
        return;
      }
      case 'invoice.paid':
      case 'invoice.payment_failed':
        return this.invoice(event.data.object, event.type === 'invoice.paid', db, after);
      case 'charge.refunded':
        return this.refund(event.data.object, db, after);
      default:
        // Every other event type is acknowledged and ignored.
        return;
    }
  }

  private async checkoutCompleted(session: Stripe.Checkout.Session, db: Db, after: AfterCommit) {
    const ours = session.metadata?.sessionId
      ? await this.port.findCheckout(session.metadata.sessionId, db)
      : undefined;
    const userId = session.client_reference_id ?? session.metadata?.userId ?? ours?.userId;
    if (!userId) return;
    if (ours) await this.port.completeCheckout(ours.id, session.id, db);
    const subscriptionId = idOf(session.subscription);
    const customerId = idOf(session.customer);
    const known = await this.port.findSubscription(userId, db);
    if (known && known.providerSubscriptionId === subscriptionId) {
      if (!known.customerId && customerId) await this.port.linkCustomer(userId, customerId, db);
      return;
    }
    if (
      known?.providerSubscriptionId &&
      subscriptionId &&
      known.providerVersion > 0 &&
      known.status !== 'canceled' &&
      known.status !== 'incomplete_expired'
    ) {
      // A running subscription is never replaced by a link alone; its own events decide.
      return;
    }
    // The subscription's own events carry its state; until they arrive it is incomplete.
    await this.port.applyState(
      {
        userId,
        planId: ours?.planId ?? session.metadata?.planId ?? known?.planId ?? 'monthly',
        status: 'incomplete',
        provider: 'stripe',
        customerId,
        providerSubscriptionId: subscriptionId,
        currentPeriodStart: null,
        currentPeriodEnd: null,
        trialEnd: null,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        version: 0,
        person: {
          email: ours?.customerEmail ?? session.customer_details?.email ?? session.customer_email ?? '',
          name: ours?.customerName ?? session.customer_details?.name ?? '',
        },
        couponCode: ours?.couponCode ?? null,
      },
      db,
      after,
    );
  }

  /** The product's view of a Stripe subscription object, or null when it belongs to nobody we know. */
  private async stateFrom(
    sub: Stripe.Subscription,
    version: number,
    db: Db,
    deleted = false,
  ): Promise<ProviderState | null> {
    const customerId = idOf(sub.customer);
    const known = await this.port.findByProviderIds({ subscriptionId: sub.id, customerId }, db);
    const userId = sub.metadata?.userId ?? known?.userId;
    if (!userId) return null;
    const item = sub.items?.data?.[0];
    const priceId = item?.price?.id;
    const plans = await this.port.listPlans(db);
    const planId =
      sub.metadata?.planId ??
      plans.find((p) => p.stripePriceId && p.stripePriceId === priceId)?.id ??
      known?.planId;
    if (!planId) return null;
    const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
    const parsed = SubscriptionStatusSchema.safeParse(sub.status);
    const status: SubscriptionStatus = deleted ? 'canceled' : parsed.success ? parsed.data : 'incomplete';
    const session = known ? undefined : await this.port.latestCheckout(userId, db);
    return {
      userId,
      planId,
      status,
      provider: 'stripe',
      customerId,
      providerSubscriptionId: sub.id,
      currentPeriodStart: iso(item?.current_period_start ?? legacy.current_period_start),
      currentPeriodEnd: iso(item?.current_period_end ?? legacy.current_period_end),
      trialEnd: iso(sub.trial_end),
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      canceledAt: iso(sub.canceled_at),
      version,
      ...(session && {
        person: { email: session.customerEmail, name: session.customerName },
        couponCode: session.couponCode,
      }),
    };
  }

  private async invoice(invoice: Stripe.Invoice, paid: boolean, db: Db, after: AfterCommit) {
    const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
    const subscriptionId =
      idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy.subscription);
    const customerId = idOf(invoice.customer);
    const known = await this.port.findByProviderIds({ subscriptionId, customerId }, db);
    const userId = known?.userId ?? invoice.parent?.subscription_details?.metadata?.userId;
    if (!userId || !invoice.id) return;
    await this.port.recordInvoice(
      {
        userId,
        providerInvoiceId: invoice.id,
        status: paid ? 'paid' : 'failed',
        amountMinor: paid ? invoice.amount_paid : invoice.amount_due,
        currency: invoice.currency.toUpperCase(),
        planId: known?.planId ?? null,
        periodStart: iso(invoice.period_start),
        periodEnd: iso(invoice.period_end),
        couponCode: known?.couponCode ?? null,
      },
      db,
      after,
    );
  }

  private async refund(charge: Stripe.Charge, db: Db, after: AfterCommit) {
    const customerId = idOf(charge.customer);
    const known = await this.port.findByProviderIds({ subscriptionId: null, customerId }, db);
    if (!known) return;
    const legacy = charge as unknown as { invoice?: string | { id: string } | null };
    const invoiceId = idOf(legacy.invoice);
    const invoice = invoiceId
      ? await this.port.findInvoice(invoiceId, db)
      : (await this.port.listInvoices(known.userId, db)).find(
          (i) => i.status === 'paid' && i.amountMinor === charge.amount,
        );
    if (!invoice?.providerInvoiceId) return;
    await this.port.restateInvoice(invoice, 'refunded', charge.amount_refunded, db, after);
  }

  /** Refreshes every Stripe subscription we know from Stripe itself (missed or lost webhooks). */
  async reconcile(): Promise<{ refreshed: number; failed: number }> {
    let refreshed = 0;
    let failed = 0;
    for (const known of await this.port.subscriptionsOf('stripe')) {
      const id = known.providerSubscriptionId;
      if (!id) continue;
      try {
        const sub = await this.call(() => this.client.subscriptions.retrieve(id));
        await this.port.inTransaction(async (db, after) => {
          // What Stripe says now is newer than any event we have seen.
          const state = await this.stateFrom(sub, this.port.now().getTime(), db, sub.status === 'canceled');
          if (state) await this.port.applyState(state, db, after);
        });
        refreshed += 1;
      } catch {
        failed += 1;
      }
    }
    return { refreshed, failed };
  }
}

/** POST /api/subscription/webhook: the raw body is kept for the signature check. */
export const stripeWebhookRoutes: FastifyPluginAsync<{ stripe: StripeProvider }> = async (
  app,
  { stripe },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  // Stripe sends bursts from few addresses; deliveries are authenticated by signature instead.
  app.post('/webhook', { schema: { hide: true }, config: { rateLimit: false } }, async (request) => {
    await stripe.handleWebhook(request.body as Buffer, request.headers['stripe-signature']);
    return { received: true };
  });
};
