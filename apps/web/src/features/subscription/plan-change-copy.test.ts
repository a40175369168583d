import type { PlanChange } from '@app/contracts/subscription.ts';
import { describe, expect, it } from 'vitest';
import { fakePlan } from '../../testing/fakes.ts';
import {
  amountWithCoupon,
  nextPaymentText,
  planChangeConfirmLabel,
  planChangeLines,
  planChangeTitle,
} from './plan-change-copy.ts';

const monthly = fakePlan();
const yearly = fakePlan({ id: 'yearly', name: 'Yearly', interval: 'year', priceMinor: 14388 });
const chat = fakePlan({
  id: 'chat-monthly',
  name: 'Chat only',
  kind: 'chat',
  priceMinor: 799,
  features: ['Chat with your astrology assistant'],
});
const END = '2031-06-03T12:00:00.000Z';

function change(overrides: Partial<PlanChange>): PlanChange {
  return {
    from: yearly,
    to: monthly,
    timing: 'period_end',
    effectiveAt: END,
    quotedAt: '2031-05-14T12:00:00.000Z',
    currency: 'USD',
    chargeNowMinor: 0,
    creditMinor: 0,
    chargeCouponCode: null,
    nextPayment: { amountMinor: 1499, currency: 'USD', at: END, planId: 'monthly', couponCode: null },
    couponEnds: null,
    ...overrides,
  };
}

describe('the next payment', () => {
  it('reads as the amount with its coupon and the date', () => {
    const payment = {
      amountMinor: 12949,
      currency: 'USD',
      at: END,
      planId: 'yearly',
      couponCode: 'LUNASKY75',
    };
    expect(amountWithCoupon(payment, 'en-US')).toBe('$129.49 with LUNASKY75');
    expect(nextPaymentText(payment, { first: false }, 'en-US')).toBe(
      'Next payment: $129.49 with LUNASKY75 on 3 June 2031.',
    );
    expect(nextPaymentText({ ...payment, couponCode: null }, { first: true }, 'en-US')).toBe(
      'First payment: $129.49 on 3 June 2031.',
    );
  });
});

describe('the confirmation of a change of plan', () => {
  it('moving down: the current plan until the period end, nothing today, then the first payment of the new one', () => {
    const down = change({});
    expect(planChangeTitle(down)).toBe('Switch to Monthly on 3 June 2031?');
    expect(planChangeLines(down, 'en-US')).toEqual([
      'You keep Yearly until 3 June 2031, then move to Monthly. Nothing is charged today.',
      'First payment: $14.99 for the Monthly plan on 3 June 2031.',
    ]);
    expect(planChangeConfirmLabel(down)).toBe('Switch to Monthly');
  });

  it('in the trial: at once, the trial goes on, the first payment with the coupon', () => {
    const trial = change({
      from: monthly,
      to: yearly,
      timing: 'trial',
      effectiveAt: '2031-05-14T12:00:00.000Z',
      nextPayment: { amountMinor: 11510, currency: 'USD', at: END, planId: 'yearly', couponCode: 'STARS20' },
    });
    expect(planChangeTitle(trial)).toBe('Switch to Yearly?');
    expect(planChangeLines(trial, 'en-US')).toEqual([
      'You move to Yearly now. Your free trial goes on until 3 June 2031 and nothing is charged today.',
      'First payment: $115.10 with STARS20 on 3 June 2031.',
    ]);
  });

  it('a coupon the new plan does not take and another kind of plan are both said', () => {
    const toChat = change({
      from: monthly,
      to: chat,
      couponEnds: 'STARS20',
      nextPayment: { amountMinor: 799, currency: 'USD', at: END, planId: 'chat-monthly', couponCode: null },
    });
    expect(planChangeLines(toChat, 'en-US').slice(2)).toEqual([
      'Your coupon STARS20 does not apply to Chat only, so it ends with the switch.',
      'Chat only includes: Chat with your astrology assistant.',
    ]);
  });

  it('a change now with a coupon and no credit names the coupon in the charge', () => {
    const up = change({
      from: chat,
      to: monthly,
      timing: 'now',
      chargeNowMinor: 1199,
      chargeCouponCode: 'STARS20',
      nextPayment: null,
    });
    expect(planChangeLines(up, 'en-US')).toEqual([
      'Monthly starts now.',
      'You pay $11.99 with STARS20 today for your first month of Monthly.',
      'Monthly includes: Chat.',
    ]);
    expect(planChangeConfirmLabel(up, 'en-US')).toBe('Switch and pay $11.99');
  });
});
