import type { NextPayment, PlanChange } from '@app/contracts/subscription.ts';
import { formatDay } from '../../lib/format-date.ts';
import { formatPrice } from '../../lib/format-price.ts';

// The words of the manage page about payments to come and changes of plan: amounts, coupons and
// dates come from the server's answer, never worked out here.

/** The rule the server applies, told before anyone chooses. */
export const PLAN_CHANGE_RULE =
  'A plan that costs more per payment starts at once, and the unused part of what you have paid is taken off its price. One that costs the same or less starts when your paid period ends. During the free trial a change applies at once and nothing is charged before the trial ends.';

/** "$129.49 with LUNASKY75", or the amount alone when no coupon lowers it. */
export function amountWithCoupon(
  payment: Pick<NextPayment, 'amountMinor' | 'currency' | 'couponCode'>,
  locale?: string,
): string {
  const amount = formatPrice(payment.amountMinor, payment.currency, locale);
  return payment.couponCode ? `${amount} with ${payment.couponCode}` : amount;
}

/**
 * "Next payment: $129.49 with LUNASKY75 on May 8, 2031." After a trial it is the first payment;
 * when the plan changes first, the plan it is for is named.
 */
export function nextPaymentText(
  payment: NextPayment,
  options: { first: boolean; planName?: string | undefined },
  locale?: string,
): string {
  const forPlan = options.planName ? ` for the ${options.planName} plan` : '';
  const what = options.first ? 'First payment' : 'Next payment';
  return `${what}: ${amountWithCoupon(payment, locale)}${forPlan} on ${formatDay(payment.at)}.`;
}

export function planChangeTitle(change: PlanChange): string {
  switch (change.timing) {
    case 'now':
      return `Switch to ${change.to.name} now?`;
    case 'trial':
      return `Switch to ${change.to.name}?`;
    case 'period_end':
      return `Switch to ${change.to.name} on ${formatDay(change.effectiveAt)}?`;
    case 'keep':
      return `Stay on ${change.from.name}?`;
  }
}

export function planChangeConfirmLabel(change: PlanChange, locale?: string): string {
  if (change.timing === 'keep') return `Stay on ${change.from.name}`;
  if (change.timing === 'now' && change.chargeNowMinor > 0)
    return `Switch and pay ${formatPrice(change.chargeNowMinor, change.currency, locale)}`;
  return `Switch to ${change.to.name}`;
}

/** What happens and what is charged when, one sentence a line, for the confirmation dialog. */
export function planChangeLines(change: PlanChange, locale?: string): string[] {
  const { from, to, currency } = change;
  const price = (minor: number) => formatPrice(minor, currency, locale);
  const next = change.nextPayment;
  const lines: string[] = [];
  switch (change.timing) {
    case 'now': {
      const first = amountWithCoupon(
        {
          amountMinor: change.chargeNowMinor + change.creditMinor,
          currency,
          couponCode: change.chargeCouponCode,
        },
        locale,
      );
      lines.push(`${to.name} starts now.`);
      lines.push(
        change.creditMinor > 0
          ? `You pay ${price(change.chargeNowMinor)} today: ${first} for your first ${to.interval} of ${to.name}, less ${price(change.creditMinor)} for the unused part of your ${from.name} period.`
          : `You pay ${first} today for your first ${to.interval} of ${to.name}.`,
      );
      if (next) lines.push(nextPaymentText(next, { first: false }, locale));
      break;
    }
    case 'trial':
      lines.push(
        next
          ? `You move to ${to.name} now. Your free trial goes on until ${formatDay(next.at)} and nothing is charged today.`
          : `You move to ${to.name} now. Nothing is charged today.`,
      );
      if (next) lines.push(nextPaymentText(next, { first: true }, locale));
      break;
    case 'period_end':
      lines.push(
        `You keep ${from.name} until ${formatDay(change.effectiveAt)}, then move to ${to.name}. Nothing is charged today.`,
      );
      if (next) lines.push(nextPaymentText(next, { first: true, planName: to.name }, locale));
      break;
    case 'keep':
      lines.push(`You stay on ${from.name}; the switch set for the end of the period is called off.`);
      if (next) lines.push(nextPaymentText(next, { first: false }, locale));
      break;
  }
  if (change.couponEnds) {
    lines.push(`Your coupon ${change.couponEnds} does not apply to ${to.name}, so it ends with the switch.`);
  }
  if (to.kind !== from.kind) lines.push(`${to.name} includes: ${to.features.join('; ')}.`);
  return lines;
}
