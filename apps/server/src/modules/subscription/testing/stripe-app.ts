import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../testing/harness.ts';
import { DEFAULT_PLANS } from '../config.ts';
import { FakeStripe, signWebhook, stripeSubscription } from './fake-stripe.ts';
import { verifiedUser } from './subscribers.ts';

// The Stripe tests' setup: the app with the Stripe adapter against a local HTTP server that speaks
// the part of Stripe's API it uses, and signed webhook deliveries.

export const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;

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
    const apiUrl = await fake.start();
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
    fake.failStatus = 0;
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
    const signature = signWebhook(body, options.secret ?? WEBHOOK_SECRET, options.timestamp ?? nowSeconds());
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.header !== null) headers['stripe-signature'] = options.header ?? signature;
    return current().app.inject({
      method: 'POST',
      url: '/api/subscription/webhook',
      headers,
      payload: options.tamper ? body.replace('"trialing"', '"active"') : body,
    });
  }

  const subscriptionObject = (id: string, userId: string, changes: Record<string, unknown> = {}) =>
    stripeSubscription(id, userId, nowSeconds(), changes);

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
