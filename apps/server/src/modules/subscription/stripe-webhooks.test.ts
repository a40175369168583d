import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bearer, errorOf } from '../../testing/harness.ts';
import { useStripeApp } from './testing/stripe-app.ts';

// Stripe's webhooks: signatures, each event once, and the newest state winning.

const stripe = useStripeApp();
const { verifiedUser, nowSeconds, event, deliver, subscriptionObject, status, subscribedThroughWebhooks } =
  stripe;

describe('webhooks', () => {
  it('a good signature is applied: trialing, with the trial mail', async () => {
    const { person } = await subscribedThroughWebhooks();
    expect(await status(person.token)).toMatchObject({ subscriptionStatus: 'trialing', hasPaidAccess: true });
    const mails = await stripe.t.app.database.db
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
      await stripe.t.app.inject({ url: '/api/subscription/invoices', headers: bearer(person.token) })
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
    const mails = await stripe.t.app.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', person.email)
      .where('subject', '=', 'Your payment did not go through')
      .execute();
    expect(mails).toHaveLength(1);
    const invoices = await stripe.t.app.database.db
      .selectFrom('invoices')
      .select('status')
      .where('user_id', '=', person.userId)
      .execute();
    expect(invoices).toEqual([{ status: 'failed' }]);
    const events = await stripe.t.app.database.db
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
