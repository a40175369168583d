import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  errorOf,
  register,
  secretFromOutbox,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';
import { DEFAULT_PLANS } from './config.ts';

// The Stripe adapter against a local HTTP server that speaks the part of Stripe's API it uses.

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const signer = new Stripe('sk_test_signer');

interface Recorded {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

/** A small stand-in for api.stripe.com: records requests, answers like Stripe, can be slow. */
class FakeStripe {
  server: Server;
  requests: Recorded[] = [];
  delayMs = 0;
  /** Requests whose answer is still being delayed. */
  pending = 0;
  subscriptions = new Map<string, Record<string, unknown>>();

  constructor() {
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let body = '';
    for await (const chunk of request) body += chunk;
    const path = (request.url ?? '').split('?')[0] ?? '';
    const idempotencyKey = request.headers['idempotency-key'];
    this.requests.push({
      method: request.method ?? '',
      path,
      form: new URLSearchParams(body),
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    });
    if (this.delayMs > 0) {
      this.pending += 1;
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      this.pending -= 1;
    }
    if (response.destroyed) return;
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      response.end(JSON.stringify(value));
    };
    if (request.headers.authorization !== 'Bearer sk_test_fake') {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(path);
    if (request.method === 'POST' && expire?.[1]) {
      return send(200, { id: expire[1], object: 'checkout.session', status: 'expired', url: null });
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${randomBytes(6).toString('hex')}`;
      return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` });
    }
    if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      return send(200, {
        id: 'bps_test',
        object: 'billing_portal.session',
        url: 'https://billing.stripe.test/p/session/test',
      });
    }
    const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (sub?.[1]) {
      const stored = this.subscriptions.get(sub[1]);
      if (!stored)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      if (request.method === 'DELETE') stored.status = 'canceled';
      if (request.method === 'POST') {
        const cancel = new URLSearchParams(body).get('cancel_at_period_end');
        if (cancel !== null) stored.cancel_at_period_end = cancel === 'true';
      }
      return send(200, stored);
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
    });
  }
}

const fake = new FakeStripe();
let t: TestApp;

beforeAll(async () => {
  const apiUrl = await fake.start();
  t = await createTestApp({
    config: {
      billing: {
        provider: 'stripe',
        stripe: { secretKey: 'sk_test_fake', webhookSecret: WEBHOOK_SECRET, apiUrl, timeoutMs: 400 },
        pastDueGraceMs: 3 * 86_400_000,
        testClockControl: false,
        plans: DEFAULT_PLANS,
        coupons: [{ code: 'STARS20', percentOff: 20, duration: 'once' }],
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  fake.server.close();
});
beforeEach(() => {
  fake.delayMs = 0;
  fake.requests = [];
});

async function verifiedUser() {
  const email = uniqueEmail();
  const person = await register(t.app, email);
  await t.app.inject(`/api/auth/verify-email/${await secretFromOutbox(t.app, email, 'verify-email')}`);
  return person;
}

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
let eventCounter = 0;

function event(type: string, object: Record<string, unknown>, created = nowSeconds()) {
  eventCounter += 1;
  return {
    id: `evt_${eventCounter}_${randomBytes(4).toString('hex')}`,
    object: 'event',
    type,
    created,
    data: { object },
  };
}

function deliver(
  payload: unknown,
  options: { secret?: string; timestamp?: number; tamper?: boolean; header?: string | null } = {},
) {
  const body = JSON.stringify(payload);
  const signature = signer.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp ?? nowSeconds(),
  });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.header !== null) headers['stripe-signature'] = options.header ?? signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/subscription/webhook',
    headers,
    payload: options.tamper ? body.replace('"trialing"', '"active"') : body,
  });
}

function subscriptionObject(id: string, userId: string, changes: Record<string, unknown> = {}) {
  const start = nowSeconds();
  return {
    id,
    object: 'subscription',
    customer: `cus_${userId.slice(0, 8)}`,
    status: 'trialing',
    cancel_at_period_end: false,
    canceled_at: null,
    trial_end: start + 7 * 86_400,
    metadata: { userId, planId: 'monthly' },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          price: { id: 'price_x' },
          current_period_start: start,
          current_period_end: start + 7 * 86_400,
        },
      ],
    },
    ...changes,
  };
}

