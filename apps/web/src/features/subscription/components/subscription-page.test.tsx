import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { useSubscription } from '../stores/subscription-store.ts';
import SubscriptionPage from './subscription-page.tsx';

// The HTTP edge: an axios adapter answering like the server and recording what was sent.

const PLANS = [
  {
    id: 'monthly',
    name: 'Monthly',
    kind: 'full',
    interval: 'month',
    priceMinor: 1499,
    currency: 'USD',
    trialDays: 7,
    features: ['Chat'],
    limits: { chatMessagesPerDay: 50, landscapeRegenerationsPerDay: 3 },
  },
  {
    id: 'yearly',
    name: 'Yearly',
    kind: 'full',
    interval: 'year',
    priceMinor: 14388,
    currency: 'USD',
    trialDays: 7,
    features: ['Chat'],
    limits: { chatMessagesPerDay: 50, landscapeRegenerationsPerDay: 3 },
  },
];

let sent: { method: string; url: string; body: unknown }[] = [];
let answers: Record<string, { status: number; data: unknown }> = {};
const originalAdapter = api.defaults.adapter;

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const key = `${config.method?.toUpperCase()} ${config.url}`;
  sent.push({
    method: config.method ?? '',
    url: config.url ?? '',
    body: config.data ? JSON.parse(String(config.data)) : undefined,
  });
  const answer = answers[key] ?? {
    status: 404,
    data: { success: false, error: 'Resource not found.', code: 'NOT_FOUND' },
  };
  const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
  if (answer.status >= 400) {
    const error = Object.assign(new Error('failed'), { isAxiosError: true, response, config });
    throw error;
  }
  return response;
};

function show() {
  const router = createMemoryRouter([{ path: '/subscription', element: <SubscriptionPage /> }], {
    initialEntries: ['/subscription'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('subscription page', () => {
  beforeEach(() => {
    sent = [];
    answers = { 'GET /api/subscription/plans': { status: 200, data: { success: true, plans: PLANS } } };
    api.defaults.adapter = adapter;
    useSubscription.setState({ status: null });
  });
  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    cleanup();
  });

  it('toggles monthly and yearly, previews a coupon, and shows the payment message when checkout fails', async () => {
    answers['POST /api/subscription/validate-coupon'] = {
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
    answers['POST /api/subscription/create-subscription'] = {
      status: 503,
      data: { success: false, error: 'Service temporarily unavailable', code: 'UNAVAILABLE' },
    };
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
    expect(sent.filter((r) => r.url.endsWith('/validate-coupon')).map((r) => r.body)).toEqual([
      { couponCode: 'STARS20', planId: 'monthly' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(
      await screen.findByText(
        'Payment service is temporarily unavailable. Please try again in a few minutes.',
      ),
    ).toBeTruthy();
    expect(sent.find((r) => r.url.endsWith('/create-subscription'))?.body).toEqual({
      planId: 'monthly',
      couponCode: 'stars20',
    });
  });

  it('a checkout refused for a bad coupon shows the reason once, under the coupon field', async () => {
    answers['POST /api/subscription/validate-coupon'] = {
      status: 200,
      data: {
        success: true,
        valid: false,
        couponCode: 'NOPE',
        reason: 'unknown',
        message: 'This coupon code does not exist.',
      },
    };
    answers['POST /api/subscription/create-subscription'] = {
      status: 400,
      data: { success: false, error: 'This coupon code does not exist.', code: 'BAD_REQUEST' },
    };
    const user = userEvent.setup();
    show();
    await user.type(await screen.findByLabelText('Coupon code (optional)'), 'nope');
    expect(await screen.findByText('This coupon code does not exist.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    await waitFor(() => expect(sent.some((r) => r.url.endsWith('/create-subscription'))).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Opening checkout...' })).toBeNull());
    expect(screen.getAllByText('This coupon code does not exist.')).toHaveLength(1);
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
    answers['GET /api/subscription/invoices'] = { status: 200, data: { success: true, invoices: [] } };
    answers['POST /api/subscription/cancel'] = {
      status: 404,
      data: { success: false, error: 'No active subscription found', code: 'NOT_FOUND' },
    };
    useSubscription.setState({
      status: {
        subscriptionStatus: 'trialing',
        plan: PLANS[0] as never,
        currentPeriodEnd: '2031-05-08T12:00:00.000Z',
        trialEnd: '2031-05-08T12:00:00.000Z',
        cancelAtPeriodEnd: false,
        nextPaymentMinor: 1499,
        hasPaidAccess: true,
      },
    });
    const user = userEvent.setup();
    show();
    expect(screen.getByRole('heading', { name: 'Your subscription' })).toBeTruthy();
    expect(screen.getByTestId('subscription-state').textContent).toBe('Free trial');
    expect(screen.getByTestId('subscription-when').textContent).toMatch(
      /Your free trial ends on May 8, 2031/,
    );
    expect(await screen.findByText('No payments yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    // jsdom has no modal dialogs: the (closed) <dialog> hides its content from role queries.
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel', hidden: true }));
    await waitFor(() =>
      expect(screen.getByText("You don't have an active subscription to manage.")).toBeTruthy(),
    );
  });
});
