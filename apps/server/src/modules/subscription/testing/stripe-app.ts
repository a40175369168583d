import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../testing/harness.ts';
import { DEFAULT_PLANS } from '../config.ts';
import { verifiedUser } from './subscribers.ts';

// The Stripe tests' setup: the app with the Stripe adapter against a local HTTP server that speaks
// the part of Stripe's API it uses, and signed webhook deliveries.

export const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const signer = new Stripe('sk_test_signer');

interface Recorded {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

/** A small stand-in for api.stripe.com: records requests, answers like Stripe, can be slow. */
export class FakeStripe {
  server: Server;
  requests: Recorded[] = [];
  delayMs = 0;
  /** Requests whose answer is still being delayed. */
  pending = 0;
  subscriptions = new Map<string, Record<string, unknown>>();

  constructor() {
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  async starcurrent(): Promise<string> {
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

/**
 * Registers the hooks that start the fake Stripe and an app using it, and returns the helpers of
 * a Stripe test file. Call once at the top of the file.
 */
export function useStripeApp() {
  const fake = new FakeStripe();
  let app: TestApp | undefined;
  const current = () => {
    if (!app) throw new Error('the Stripe test app is used before beforeAll ran');
    return app;
  };

  beforeAll(async () => {
    const apiUrl = await fake.starcurrent();
    app = await createTestApp({
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
    await app?.close();
    fake.server.close();
  });
  beforeEach(() => {
    fake.delayMs = 0;
    fake.requests = [];
  });

  const nowSeconds = () => Math.floor(current().clock.now().getTime() / 1000);
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
    return current().app.inject({
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
    (await current().app.inject({ url: '/api/subscription/status', headers: bearer(token) })).json();

  async function subscribedThroughWebhooks() {
    const person = await verifiedUser(current().app);
    const checkout = await current().app.inject({
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

  return {
    fake,
    /** The app under test (once beforeAll has run). */
    get t(): TestApp {
      return current();
    },
    verifiedUser: () => verifiedUser(current().app),
    nowSeconds,
    event,
    deliver,
    subscriptionObject,
    status,
    subscribedThroughWebhooks,
  };
}