const status = async (token: string) =>
  (await t.app.inject({ url: '/api/subscription/status', headers: bearer(token) })).json();

async function subscribedThroughWebhooks() {
  const person = await verifiedUser();
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/subscription/create-subscription',
    headers: bearer(person.token),
    payload: { planId: 'monthly' },
  });
  expect(checkout.statusCode).toBe(200);
  const subId = `sub_${randomBytes(6).toString('hex')}`;
  const object = subscriptionObject(subId, person.userId);
  expect((await deliver(event('customer.subscription.created', object))).statusCode).toBe(200);
  return { person, subId, object };
}

describe('checkout and portal', () => {
  it('creates a Checkout Session in subscription mode with the trial, the coupon and who is paying', async () => {
    const person = await verifiedUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/create-subscription',
      headers: bearer(person.token),
      payload: { planId: 'monthly', couponCode: 'stars20' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sent = fake.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(sent?.form.get('mode')).toBe('subscription');
    expect(sent?.form.get('subscription_data[trial_period_days]')).toBe('7');
    expect(sent?.form.get('discounts[0][coupon]')).toBe('STARS20');
    expect(sent?.form.get('client_reference_id')).toBe(person.userId);
    expect(sent?.form.get('subscription_data[metadata][userId]')).toBe(person.userId);
    expect(sent?.form.get('line_items[0][price_data][unit_amount]')).toBe('1499');
    expect(sent?.form.get('success_url')).toMatch(/^http:\/\/app\.test\/#\/success\?session=/);
    // A retried request cannot open a second Checkout Session.
    expect(sent?.idempotencyKey).toBe(`checkout-${response.json().sessionId}`);
  });

  it('opening a second checkout expires the first at Stripe, so only one can be paid', async () => {
    const person = await verifiedUser();
    const open = (planId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscription/create-subscription',
        headers: bearer(person.token),
        payload: { planId },
      });
    const first = (await open('monthly')).json().url as string;
    await open('yearly');
    const firstId = /cs_test_\w+/.exec(first)?.[0];
    const expired = fake.requests.filter((r) => r.path.endsWith('/expire'));
    expect(expired.map((r) => r.path)).toEqual([`/v1/checkout/sessions/${firstId}/expire`]);
  });

  it('a Stripe that does not answer is given up on at the deadline, retries included', async () => {
    const slow = await createTestApp({
      config: {
        billing: {
          ...t.app.config.billing,
          stripe: {
            secretKey: 'sk_test_fake',
            webhookSecret: WEBHOOK_SECRET,
            apiUrl: fake.url,
            timeoutMs: 5_000,
            deadlineMs: 300,
          },
        },
      },
    });
    try {
      const email = uniqueEmail();
      const person = await register(slow.app, email);
      await slow.app.inject(
        `/api/auth/verify-email/${await secretFromOutbox(slow.app, email, 'verify-email')}`,
      );
      fake.delayMs = 2_000;
      const response = await slow.app.inject({
        method: 'POST',
        url: '/api/subscription/create-subscription',
        headers: bearer(person.token),
        payload: { planId: 'monthly' },
      });
      expect(errorOf(response)).toMatchObject({ status: 503, error: 'Service temporarily unavailable' });
      // The answer came while Stripe was still holding the request: the deadline ended the wait.
      expect(fake.pending).toBe(1);
    } finally {
      await slow.close();
    }
  });

  it('a provider timeout: 503 "Service temporarily unavailable" and nothing stored', async () => {
    const person = await verifiedUser();
    fake.delayMs = 1500;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/create-subscription',
      headers: bearer(person.token),
      payload: { planId: 'monthly' },
    });
    expect(errorOf(response)).toEqual({
      status: 503,
      code: 'UNAVAILABLE',
      error: 'Service temporarily unavailable',
    });
    const sessions = await t.app.database.db
      .selectFrom('payment_sessions')
      .select('id')
      .where('user_id', '=', person.userId)
      .execute();
    expect(sessions).toHaveLength(0);
    expect((await status(person.token)).subscriptionStatus).toBeNull();
  });

  it('the billing portal manages the card; without a customer: "No customer found"', async () => {
    const nobody = await verifiedUser();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/update-payment-method',
      headers: bearer(nobody.token),
    });
    expect(errorOf(refused)).toMatchObject({ status: 404, error: 'No customer found' });
    const { person } = await subscribedThroughWebhooks();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/update-payment-method',
      headers: bearer(person.token),
    });
    expect(response.json()).toEqual({ success: true, url: 'https://billing.stripe.test/p/session/test' });
    const sent = fake.requests.find((r) => r.path === '/v1/billing_portal/sessions');
    expect(sent?.form.get('return_url')).toBe('http://app.test/#/subscription');
  });

  it('cancel sets cancel_at_period_end at Stripe; reconciliation takes Stripe’s word', async () => {
    const { person, subId, object } = await subscribedThroughWebhooks();
    fake.subscriptions.set(subId, { ...object });
    const canceled = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      headers: bearer(person.token),
    });
    expect(canceled.json()).toMatchObject({ cancelAtPeriodEnd: true });
    expect(
      fake.requests.find((r) => r.path === `/v1/subscriptions/${subId}`)?.form.get('cancel_at_period_end'),
    ).toBe('true');
    fake.subscriptions.set(subId, { ...object, status: 'canceled', canceled_at: nowSeconds() });
    const result = await t.app.subscriptions.reconcile();
    // Subscriptions of other tests that the fake does not know count as failed; this one is refreshed.
    expect(result.refreshed).toBeGreaterThanOrEqual(1);
    expect(await status(person.token)).toMatchObject({
      subscriptionStatus: 'canceled',
      hasPaidAccess: false,
    });
  });
});

