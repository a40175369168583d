import type {
  Plan,
  PlanInterval,
  SubscriptionStatusResult,
  ValidateCouponResult,
} from '@app/contracts/subscription.ts';
import { formatDay } from '../../lib/format-date.ts';
import { formatPrice } from '../../lib/format-price.ts';

type Priced = Pick<Plan, 'priceMinor' | 'currency' | 'interval'>;
type ValidCoupon = Extract<ValidateCouponResult, { valid: true }>;

const PER: Record<PlanInterval, string> = { month: '/month', year: '/year' };

/** "$14.99/month" */
export function pricePer(minor: number, currency: string, interval: PlanInterval, locale?: string): string {
  return `${formatPrice(minor, currency, locale)}${PER[interval]}`;
}

/**
 * Whole percent a yearly plan saves against twelve months of a monthly one, rounded down so it
 * never promises more than it gives; null when the plans cannot be compared or it saves nothing.
 */
export function yearlySavingPercent(yearly: Priced, monthly: Priced | undefined): number | null {
  if (!monthly || yearly.interval !== 'year' || monthly.interval !== 'month') return null;
  if (yearly.currency !== monthly.currency) return null;
  const twelveMonths = monthly.priceMinor * 12;
  if (twelveMonths <= 0 || yearly.priceMinor >= twelveMonths) return null;
  const percent = Math.floor(((twelveMonths - yearly.priceMinor) * 100) / twelveMonths);
  return percent > 0 ? percent : null;
}

/** "$11.99/month, billed yearly" for a yearly price. */
export function monthlyEquivalent(yearly: Pick<Plan, 'priceMinor' | 'currency'>, locale?: string): string {
  return `${pricePer(Math.round(yearly.priceMinor / 12), yearly.currency, 'month', locale)}, billed yearly`;
}

function periods(count: number, interval: PlanInterval): string {
  return count === 1 ? `${interval}` : `${count} ${interval}s`;
}

/**
 * What a valid coupon means for the payments, so a discount on the first payment never reads as
 * the lasting price: "STARS10: 10% off the first payment. First payment $13.49, then $14.99/month."
 */
export function couponSummary(result: ValidCoupon, plan: Plan, locale?: string): string {
  const regular = pricePer(result.originalPriceMinor, plan.currency, plan.interval, locale);
  const discounted = formatPrice(result.priceMinor, result.currency, locale);
  let payments: string;
  if (result.duration === 'forever') {
    payments = `You pay ${discounted}${PER[plan.interval]} instead of ${regular}.`;
  } else if (result.duration === 'repeating' && (result.durationPeriods ?? 1) > 1) {
    payments = `${discounted}${PER[plan.interval]} for the first ${periods(result.durationPeriods ?? 1, plan.interval)}, then ${regular}.`;
  } else {
    payments = `First payment ${discounted}, then ${regular}.`;
  }
  const trial = plan.trialDays > 0 ? ` Payments start after the ${plan.trialDays}-day free trial.` : '';
  return `${result.couponCode}: ${result.description}. ${payments}${trial}`;
}

/** After a trial checkout: when the trial ends and what the first payment will be. */
export function trialStartedText(
  status: Partial<Pick<SubscriptionStatusResult, 'trialEnd' | 'nextPaymentMinor' | 'plan'>>,
  locale?: string,
): string {
  if (!status.trialEnd) return 'Your free trial has started. Nothing is charged during the trial.';
  const end = formatDay(status.trialEnd);
  if (status.nextPaymentMinor === null) return `Your free trial runs until ${end}. Nothing will be charged.`;
  if (status.nextPaymentMinor === undefined || !status.plan)
    return `Your free trial runs until ${end}. The first payment is taken then unless you cancel before.`;
  const amount = formatPrice(status.nextPaymentMinor, status.plan.currency, locale);
  return `Your free trial runs until ${end}. The first payment, ${amount}, is taken on ${end} unless you cancel before then.`;
}
