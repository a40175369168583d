import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, errorOf } from '../../testing/harness.ts';
import { useStripeApp, WEBHOOK_SECRET } from './testing/stripe-app.ts';
import { verifiedUser as verifiedUserOf } from './testing/subscribers.ts';

// Checkout, the billing portal, cancelling and account deletion through the Stripe adapter.

const stripe = useStripeApp();
const { fake, verifiedUser, nowSeconds, status, subscribedThroughWebhooks } = stripe;

describe('checkout and portal', () => {
  it('creates a Checkout Session in subscription mode with the trial, the coupon and who is paying', async () => {
    const person = await verifiedUser();
    const response = await stripe.t.app.inject({
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
      stripe.t.app.inject({
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
          ...stripe.t.app.config.billing,
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
      const person = await verifiedUserOf(slow.app);
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

  /**
   * A checkout Stripe fails to open: the 503 of docs/requirements/errors-and-messages.md and no
   * payment session left behind.
   */
  async function expectCheckoutUnavailable(fault: () => void) {
    const person = await verifiedUser();
    fault();
    const response = await stripe.t.app.inject({
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
    const sessions = await stripe.t.app.database.db
      .selectFrom('payment_sessions')
      .select('id')
      .where('user_id', '=', person.userId)
      .execute();
    expect(sessions).toHaveLength(0);
    return person;
  }

  it('a provider timeout: 503 "Service temporarily unavailable" and nothing stored', async () => {
    const person = await expectCheckoutUnavailable(() => {
      fake.delayMs = 1500;
    });
    expect((await status(person.token)).subscriptionStatus).toBeNull();
  });

  it('a Stripe answering 500s: 503 "Service temporarily unavailable" after one retry, nothing stored', async () => {
    await expectCheckoutUnavailable(() => {
      fake.failStatus = 500;
    });
    expect(fake.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(2);
  });

  it('the billing portal manages the card; without a customer: "No customer found"', async () => {
    const nobody = await verifiedUser();
    const refused = await stripe.t.app.inject({
      method: 'POST',
      url: '/api/subscription/update-payment-method',
      headers: bearer(nobody.token),
    });
    expect(errorOf(refused)).toMatchObject({ status: 404, error: 'No customer found' });
    const { person } = await subscribedThroughWebhooks();
    const response = await stripe.t.app.inject({
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
    const canceled = await stripe.t.app.inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      headers: bearer(person.token),
    });
    expect(canceled.json()).toMatchObject({ cancelAtPeriodEnd: true });
    expect(
      fake.requests.find((r) => r.path === `/v1/subscriptions/${subId}`)?.form.get('cancel_at_period_end'),
    ).toBe('true');
    fake.subscriptions.set(subId, { ...object, status: 'canceled', canceled_at: nowSeconds() });
    const result = await stripe.t.app.subscriptions.reconcile();
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
      stripe.t.app.inject({
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
