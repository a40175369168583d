import { formatMinor as formatMinorIn } from '@app/contracts/money.ts';
import type { CouponDuration, CouponRefusal } from '@app/contracts/subscription.ts';

/** What a coupon takes off, as stored (our coupons) or offered (a partner's). */
export interface CouponTerms {
  code: string;
  percentOff: number | null;
  amountOffMinor: number | null;
  /** Currency of amountOffMinor. */
  currency: string | null;
  duration: CouponDuration;
  durationPeriods: number | null;
  expiresAt: string | null;
  maxRedemptions: number | null;
  redemptions: number;
  /** null: every plan. */
  planIds: string[] | null;
  /** Set for a partner's coupon: the customer is attributed to this partner. */
  partnerId: string | null;
}

export const COUPON_MESSAGES: Record<CouponRefusal, string> = {
  unknown: 'This coupon code does not exist.',
  expired: 'This coupon has expired.',
  used_up: 'This coupon has been used up.',
  not_for_plan: 'This coupon is not valid for the chosen plan.',
};

/** Codes compare without regard to case or surrounding spaces. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The discount on one price, in minor units: a percentage rounds half up to a whole minor unit,
 * an amount needs the same currency, and a discount never exceeds the price.
 */
export function discountMinor(
  priceMinor: number,
  currency: string,
  terms: Pick<CouponTerms, 'percentOff' | 'amountOffMinor' | 'currency'>,
): number {
  if (!Number.isSafeInteger(priceMinor) || priceMinor <= 0) return 0;
  let off = 0;
  if (terms.percentOff !== null) {
    const percent = Math.min(Math.max(terms.percentOff, 0), 100);
    // Integer arithmetic: price * percent is exact, the division rounds half up.
    off = Math.floor((priceMinor * percent + 50) / 100);
  } else if (terms.amountOffMinor !== null && terms.currency === currency) {
    off = Math.max(terms.amountOffMinor, 0);
  }
  return Math.min(off, priceMinor);
}

/** Why a coupon cannot be used for a plan now, or null when it can. */
export function couponRefusal(
  terms: CouponTerms,
  plan: { id: string; currency: string },
  now: Date,
): CouponRefusal | null {
  if (terms.expiresAt && Date.parse(terms.expiresAt) <= now.getTime()) return 'expired';
  if (terms.maxRedemptions !== null && terms.redemptions >= terms.maxRedemptions) return 'used_up';
  if (terms.planIds && !terms.planIds.includes(plan.id)) return 'not_for_plan';
  if (terms.amountOffMinor !== null && terms.currency !== plan.currency) return 'not_for_plan';
  return null;
}

/** A subscription's coupon as fixed when it was applied, and how many paid periods it has left. */
export interface AppliedDiscount {
  couponCode: string | null;
  discountMinor: number | null;
  discountPeriodsLeft: number | null;
}

/** Price of the next paid period: the applied coupon's discount while it lasts, else the plan price. */
export function nextPeriodPriceMinor(applied: AppliedDiscount, planPriceMinor: number): number {
  if (!applied.couponCode || applied.discountMinor === null) return planPriceMinor;
  if (applied.discountPeriodsLeft !== null && applied.discountPeriodsLeft <= 0) return planPriceMinor;
  return planPriceMinor - Math.min(applied.discountMinor, planPriceMinor);
}

/** Discount periods left once one more period is paid. */
export function periodsLeftAfterCharge(applied: Omit<AppliedDiscount, 'discountMinor'>): number | null {
  if (!applied.couponCode || applied.discountPeriodsLeft === null) return applied.discountPeriodsLeft;
  return Math.max(applied.discountPeriodsLeft - 1, 0);
}

/** How many paid periods the discount applies to; null means every one. */
export function discountPeriods(terms: Pick<CouponTerms, 'duration' | 'durationPeriods'>): number | null {
  if (terms.duration === 'once') return 1;
  if (terms.duration === 'repeating') return Math.max(terms.durationPeriods ?? 1, 1);
  return null;
}

export function describeCoupon(
  terms: CouponTerms,
  interval: 'month' | 'year',
  format: (minor: number) => string,
): string {
  const what =
    terms.percentOff !== null ? `${terms.percentOff}% off` : `${format(terms.amountOffMinor ?? 0)} off`;
  if (terms.duration === 'once') return `${what} the first payment`;
  if (terms.duration === 'forever') return `${what} every payment`;
  const periods = terms.durationPeriods ?? 1;
  return `${what} for ${periods} ${interval}${periods === 1 ? '' : 's'}`;
}

/** Server texts write money in US English, whatever the currency. */
export function formatMinor(minor: number, currency: string): string {
  return formatMinorIn(minor, currency, 'en-US');
}
