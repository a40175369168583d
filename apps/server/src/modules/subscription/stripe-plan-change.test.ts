import { describe, expect, it } from 'vitest';
import { bearer, errorOf } from '../../testing/harness.ts';
import { useStripeApp } from './testing/stripe-app.ts';

// Switching plans through the Stripe adapter, against the local Stripe-compatible server: a move up
// updates the subscription item with the proration invoiced at once (as previewed), a move down is
// a subscription schedule, a change in the trial prorates nothing.

const stripe = useStripeApp();
const { fake, nowSeconds, event, deliver, subscriptionObject, status, subscribedThroughWebhooks } = stripe;

const DAY_S = 86_400;
const PLANS = {
  monthly: { unit_amount: 1499, interval: 'month', length: 30 * DAY_S },
  yearly: { unit_amount: 14388, interval: 'year', length: 365 * DAY_S },
} as const;

/** A Stripe subscription past its trial on a plan, ten days into its paid period. */
async function activeOn(planId: keyof typeof PLANS) {
  const { person, subId } = await subscribedThroughWebhooks();
  const { unit_amount, interval, length } = PLANS[planId];
  const start = nowSeconds() - 10 * DAY_S;
  const item = {
    id: 'si_1',
    price: {
      id: `price_${planId}`,
      product: 'prod_test',
      unit_amount,
      currency: 'usd',
      recurring: { interval },
    },
    current_period_start: start,
    current_period_end: start + length,
  };
  const object = subscriptionObject(subId, person.userId, {
    status: 'active',
    trial_end: null,
    metadata: { userId: person.userId, planId },
    items: { object: 'list', data: [item] },
  });
  expect((await deliver(event('customer.subscription.updated', object))).statusCode).toBe(200);
  fake.subscriptions.set(subId, structuredClone(object));
  return { person, subId, object, periodEnd: item.current_period_end };
}

const post = (token: string, path: string, payload: object) =>
  stripe.t.app.inject({ method: 'POST', url: `/api/subscription${path}`, headers: bearer(token), payload });
