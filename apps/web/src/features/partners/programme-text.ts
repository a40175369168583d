import { PARTNER_COUPON_DURATION } from '@app/contracts/constants.ts';
import type { PartnerProgramme } from '@app/contracts/partners.ts';
import { countOf } from '../../lib/count-of.ts';

const DISCOUNT_REACH: Record<typeof PARTNER_COUPON_DURATION, string> = { once: 'their first payment' };

/** What a partner code takes off, as the checkout applies it: "10% off their first payment". */
export function partnerDiscount(percentOff: number): string {
  return `${percentOff}% off ${DISCOUNT_REACH[PARTNER_COUPON_DURATION]}`;
}

/** 0.2 -> "20%", 0.125 -> "12.5%". */
export function formatRate(rate: number): string {
  const percent = Math.round(rate * 1000) / 10;
  return `${percent}%`;
}

export function formatDays(days: number): string {
  return countOf(days, 'day');
}

/** The programme terms an applicant accepts, with the figures in force filled in. */
export function programmeTerms(programme: PartnerProgramme | undefined): string[] {
  const rate = programme ? formatRate(programme.commissionRate) : 'the agreed share';
  const window = programme ? formatDays(programme.attributionWindowDays) : 'the attribution window';
  return [
    'You recommend Astro Guidance honestly. You do not promise results, and you do not present astrology as medical, legal or financial advice.',
    'Wherever you share your link or code, you say that you are a partner of Astro Guidance.',
    'No spam, no fake reviews, no ads that bid on our name, and no posting your code on coupon websites.',
    `You earn ${rate} of what the customers credited to you pay (the rate in force when you are approved stays yours). A refund takes back the commission on the refunded amount.`,
    `A customer is credited to you when they sign up within ${window} of following your link (the last partner link followed counts), or when they use your code at checkout.`,
    'Buying a subscription for yourself with your own code or link earns no commission.',
    'We review every application and send our decision by email. Either side can end the partnership at any time.',
  ];
}
