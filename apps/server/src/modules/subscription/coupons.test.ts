import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CouponTerms, couponRefusal, discountMinor, discountPeriods, normaliseCode } from './coupons.ts';

const terms = (changes: Partial<CouponTerms>): CouponTerms => ({
  code: 'X',
  percentOff: null,
  amountOffMinor: null,
  currency: null,
  duration: 'once',
  durationPeriods: null,
  expiresAt: null,
  maxRedemptions: null,
  redemptions: 0,
  planIds: null,
  partnerId: null,
  ...changes,
});

describe('coupon arithmetic', () => {
  it('a percentage never makes a price negative or larger, and rounds to a whole minor unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (price, percent) => {
          const off = discountMinor(price, 'USD', terms({ percentOff: percent }));
          expect(Number.isInteger(off)).toBe(true);
          expect(off).toBeGreaterThanOrEqual(0);
          expect(off).toBeLessThanOrEqual(price);
          // Within half a minor unit of the exact value, rounding half up.
          expect(Math.abs(off - (price * percent) / 100)).toBeLessThanOrEqual(0.5);
          if ((price * percent) % 100 === 50) expect(off).toBe((price * percent + 50) / 100);
        },
      ),
    );
  });

  it('an amount off is capped at the price and needs the plan currency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (price, amount) => {
          const off = discountMinor(price, 'EUR', terms({ amountOffMinor: amount, currency: 'EUR' }));
          expect(off).toBe(Math.min(amount, price));
          expect(price - off).toBeGreaterThanOrEqual(0);
          expect(discountMinor(price, 'USD', terms({ amountOffMinor: amount, currency: 'EUR' }))).toBe(0);
        },
      ),
    );
  });

  it('examples: 20% of 14.99 is 3.00; 15% of 0.01 rounds to 0; 100% is free', () => {
    expect(discountMinor(1499, 'USD', terms({ percentOff: 20 }))).toBe(300);
    expect(discountMinor(1, 'USD', terms({ percentOff: 15 }))).toBe(0);
    expect(discountMinor(1, 'USD', terms({ percentOff: 50 }))).toBe(1);
    expect(discountMinor(14388, 'USD', terms({ percentOff: 100 }))).toBe(14388);
  });

  it('codes compare without regard to case and spaces', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/), (code) => {
        expect(normaliseCode(` ${code.toLowerCase()} `)).toBe(normaliseCode(code.toUpperCase()));
      }),
    );
  });

  it('durations: once is one period, repeating n, forever every period', () => {
    expect(discountPeriods({ duration: 'once', durationPeriods: null })).toBe(1);
    expect(discountPeriods({ duration: 'repeating', durationPeriods: 3 })).toBe(3);
    expect(discountPeriods({ duration: 'forever', durationPeriods: null })).toBeNull();
  });

  it('refusals: expired, used up, other plan, other currency', () => {
    const now = new Date('2031-01-01T00:00:00Z');
    const plan = { id: 'monthly', currency: 'USD' };
    expect(couponRefusal(terms({ percentOff: 10 }), plan, now)).toBeNull();
    expect(couponRefusal(terms({ percentOff: 10, expiresAt: '2031-01-01T00:00:00Z' }), plan, now)).toBe(
      'expired',
    );
    expect(couponRefusal(terms({ percentOff: 10, expiresAt: '2031-01-01T00:00:01Z' }), plan, now)).toBeNull();
    expect(couponRefusal(terms({ percentOff: 10, maxRedemptions: 2, redemptions: 2 }), plan, now)).toBe(
      'used_up',
    );
    expect(couponRefusal(terms({ percentOff: 10, planIds: ['yearly'] }), plan, now)).toBe('not_for_plan');
    expect(couponRefusal(terms({ amountOffMinor: 100, currency: 'EUR' }), plan, now)).toBe('not_for_plan');
  });
});
