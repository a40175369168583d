import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeServer, ok, refused } from '../../../testing/fake-server.ts';
import { fakePlan, fakePlansResult, fakeSubscriptionStatus } from '../../../testing/fakes.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import SubscriptionPage from './subscription-page.tsx';

const PLANS = [fakePlan(), fakePlan({ id: 'yearly', name: 'Yearly', interval: 'year', priceMinor: 14388 })];
const CHAT = fakePlan({ id: 'chat-monthly', name: 'Chat only', kind: 'chat', priceMinor: 799, trialDays: 3 });

const server = installFakeServer();
const show = () => renderWithProviders(<SubscriptionPage />, { at: '/subscription' });

describe('subscription page', () => {
  beforeEach(() => {
    server.answers['GET /api/subscription/plans'] = ok(fakePlansResult(PLANS));
    server.answers['GET /api/subscription/status'] = ok(fakeSubscriptionStatus());
  });

  it('toggles monthly and yearly, previews a coupon, and shows the payment message when checkout fails', async () => {
    server.answers['POST /api/subscription/validate-coupon'] = {
      status: 200,
      data: {
        success: true,
        valid: true,
        couponCode: 'STARS20',
        planId: 'monthly',
        currency: 'USD',
        originalPriceMinor: 1499,
        discountMinor: 300,
        priceMinor: 1199,
        duration: 'once',
        durationPeriods: null,
        description: '20% off the first payment',
      },
    };
    server.answers['POST /api/subscription/create-subscription'] = refused(
      503,
      'UNAVAILABLE',
      'Service temporarily unavailable',
    );
    const user = userEvent.setup();
    show();
    expect(await screen.findByText('$14.99')).toBeTruthy();
    expect(screen.getByText('7-day free trial')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(await screen.findByText('$143.88')).toBeTruthy();
    // The yearly saving and monthly equivalent come from the prices: 14388 against 12 x 1499.
    expect(screen.getByText('Save 20%')).toBeTruthy();
    expect(screen.getByText('$11.99/month, billed yearly')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Monthly' }));

    await user.type(screen.getByLabelText('Coupon code (optional)'), 'stars20');
    expect(
      await screen.findByText(
        'STARS20: 20% off the first payment. First payment $11.99, then $14.99/month. Payments start after the 7-day free trial.',
      ),
    ).toBeTruthy();
    expect(server.bodiesTo('/api/subscription/validate-coupon')).toEqual([
      { couponCode: 'STARS20', planId: 'monthly' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(
      await screen.findByText(
        'Payment service is temporarily unavailable. Please try again in a few minutes.',
      ),
    ).toBeTruthy();
    expect(server.bodiesTo('/api/subscription/create-subscription')[0]).toEqual({
      planId: 'monthly',
      couponCode: 'stars20',
    });
  });

  it('a checkout refused for a bad coupon shows the reason once, under the coupon field', async () => {
    server.answers['POST /api/subscription/validate-coupon'] = {
      status: 200,
      data: {
        success: true,
        valid: false,
        couponCode: 'NOPE',
        reason: 'unknown',
        message: 'This coupon code does not exist.',
      },
    };
    server.answers['POST /api/subscription/create-subscription'] = refused(
      400,
      'BAD_REQUEST',
      'This coupon code does not exist.',
    );
    const user = userEvent.setup();
    show();
    await user.type(await screen.findByLabelText('Coupon code (optional)'), 'nope');
    expect(await screen.findByText('This coupon code does not exist.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    await waitFor(() =>
      expect(server.bodiesTo('/api/subscription/create-subscription').length > 0).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Opening checkout...' })).toBeNull());
    expect(screen.getAllByText('This coupon code does not exist.')).toHaveLength(1);
  });

  it('under Yearly, a plan billed only monthly is named, not shown as if it were yearly', async () => {
    server.answers['GET /api/subscription/plans'] = ok(fakePlansResult([...PLANS, CHAT]));
    const user = userEvent.setup();
    show();
    expect(await screen.findByRole('radio', { name: /Chat only/ })).toBeTruthy();
    expect(screen.getByTestId('price-chat-monthly').textContent).toBe('$7.99 / month');
    await user.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(await screen.findByTestId('price-yearly')).toBeTruthy();
    expect(screen.getByTestId('price-yearly').textContent).toBe('$143.88 / year');
    expect(screen.queryByRole('radio', { name: /Chat only/ })).toBeNull();
    expect(screen.queryByText('$7.99')).toBeNull();
    expect(screen.getByTestId('plans-elsewhere').textContent).toBe(
      'Chat only is billed monthly only. Show monthly plans',
    );
    await user.click(screen.getByRole('button', { name: 'Show monthly plans' }));
    expect(screen.getByRole('button', { name: 'Monthly' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('radio', { name: /Chat only/ })).toBeTruthy();
    expect(screen.queryByTestId('plans-elsewhere')).toBeNull();
  });

  it('fills in the partner code of the link followed, and removes it from the browser on request', async () => {
    localStorage.setItem('affiliate-coupon', 'LUNASKY');
    localStorage.setItem('affiliate-coupon-date', '2026-11-20T10:00:00.000Z');
    localStorage.setItem('affiliate-visitor', '0b7f0c56-4a0e-4a39-9d0c-0d3f7d1a2b3c');
    const user = userEvent.setup();
    show();
    const field = await screen.findByLabelText('Coupon code (optional)');
    expect((field as HTMLInputElement).value).toBe('LUNASKY');
    expect(screen.getByText(/comes from the link you followed/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove partner code' }));
    expect((field as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Remove partner code' })).toBeNull();
    expect(document.activeElement).toBe(field);
    for (const key of ['affiliate-coupon', 'affiliate-coupon-date', 'affiliate-visitor']) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
  });

  it('for a subscriber: the trial end, cancel with confirmation, and the subscription messages', async () => {
    server.answers['GET /api/subscription/invoices'] = ok({ success: true, invoices: [] });
    server.answers['POST /api/subscription/cancel'] = refused(
      404,
      'NOT_FOUND',
      'No active subscription found',
    );
    server.answers['GET /api/subscription/status'] = ok(
      fakeSubscriptionStatus({
        subscriptionStatus: 'trialing',
        plan: PLANS[0] ?? null,
        currentPeriodEnd: '2031-05-08T12:00:00.000Z',
        trialEnd: '2031-05-08T12:00:00.000Z',
        nextPaymentMinor: 1499,
        hasPaidAccess: true,
      }),
    );
    const user = userEvent.setup();
    show();
    expect(await screen.findByRole('heading', { name: 'Your subscription' })).toBeTruthy();
    expect(screen.getByTestId('subscription-state').textContent).toBe('Free trial');
    expect(screen.getByTestId('subscription-when').textContent).toMatch(/Your free trial ends on 8 May 2031/);
    expect(await screen.findByText('No payments yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    // jsdom has no modal dialogs: the (closed) <dialog> hides its content from role queries.
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel', hidden: true }));
    await waitFor(() =>
      expect(screen.getByText("You don't have an active subscription to manage.")).toBeTruthy(),
    );
  });
});