const sentTo = (path: string | RegExp, method = 'POST') =>
  fake.requests.filter(
    (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
  );

describe('Stripe: moving up', () => {
  it('previews Stripe’s proration invoice, then updates the item as of the preview, invoicing at once', async () => {
    const { person, subId } = await activeOn('monthly');
    const previewed = await post(person.token, '/preview-plan-change', { planId: 'yearly' });
    expect(previewed.statusCode, previewed.body).toBe(200);
    const quote = previewed.json().data;
    const prorationDate = String(Math.floor(Date.parse(quote.quotedAt) / 1000));
    const [asked] = sentTo('/v1/invoices/create_preview');
    expect(Object.fromEntries(asked?.form ?? [])).toMatchObject({
      subscription: subId,
      'subscription_details[items][0][id]': 'si_1',
      'subscription_details[items][0][price_data][unit_amount]': '14388',
      'subscription_details[items][0][price_data][product]': 'prod_test',
      'subscription_details[items][0][price_data][recurring][interval]': 'year',
      'subscription_details[proration_behavior]': 'always_invoice',
      'subscription_details[billing_cycle_anchor]': 'now',
      'subscription_details[proration_date]': prorationDate,
    });
    // Twenty of thirty days unused: 999 of 1499 credited (the fake's figures, taken as Stripe's).
    expect(quote).toMatchObject({ timing: 'now', creditMinor: 999, chargeNowMinor: 14388 - 999 });

    stripe.t.clock.advance(90_000);
    const done = await post(person.token, '/change-plan', { planId: 'yearly', quotedAt: quote.quotedAt });
    expect(done.statusCode, done.body).toBe(200);
    const [update] = sentTo(`/v1/subscriptions/${subId}`);
    expect(Object.fromEntries(update?.form ?? [])).toMatchObject({
      'items[0][id]': 'si_1',
      'items[0][price_data][unit_amount]': '14388',
      proration_behavior: 'always_invoice',
      proration_date: prorationDate,
      billing_cycle_anchor: 'now',
      payment_behavior: 'error_if_incomplete',
      'metadata[planId]': 'yearly',
    });
    expect(update?.idempotencyKey).toBe(`plan-change-${subId}-yearly-${prorationDate}`);
    expect(await status(person.token)).toMatchObject({
      subscriptionStatus: 'active',
      plan: { id: 'yearly' },
      currentPeriodEnd: new Date((Number(prorationDate) + 365 * DAY_S) * 1000).toISOString(),
      nextPayment: { amountMinor: 14388, planId: 'yearly' },
    });
  });

  it('a card Stripe declines: 402 and nothing changes', async () => {
    const { person } = await activeOn('monthly');
    const before = await status(person.token);
    fake.declineCharges = true;
    try {
      const refused = await post(person.token, '/change-plan', { planId: 'yearly' });
      expect(errorOf(refused)).toMatchObject({ status: 402, error: 'Payment processing error' });
    } finally {
      fake.declineCharges = false;
    }
    expect(await status(person.token)).toEqual(before);
  });
});

describe('Stripe: moving down', () => {
  it('sets a schedule whose next phase is the new plan from the period end; calling it off releases it', async () => {
    const { person, subId, object, periodEnd } = await activeOn('yearly');
    const before = await status(person.token);
    const done = await post(person.token, '/change-plan', { planId: 'monthly' });
    expect(done.json().data.change).toMatchObject({ timing: 'period_end', chargeNowMinor: 0 });
    expect(sentTo('/v1/subscription_schedules')[0]?.form.get('from_subscription')).toBe(subId);
    const [update] = sentTo(/^\/v1\/subscription_schedules\/sub_sched_\w+$/);
    expect(Object.fromEntries(update?.form ?? [])).toMatchObject({
      end_behavior: 'release',
      'phases[0][items][0][price]': 'price_yearly',
      'phases[0][end_date]': String(periodEnd),
      'phases[0][metadata][planId]': 'yearly',
      'phases[1][items][0][price_data][unit_amount]': '1499',
      'phases[1][items][0][price_data][recurring][interval]': 'month',
      'phases[1][duration][interval]': 'month',
      'phases[1][proration_behavior]': 'none',
      'phases[1][metadata][planId]': 'monthly',
    });
    // No subscription update: nothing is charged now.
    expect(sentTo(`/v1/subscriptions/${subId}`)).toHaveLength(0);
    expect(await status(person.token)).toMatchObject({
      plan: { id: 'yearly' },
      scheduledChange: { plan: { id: 'monthly' }, at: before.currentPeriodEnd },
      nextPayment: { amountMinor: 1499, planId: 'monthly', at: before.currentPeriodEnd },
    });

    await post(person.token, '/change-plan', { planId: 'yearly' });
    expect(sentTo(/^\/v1\/subscription_schedules\/sub_sched_\w+\/release$/)).toHaveLength(1);
    expect((await status(person.token)).scheduledChange).toBeNull();

    // Set again; when the period ends Stripe moves to the next phase and says so.
    await post(person.token, '/change-plan', { planId: 'monthly' });
    stripe.t.clock.advance(60_000);
    const switched = {
      ...object,
      metadata: { userId: person.userId, planId: 'monthly' },
      items: {
        object: 'list',
        data: [
          {
            id: 'si_1',
            price: {
              id: 'price_m',
              product: 'prod_test',
              unit_amount: 1499,
              recurring: { interval: 'month' },
            },
            current_period_start: periodEnd,
            current_period_end: periodEnd + 30 * DAY_S,
          },
        ],
      },
    };
    expect((await deliver(event('customer.subscription.updated', switched))).statusCode).toBe(200);
    expect(await status(person.token)).toMatchObject({
      plan: { id: 'monthly' },
      scheduledChange: null,
      nextPayment: { amountMinor: 1499, planId: 'monthly' },
    });
  });

  it('cancelling releases the schedule before setting the cancellation', async () => {
    const { person, subId } = await activeOn('yearly');
    await post(person.token, '/change-plan', { planId: 'monthly' });
    fake.requests = [];
    const canceled = await stripe.t.app.inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      headers: bearer(person.token),
    });
    expect(canceled.json()).toMatchObject({ cancelAtPeriodEnd: true, scheduledChange: null });
    const paths = fake.requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(paths.at(-1)).toBe(`/v1/subscriptions/${subId}`);
    expect(paths.some((p) => p.endsWith('/release'))).toBe(true);
  });
});

describe('Stripe: in the trial', () => {
  it('changes the item without proration; the trial goes on', async () => {
    const { person, subId, object } = await subscribedThroughWebhooks();
    fake.subscriptions.set(subId, structuredClone(object));
    const before = await status(person.token);
    const done = await post(person.token, '/change-plan', { planId: 'yearly' });
    expect(done.json().data.change).toMatchObject({ timing: 'trial', chargeNowMinor: 0 });
    const [update] = sentTo(`/v1/subscriptions/${subId}`);
    expect(update?.form.get('proration_behavior')).toBe('none');
    expect(update?.form.get('proration_date')).toBeNull();
    expect(update?.form.get('items[0][price_data][unit_amount]')).toBe('14388');
    expect(await status(person.token)).toMatchObject({
      subscriptionStatus: 'trialing',
      plan: { id: 'yearly' },
      trialEnd: before.trialEnd,
      nextPayment: { amountMinor: 14388, at: before.trialEnd },
    });
  });
});
