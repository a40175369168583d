import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  errorOf,
  register,
  secretFromOutbox,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';
import { type Subscription, SubscriptionRepository } from './repository.ts';

const DAY = 86_400_000;
let t: TestApp;
let repo: SubscriptionRepository;
const adminEmail = uniqueEmail('admin');

beforeAll(async () => {
  t = await createTestApp({
    config: { adminEmails: [adminEmail] },
    beforeReady: (app: FastifyInstance) => {
      app.get('/api/test-paid', { preHandler: app.requirePaidAccess }, async () => ({ ok: true }));
    },
  });
  repo = new SubscriptionRepository(t.app.database.db);
});
afterAll(() => t.close());

async function verifiedUser(email = uniqueEmail()) {
  const person = await register(t.app, email);
  await t.app.inject(`/api/auth/verify-email/${await secretFromOutbox(t.app, email, 'verify-email')}`);
  return person;
}

function row(userId: string, changes: Partial<Subscription>): Subscription {
  const now = t.clock.now();
  return {
    userId,
    planId: 'monthly',
    status: 'active',
    provider: 'local',
    customerId: null,
    providerSubscriptionId: null,
    customerEmail: 'x@example.com',
    customerName: 'X',
    currentPeriodStart: now.toISOString(),
    currentPeriodEnd: new Date(now.getTime() + 30 * DAY).toISOString(),
    trialEnd: null,
    cancelAtPeriodEnd: false,
    canceledAt: null,
    pastDueSince: null,
    couponCode: null,
    discountPeriodsLeft: null,
    discountMinor: null,
    cardLast4: null,
    cardBehaviour: null,
    trialReminderFor: null,
    hadTrial: false,
    scheduledPlanId: null,
    scheduledDiscountMinor: null,
    scheduledDiscountPeriodsLeft: null,
    providerVersion: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    ...changes,
  };
}

describe('GET /api/subscription/status and app.requirePaidAccess', () => {
  it('without a subscription: status null, no paid access, 403 PAYMENT_REQUIRED', async () => {
    const person = await verifiedUser();
    const status = await t.app.inject({ url: '/api/subscription/status', headers: bearer(person.token) });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      success: true,
      subscriptionStatus: null,
      plan: null,
      currentPeriodEnd: null,
      trialEnd: null,
      cancelAtPeriodEnd: false,
      nextPaymentMinor: null,
      hasPaidAccess: false,
      nextPayment: null,
      scheduledChange: null,
    });
    const guarded = await t.app.inject({ url: '/api/test-paid', headers: bearer(person.token) });
    expect(errorOf(guarded)).toMatchObject({ status: 403, code: 'PAYMENT_REQUIRED' });
    expect(errorOf(guarded).error).toMatch(/subscription/);
  });

  it('refuses guests (401) and unverified people (403 EMAIL_NOT_VERIFIED) before looking at payment', async () => {
    expect((await t.app.inject('/api/test-paid')).statusCode).toBe(401);
    expect((await t.app.inject('/api/subscription/status')).statusCode).toBe(401);
    const unverified = await register(t.app);
    await repo.putSubscription(row(unverified.userId, { status: 'active' }));
    const guarded = await t.app.inject({ url: '/api/test-paid', headers: bearer(unverified.token) });
    expect(errorOf(guarded)).toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED' });
  });

  it('trialing: access, with trial end and plan in the status', async () => {
    const person = await verifiedUser();
    const trialEnd = new Date(t.clock.now().getTime() + 7 * DAY).toISOString();
    await repo.putSubscription(
      row(person.userId, { status: 'trialing', trialEnd, currentPeriodEnd: trialEnd }),
    );
    const status = (
      await t.app.inject({ url: '/api/subscription/status', headers: bearer(person.token) })
    ).json();
    expect(status).toMatchObject({
      subscriptionStatus: 'trialing',
      trialEnd,
      currentPeriodEnd: trialEnd,
      nextPaymentMinor: 1499,
      hasPaidAccess: true,
    });
    expect(status.plan).toMatchObject({ id: 'monthly', interval: 'month', trialDays: 7 });
    expect(status.plan.stripePriceId).toBeUndefined();
    const guarded = await t.app.inject({ url: '/api/test-paid', headers: bearer(person.token) });
    expect(guarded.json()).toEqual({ ok: true });
  });

  it('the next payment counts a coupon while it lasts, and is null once cancelled at period end', async () => {
    const nextPayment = async (changes: Partial<Subscription>) => {
      const person = await verifiedUser();
      await repo.putSubscription(row(person.userId, changes));
      const answer = await t.app.inject({ url: '/api/subscription/status', headers: bearer(person.token) });
      return answer.json().nextPaymentMinor;
    };
    const coupon = { couponCode: 'STARS20', discountMinor: 300 };
    expect(await nextPayment({ status: 'trialing', ...coupon, discountPeriodsLeft: 1 })).toBe(1199);
    expect(await nextPayment({ status: 'active', ...coupon, discountPeriodsLeft: 0 })).toBe(1499);
    expect(await nextPayment({ status: 'active', ...coupon, discountPeriodsLeft: null })).toBe(1199);
    expect(await nextPayment({ status: 'active', cancelAtPeriodEnd: true })).toBeNull();
    expect(await nextPayment({ status: 'canceled' })).toBeNull();
  });

  it('past_due: access within the grace period only, as the clock moves', async () => {
    const person = await verifiedUser();
    await repo.putSubscription(
      row(person.userId, { status: 'past_due', pastDueSince: t.clock.now().toISOString() }),
    );
    const paid = () => t.app.inject({ url: '/api/test-paid', headers: bearer(person.token) });
    expect((await paid()).statusCode).toBe(200);
    t.clock.advance(3 * DAY + 1);
    expect(errorOf(await paid()).code).toBe('PAYMENT_REQUIRED');
  });

  it('canceled and unpaid: no access; admin: access with no subscription', async () => {
    for (const status of ['canceled', 'unpaid', 'incomplete', 'paused'] as const) {
      const person = await verifiedUser();
      await repo.putSubscription(row(person.userId, { status }));
      const guarded = await t.app.inject({ url: '/api/test-paid', headers: bearer(person.token) });
      expect(errorOf(guarded).code).toBe('PAYMENT_REQUIRED');
    }
    const admin = await verifiedUser(adminEmail);
    const status = (
      await t.app.inject({ url: '/api/subscription/status', headers: bearer(admin.token) })
    ).json();
    expect(status).toMatchObject({ subscriptionStatus: null, hasPaidAccess: true });
    expect((await t.app.inject({ url: '/api/test-paid', headers: bearer(admin.token) })).statusCode).toBe(
      200,
    );
  });
});