describe('account deletion', () => {
  it('ends the Stripe subscription before the account goes; if Stripe is unreachable the account stays', async () => {
    const { person, subId, object } = await subscribedThroughWebhooks();
    fake.subscriptions.set(subId, { ...object });
    const remove = () =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/auth/account',
        headers: bearer(person.token),
        payload: { password: person.password },
      });
    fake.delayMs = 1500;
    expect(errorOf(await remove())).toMatchObject({ status: 503, error: 'Service temporarily unavailable' });
    expect((await status(person.token)).subscriptionStatus).toBe('trialing');
    fake.delayMs = 0;
    expect((await remove()).statusCode).toBe(200);
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subId}`)).toBe(
      true,
    );
    expect(fake.subscriptions.get(subId)?.status).toBe('canceled');
  });
});

describe('webhooks', () => {
  it('a good signature is applied: trialing, with the trial mail', async () => {
    const { person } = await subscribedThroughWebhooks();
    expect(await status(person.token)).toMatchObject({ subscriptionStatus: 'trialing', hasPaidAccess: true });
    const mails = await t.app.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', person.email)
      .execute();
    expect(mails.map((m) => m.subject)).toContain('Your free trial has started');
  });

  it('tampered, stale, wrong-secret and unsigned deliveries are refused and change nothing', async () => {
    const person = await verifiedUser();
    const payload = event('customer.subscription.created', subscriptionObject('sub_bad', person.userId));
    for (const options of [
      { tamper: true },
      { timestamp: nowSeconds() - 301 },
      { secret: 'whsec_wrong' },
      { header: null },
      { header: 't=1,v1=deadbeef' },
    ]) {
      const response = await deliver(payload, options);
      expect(errorOf(response)).toMatchObject({ status: 400, error: 'The webhook signature is not valid.' });
    }
    expect((await status(person.token)).subscriptionStatus).toBeNull();
    // Within the 5-minute tolerance it is fine.
    expect((await deliver(payload, { timestamp: nowSeconds() - 290 })).statusCode).toBe(200);
  });

  it('unknown event types are acknowledged', async () => {
    const response = await deliver(event('customer.tax_id.created', { id: 'txi_1', object: 'tax_id' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
  });

  it('checkout.session.completed links the customer; invoice.paid records the payment', async () => {
    const person = await verifiedUser();
    const subId = `sub_${randomBytes(6).toString('hex')}`;
    const customer = `cus_${randomBytes(4).toString('hex')}`;
    await deliver(
      event('checkout.session.completed', {
        id: 'cs_test_1',
        object: 'checkout.session',
        client_reference_id: person.userId,
        customer,
        subscription: subId,
        metadata: { userId: person.userId, planId: 'yearly' },
        customer_details: { email: person.email, name: 'Test Person' },
      }),
    );
    expect((await status(person.token)).subscriptionStatus).toBe('incomplete');
    await deliver(
      event('customer.subscription.created', {
        ...subscriptionObject(subId, person.userId),
        customer,
        status: 'active',
        trial_end: null,
        metadata: { userId: person.userId, planId: 'yearly' },
      }),
    );
    await deliver(
      event('invoice.paid', {
        id: 'in_paid_1',
        object: 'invoice',
        customer,
        amount_paid: 14388,
        amount_due: 14388,
        currency: 'usd',
        period_start: nowSeconds(),
        period_end: nowSeconds() + 365 * 86_400,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: subId, metadata: { userId: person.userId } },
        },
      }),
    );
    expect(await status(person.token)).toMatchObject({
      subscriptionStatus: 'active',
      plan: { id: 'yearly' },
    });
    const invoices = (
      await t.app.inject({ url: '/api/subscription/invoices', headers: bearer(person.token) })
    ).json().invoices;
    expect(invoices).toEqual([
      expect.objectContaining({ status: 'paid', amountMinor: 14388, currency: 'USD' }),
    ]);
  });

  it('the same event delivered 10 times at once takes effect once', async () => {
    const { person, subId, object } = await subscribedThroughWebhooks();
    const failed = event('invoice.payment_failed', {
      id: `in_${randomBytes(4).toString('hex')}`,
      object: 'invoice',
      customer: object.customer,
      amount_paid: 0,
      amount_due: 1499,
      currency: 'usd',
      period_start: nowSeconds(),
      period_end: nowSeconds() + 30 * 86_400,
      parent: { type: 'subscription_details', subscription_details: { subscription: subId, metadata: {} } },
    });
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(failed)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const mails = await t.app.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', person.email)
      .where('subject', '=', 'Your payment did not go through')
      .execute();
    expect(mails).toHaveLength(1);
    const invoices = await t.app.database.db
      .selectFrom('invoices')
      .select('status')
      .where('user_id', '=', person.userId)
      .execute();
    expect(invoices).toEqual([{ status: 'failed' }]);
    const events = await t.app.database.db
      .selectFrom('billing_events')
      .select('id')
      .where('id', '=', failed.id)
      .execute();
    expect(events).toHaveLength(1);
  });

  it('events in any order end in the state of the newest (property)', async () => {
    const statuses = ['trialing', 'active', 'past_due', 'active', 'canceled'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: statuses.length })
          .chain((length) =>
            fc.shuffledSubarray([...Array(length).keys()], { minLength: length, maxLength: length }),
          ),
        async (order) => {
          const person = await verifiedUser();
          const subId = `sub_${randomBytes(6).toString('hex')}`;
          const base = nowSeconds() - 1000;
          const events = order.map((index) => {
            const value = statuses[index]!;
            const type =
              index === 0
                ? 'customer.subscription.created'
                : value === 'canceled'
                  ? 'customer.subscription.deleted'
                  : 'customer.subscription.updated';
            return event(
              type,
              subscriptionObject(subId, person.userId, { status: value, cancel_at_period_end: index === 3 }),
              base + index * 10,
            );
          });
          for (const delivered of events) expect((await deliver(delivered)).statusCode).toBe(200);
          const newest = Math.max(...order);
          const answer = await status(person.token);
          expect(answer.subscriptionStatus).toBe(statuses[newest]);
          expect(answer.cancelAtPeriodEnd).toBe(newest === 3);
        },
      ),
      { numRuns: 12 },
    );
  }, 60_000);
});
