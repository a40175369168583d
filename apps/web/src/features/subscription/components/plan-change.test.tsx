import type { PlanChange, SubscriptionStatusResult } from '@app/contracts/subscription.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeServer, ok, refused } from '../../../testing/fake-server.ts';
import { fakePlan, fakePlansResult, fakeSubscriptionStatus } from '../../../testing/fakes.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import SubscriptionPage from './subscription-page.tsx';

// The manage page: the next payment with its coupon and date, and switching plans with a
// confirmation that shows the server's amounts and dates before anything changes.

const MONTHLY = fakePlan();
const YEARLY = fakePlan({ id: 'yearly', name: 'Yearly', interval: 'year', priceMinor: 14388 });
const CHAT = fakePlan({ id: 'chat-monthly', name: 'Chat only', kind: 'chat', priceMinor: 799, trialDays: 3 });
const PERIOD_END = '2031-06-03T12:00:00.000Z';

const server = installFakeServer();
const show = () => renderWithProviders(<SubscriptionPage />, { at: '/subscription' });

function subscriber(overrides: Partial<SubscriptionStatusResult> = {}) {
  return fakeSubscriptionStatus({
    subscriptionStatus: 'active',
    plan: MONTHLY,
    currentPeriodEnd: PERIOD_END,
    nextPaymentMinor: 1499,
    nextPayment: { amountMinor: 1499, currency: 'USD', at: PERIOD_END, planId: 'monthly', couponCode: null },
    scheduledChange: null,
    hasPaidAccess: true,
    ...overrides,
  });
}

const UPGRADE: PlanChange = {
  from: MONTHLY,
  to: YEARLY,
  timing: 'now',
  effectiveAt: '2031-05-14T12:00:00.000Z',
  quotedAt: '2031-05-14T12:00:00.000Z',
  currency: 'USD',
  chargeNowMinor: 13389,
  creditMinor: 999,
  chargeCouponCode: null,
  nextPayment: {
    amountMinor: 14388,
    currency: 'USD',
    at: '2032-05-14T12:00:00.000Z',
    planId: 'yearly',
    couponCode: null,
  },
  couponEnds: null,
};

