import type { Plan, ValidateCouponResult } from '@app/contracts/subscription.ts';
import { describe, expect, it } from 'vitest';
import { fakePlan } from '../../testing/fakes.ts';
import {
  couponSummary,
  monthlyEquivalent,
  pricePer,
  trialStartedText,
  yearlySavingPercent,
} from './price-copy.ts';

const monthly = fakePlan({ features: [] });
const yearly: Plan = { ...monthly, id: 'yearly', name: 'Yearly', interval: 'year', priceMinor: 14388 };

function coupon(changes: Partial<Extract<ValidateCouponResult, { valid: true }>>) {
  return {
    success: true as const,
    valid: true as const,
    couponCode: 'STARS10',
    planId: 'monthly',
    currency: 'USD',
    originalPriceMinor: 1499,
    discountMinor: 150,
    priceMinor: 1349,
    duration: 'once' as const,
    durationPeriods: null,
    description: '10% off the first payment',
    ...changes,
  };
}

describe('yearly plan copy', () => {
  it('computes the true saving from the prices, rounded down: 20%, not "two months free"', () => {
    expect(yearlySavingPercent(yearly, monthly)).toBe(20);
    // 12 x 1000 = 12000; 10001 saves 16.66%: never rounded up to 17.
    expect(yearlySavingPercent({ ...yearly, priceMinor: 10001 }, { ...monthly, priceMinor: 1000 })).toBe(16);
  });

  it('claims no saving when there is none or the plans cannot be compared', () => {
    expect(yearlySavingPercent({ ...yearly, priceMinor: 17988 }, monthly)).toBeNull();
    expect(yearlySavingPercent({ ...yearly, priceMinor: 20000 }, monthly)).toBeNull();
    expect(yearlySavingPercent(yearly, undefined)).toBeNull();
    expect(yearlySavingPercent(yearly, { ...monthly, currency: 'EUR' })).toBeNull();
    expect(yearlySavingPercent(monthly, monthly)).toBeNull();
  });

  it('gives the monthly equivalent of a yearly price', () => {
    expect(monthlyEquivalent(yearly, 'en-US')).toBe('$11.99/month, billed yearly');
    expect(pricePer(14388, 'USD', 'year', 'en-US')).toBe('$143.88/year');
  });
});

describe('couponSummary', () => {
  it('a one-off discount reads as the first payment, then the regular price', () => {
    expect(couponSummary(coupon({}), { ...monthly, trialDays: 0 }, 'en-US')).toBe(
      'STARS10: 10% off the first payment. First payment $13.49, then $14.99/month.',
    );
    expect(couponSummary(coupon({}), monthly, 'en-US')).toBe(
      'STARS10: 10% off the first payment. First payment $13.49, then $14.99/month. Payments start after the 7-day free trial.',
    );
  });

  it('a repeating discount names how many periods it lasts', () => {
    const result = coupon({
      couponCode: 'STARS20',
      priceMinor: 1199,
      duration: 'repeating',
      durationPeriods: 3,
      description: '20% off for 3 months',
    });
    expect(couponSummary(result, { ...monthly, trialDays: 0 }, 'en-US')).toBe(
      'STARS20: 20% off for 3 months. $11.99/month for the first 3 months, then $14.99/month.',
    );
  });

  it('a lasting discount is the price from then on', () => {
    const result = coupon({ duration: 'forever', description: '10% off every payment' });
    expect(couponSummary(result, { ...monthly, trialDays: 0 }, 'en-US')).toBe(
      'STARS10: 10% off every payment. You pay $13.49/month instead of $14.99/month.',
    );
  });
});

describe('trialStartedText', () => {
  const trialEnd = '2031-05-08T12:00:00.000Z';

  it('says when the trial ends and what the first payment is, coupon included', () => {
    expect(trialStartedText({ trialEnd, nextPaymentMinor: 1349, plan: monthly }, 'en-US')).toBe(
      'Your free trial runs until 8 May 2031. The first payment, $13.49, is taken on 8 May 2031 unless you cancel before then.',
    );
  });

  it('promises no payment when none is due', () => {
    expect(trialStartedText({ trialEnd, nextPaymentMinor: null, plan: monthly }, 'en-US')).toBe(
      'Your free trial runs until 8 May 2031. Nothing will be charged.',
    );
  });
});
