import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerSessionData } from '../../../lib/session-data.ts';
import { installFakeServer, ok } from '../../../testing/fake-server.ts';
import { fakeSubscriptionStatus } from '../../../testing/fakes.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import PaymentSuccessPage from './payment-success-page.tsx';

// Back from the checkout: the page asks for the status until the subscription shows, then opens
// the account's data that paid access unlocks (a returning subscriber's saved birth data).

const server = installFakeServer();

describe('the payment success page', () => {
  const load = vi.fn(async () => undefined);
  let unregister: () => void;
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'token-1');
    load.mockClear();
    unregister = registerSessionData({ name: 'probe', load, clear: () => undefined });
  });
  afterEach(() => {
    unregister();
    localStorage.clear();
  });

  it('once the trial shows, says so and loads the session data again', async () => {
    server.answers['GET /api/subscription/status'] = ok(
      fakeSubscriptionStatus({ subscriptionStatus: 'trialing', hasPaidAccess: true }),
    );
    renderWithProviders(<PaymentSuccessPage />, { at: '/success' });
    expect(await screen.findByRole('heading', { name: 'Your free trial has started' })).toBeTruthy();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('while the payment is not confirmed, loads nothing more', async () => {
    server.answers['GET /api/subscription/status'] = ok(fakeSubscriptionStatus());
    renderWithProviders(<PaymentSuccessPage />, { at: '/success' });
    await vi.waitFor(() => expect(server.sent.length).toBeGreaterThan(0));
    expect(load).not.toHaveBeenCalled();
  });
});