describe('manage page', () => {
  beforeEach(() => {
    server.answers['GET /api/subscription/plans'] = ok(fakePlansResult([MONTHLY, YEARLY, CHAT]));
    server.answers['GET /api/subscription/invoices'] = ok({ success: true, invoices: [] });
  });

  it('names the next payment: its amount with the coupon, and its date', async () => {
    server.answers['GET /api/subscription/status'] = ok(
      subscriber({
        subscriptionStatus: 'trialing',
        plan: YEARLY,
        trialEnd: '2031-05-08T12:00:00.000Z',
        currentPeriodEnd: '2031-05-08T12:00:00.000Z',
        nextPaymentMinor: 12949,
        nextPayment: {
          amountMinor: 12949,
          currency: 'USD',
          at: '2031-05-08T12:00:00.000Z',
          planId: 'yearly',
          couponCode: 'LUNASKY75',
        },
      }),
    );
    show();
    expect((await screen.findByTestId('subscription-next-payment')).textContent).toBe(
      'First payment: $129.49 with LUNASKY75 on 8 May 2031.',
    );
    expect(screen.getByTestId('subscription-when').textContent).toBe('Your free trial ends on 8 May 2031.');
  });

  it('switching up: the dialog shows the charge, the credit and the next payment; confirming sends the quote', async () => {
    let current = subscriber();
    server.answers['GET /api/subscription/status'] = () => ok(current);
    server.answers['POST /api/subscription/preview-plan-change'] = ok({ success: true, data: UPGRADE });
    server.answers['POST /api/subscription/change-plan'] = () => {
      current = subscriber({
        plan: YEARLY,
        currentPeriodEnd: '2032-05-14T12:00:00.000Z',
        nextPayment: UPGRADE.nextPayment,
      });
      const { success: _success, ...status } = current;
      return ok({
        success: true,
        data: { change: UPGRADE, status, message: 'You are now on the Yearly plan. $133.89 was charged.' },
      });
    };
    const user = userEvent.setup();
    show();
    expect((await screen.findByTestId('subscription-next-payment')).textContent).toBe(
      'Next payment: $14.99 on 3 June 2031.',
    );
    // Nothing to switch to from the plan itself; the others with their prices.
    expect(screen.queryByRole('button', { name: 'Switch to Monthly' })).toBeNull();
    expect(screen.getByText('$143.88/year')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Switch to Yearly' }));
    expect(server.bodiesTo('/api/subscription/preview-plan-change')).toEqual([{ planId: 'yearly' }]);
    expect(await screen.findByRole('heading', { name: 'Switch to Yearly now?', hidden: true })).toBeTruthy();
    const details = [...screen.getByTestId('plan-change-details').querySelectorAll('li')].map(
      (li) => li.textContent,
    );
    expect(details).toEqual([
      'Yearly starts now.',
      'You pay $133.89 today: $143.88 for your first year of Yearly, less $9.99 for the unused part of your Monthly period.',
      'Next payment: $143.88 on 14 May 2032.',
    ]);
    // Nothing changed before the confirmation.
    expect(server.bodiesTo('/api/subscription/change-plan')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Switch and pay $133.89', hidden: true }));
    expect(server.bodiesTo('/api/subscription/change-plan')).toEqual([
      { planId: 'yearly', quotedAt: UPGRADE.quotedAt },
    ]);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Yearly plan' })).toBeTruthy());
    expect(screen.getByTestId('subscription-next-payment').textContent).toBe(
      'Next payment: $143.88 on 14 May 2032.',
    );
  });

  it('a refused payment is explained in the dialog and changes nothing', async () => {
    server.answers['GET /api/subscription/status'] = ok(subscriber());
    server.answers['POST /api/subscription/preview-plan-change'] = ok({ success: true, data: UPGRADE });
    server.answers['POST /api/subscription/change-plan'] = refused(
      402,
      'PAYMENT_FAILED',
      'Payment processing error',
    );
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Switch to Yearly' }));
    await user.click(await screen.findByRole('button', { name: 'Switch and pay $133.89', hidden: true }));
    expect(
      await screen.findByText(
        'Payment processing failed. Please check your payment information and try again.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Monthly plan' })).toBeTruthy();
  });

  it('a switch set for the period end: said, with the plan of the next payment, and it can be called off', async () => {
    server.answers['GET /api/subscription/status'] = ok(
      subscriber({
        plan: YEARLY,
        nextPayment: {
          amountMinor: 1499,
          currency: 'USD',
          at: PERIOD_END,
          planId: 'monthly',
          couponCode: null,
        },
        scheduledChange: { plan: MONTHLY, at: PERIOD_END },
      }),
    );
    server.answers['POST /api/subscription/preview-plan-change'] = ok({
      success: true,
      data: {
        ...UPGRADE,
        from: YEARLY,
        to: YEARLY,
        timing: 'keep',
        chargeNowMinor: 0,
        creditMinor: 0,
        nextPayment: {
          amountMinor: 14388,
          currency: 'USD',
          at: PERIOD_END,
          planId: 'yearly',
          couponCode: null,
        },
      },
    });
    const user = userEvent.setup();
    show();
    expect((await screen.findByTestId('scheduled-change')).textContent).toBe(
      'Your plan changes to Monthly on 3 June 2031.',
    );
    expect(screen.getByTestId('subscription-next-payment').textContent).toBe(
      'Next payment: $14.99 for the Monthly plan on 3 June 2031.',
    );
    expect(screen.queryByRole('button', { name: 'Switch to Monthly' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Keep Yearly' }));
    expect(server.bodiesTo('/api/subscription/preview-plan-change')).toEqual([{ planId: 'yearly' }]);
    expect(await screen.findByRole('heading', { name: 'Stay on Yearly?', hidden: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stay on Yearly', hidden: true })).toBeTruthy();
  });

  it('a subscription set to end offers no change of plan', async () => {
    server.answers['GET /api/subscription/status'] = ok(subscriber({ cancelAtPeriodEnd: true }));
    show();
    expect(await screen.findByRole('button', { name: 'Reactivate subscription' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Change plan' })).toBeNull();
    expect(screen.queryByTestId('subscription-next-payment')).toBeNull();
  });
});
