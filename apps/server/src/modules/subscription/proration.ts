import type {
  NextPayment,
  PlanChangeTiming,
  PlanInterval,
  SubscriptionStatus,
} from '@app/contracts/subscription.ts';
import { type AppliedDiscount, nextPeriodPriceMinor, periodsLeftAfterCharge } from './coupons.ts';
import type { StoredPlan } from './records.ts';

// The arithmetic of a change of plan, the same for every provider: when it takes effect, what the
// unused part of a paid period is worth, and how the subscription's coupon carries over.

/** No coupon. */
export const NO_DISCOUNT: AppliedDiscount = {
  couponCode: null,
  discountMinor: null,
  discountPeriodsLeft: null,
};

/**
 * The rule: a change during the free trial takes effect at once (nothing has been paid, nothing is
 * charged before the trial ends); otherwise a plan that costs more per payment starts at once with
 * the unused part of the paid period credited, and one that costs the same or less starts when the
 * paid period ends. Choosing the current plan again calls off a switch set for the period end.
 */
export function timingOf(
  status: SubscriptionStatus,
  from: { id: string; priceMinor: number },
  to: { id: string; priceMinor: number },
): PlanChangeTiming {
  if (to.id === from.id) return 'keep';
  if (status === 'trialing') return 'trial';
  return to.priceMinor > from.priceMinor ? 'now' : 'period_end';
}

const MONTHS: Record<PlanInterval, number> = { month: 1, year: 12 };

/** Paid periods counted in one interval, recounted in another over the same months, rounded up. */
export function recountPeriods(left: number | null, from: PlanInterval, to: PlanInterval): number | null {
  if (left === null) return null;
  return Math.ceil((left * MONTHS[from]) / MONTHS[to]);
}

/**
 * What the unused part of a period worth `valueMinor` is worth at `at`: in proportion to the time
 * left, to the nearest minor unit (halves up). Integer arithmetic, exact for any amount.
 */
export function unusedCreditMinor(valueMinor: number, periodStart: Date, periodEnd: Date, at: Date): number {
  const total = BigInt(periodEnd.getTime() - periodStart.getTime());
  if (valueMinor <= 0 || total <= 0n) return 0;
  let left = BigInt(periodEnd.getTime() - at.getTime());
  if (left < 0n) left = 0n;
  if (left > total) left = total;
  return Number((BigInt(valueMinor) * left * 2n + total) / (2n * total));
}

/** The coupon that lowers the next payment: one with a discount and periods left; else null. */
export function couponInNextPayment(applied: AppliedDiscount): string | null {
  if (!applied.couponCode || applied.discountMinor === null || applied.discountMinor <= 0) return null;
  if (applied.discountPeriodsLeft !== null && applied.discountPeriodsLeft <= 0) return null;
  return applied.couponCode;
}

/** The subscription's coupon once its scheduled switch of plan has happened. */
export function discountAfterScheduledSwitch(subscription: {
  couponCode: string | null;
  scheduledDiscountMinor: number | null;
  scheduledDiscountPeriodsLeft: number | null;
}): AppliedDiscount {
  if (!subscription.couponCode || subscription.scheduledDiscountMinor === null) return NO_DISCOUNT;
  return {
    couponCode: subscription.couponCode,
    discountMinor: subscription.scheduledDiscountMinor,
    discountPeriodsLeft: subscription.scheduledDiscountPeriodsLeft,
  };
}

/** A payment of `plan` at `at`, with the coupon as applied. */
export function paymentOn(plan: StoredPlan, applied: AppliedDiscount, at: string): NextPayment {
  return {
    amountMinor: nextPeriodPriceMinor(applied, plan.priceMinor),
    currency: plan.currency,
    at,
    planId: plan.id,
    couponCode: couponInNextPayment(applied),
  };
}

/** The coupon once a change is made: as carried, less the period a change made now pays for. */
export function discountAfterChange(change: {
  timing: PlanChangeTiming;
  discount: AppliedDiscount;
}): AppliedDiscount {
  if (change.timing !== 'now') return change.discount;
  return { ...change.discount, discountPeriodsLeft: periodsLeftAfterCharge(change.discount) };
}

/** The switch a change sets for the end of the period (timing period_end); null calls one off. */
export function switchSetBy(change: {
  timing: PlanChangeTiming;
  to: { id: string };
  discount: AppliedDiscount;
}): { planId: string; discountMinor: number | null; discountPeriodsLeft: number | null } | null {
  if (change.timing !== 'period_end') return null;
  const { couponCode, discountMinor, discountPeriodsLeft } = change.discount;
  return { planId: change.to.id, discountMinor: couponCode ? discountMinor : null, discountPeriodsLeft };
}
