import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, type TestApp } from '../../testing/harness.ts';
import { AccessReader } from './access.ts';
import type { AffiliatePort, ConversionInput } from './affiliate.ts';
import { defaultBilling } from './config.ts';
import { advanceLocalSubscriptions, LocalProvider } from './local-provider.ts';
import { SubscriptionRepository } from './repository.ts';
import { SubscriptionService } from './service.ts';

// The partner programme seen through the port subscriptions depend on: a partner's coupon
// discounts, and trials, payments and refunds are reported as conversions.

const DAY = 86_400_000;
let t: TestApp;
let service: SubscriptionService;
const conversions: ConversionInput[] = [];
const partnerProgramme: AffiliatePort = {
  partnerCoupon: async (code) =>
    code === 'PARTNER15' ? { partnerId: 'partner-1', code: 'partner15', percentOff: 15 } : null,
  recordConversion: async (input) => {
    conversions.push(input);
  },
};

beforeAll(async () => {
  t = await createTestApp();
  const repo = new SubscriptionRepository(t.app.database.db);
  const billing = defaultBilling();
  service = new SubscriptionService({
    repo,
    access: new AccessReader(repo, t.clock, billing.pastDueGraceMs),
    clock: t.clock,
    mailer: t.app.mailer,
    log: t.app.log,
    appUrl: t.config.appUrl,
    zoneOf: async () => 'UTC',
    billing,
    provider: (port) => new LocalProvider(port, t.config.appUrl),
    affiliate: partnerProgramme,
  });
});
afterAll(() => t.close());

describe('partner coupons and conversions', () => {
  it('a partner coupon discounts; trial, payments and a refund are reported once each', async () => {
    const person = await register(t.app);
    const subscriber = { id: person.userId, email: person.email, name: 'Test Person', role: 'user' as const };
    expect(await service.validateCoupon('partner15', 'monthly')).toMatchObject({
      valid: true,
      couponCode: 'PARTNER15',
      discountMinor: 225,
      priceMinor: 1274,
      description: '15% off the first payment',
    });
    expect(await service.validateCoupon('stranger', 'monthly')).toMatchObject({
      valid: false,
      reason: 'unknown',
    });

    const checkout = await service.createCheckout(subscriber, 'monthly', 'Partner15');
    const coupon = await service.checkout.couponForSession(checkout.sessionId);
    expect(coupon).toMatchObject({ code: 'PARTNER15', partnerId: 'partner-1', periods: 1 });
    await service.port.inTransaction((db, after) =>
      service.checkout.startSubscription(
        {
          sessionId: checkout.sessionId,
          provider: 'local',
          customerId: null,
          providerSubscriptionId: null,
          card: { last4: '4242', behaviour: 'succeeds' },
          coupon,
        },
        db,
        after,
      ),
    );
    expect(conversions).toEqual([
      expect.objectContaining({
        userId: person.userId,
        kind: 'trial',
        amountMinor: 0,
        couponCode: 'PARTNER15',
      }),
    ]);

    t.clock.advance(7 * DAY + 1000);
    await advanceLocalSubscriptions(service.port);
    t.clock.advance(31 * DAY);
    await advanceLocalSubscriptions(service.port);
    const sales = conversions.filter((c) => c.kind === 'sale');
    expect(sales.map((c) => [c.amountMinor, c.couponCode])).toEqual([
      [1274, 'PARTNER15'],
      [1499, null],
    ]);
    expect(new Set(sales.map((c) => c.externalId)).size).toBe(2);

    const first = sales[0]!;
    await service.port.inTransaction((db, after) =>
      service.port.recordInvoice(
        {
          userId: person.userId,
          providerInvoiceId: first.externalId,
          status: 'refunded',
          amountMinor: 1274,
          currency: 'USD',
          planId: 'monthly',
          periodStart: null,
          periodEnd: null,
          couponCode: 'PARTNER15',
        },
        db,
        after,
      ),
    );
    expect(conversions.at(-1)).toMatchObject({
      kind: 'refund',
      amountMinor: 1274,
      externalId: `refund:${first.externalId}`,
    });
  });
});
