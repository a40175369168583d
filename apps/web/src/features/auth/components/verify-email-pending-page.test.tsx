import type { User } from '@app/contracts/auth.ts';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useToasts } from '../../../lib/toast-store.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { useAuth } from '../stores/auth-store.ts';
import VerifyEmailPendingPage from './verify-email-pending-page.tsx';

const unverified: User = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  role: 'user',
  emailVerified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function show() {
  renderWithProviders(<VerifyEmailPendingPage />, { at: '/verify-email-pending' });
}

const titles = () => useToasts.getState().toasts.map((toast) => toast.title);

describe('verify email pending page', () => {
  const original = useAuth.getState().refreshUser;
  beforeEach(() => {
    // The profile still says "not verified" when the person checks too early.
    useAuth.setState({ user: unverified, refreshUser: async () => undefined });
  });
  afterEach(() => {
    cleanup();
    useToasts.getState().clearToasts();
    useAuth.setState({ user: null, refreshUser: original });
  });

  it('takes back "Not verified yet" once the address is verified, and continues to the plans', async () => {
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('button', { name: 'I have verified' }));
    expect(titles()).toEqual(['Not verified yet']);

    // The link was opened in another tab: this tab learns the address is verified.
    act(() => useAuth.setState({ user: { ...unverified, emailVerified: true } }));
    expect(screen.getByRole('heading', { name: 'Your email is verified' })).toBeTruthy();
    expect(titles()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/subscription');
  });

  it('lets a long address wrap only before its @ and dots, never inside a word', () => {
    const email = 'augusta.ada.king-noel@analytical-engine.example.org';
    useAuth.setState({ user: { ...unverified, email } });
    show();
    const address = screen.getByTestId('pending-email');
    expect(address.textContent).toBe(email);
    expect(address.innerHTML).toBe(
      'augusta<wbr>.ada<wbr>.king-noel<wbr>@analytical-engine<wbr>.example<wbr>.org',
    );
    // Breaking anywhere (break-all) is what cut words in two; a part wider than the line may still wrap.
    expect(address.className).not.toMatch(/break-all/);
    expect(address.className).toContain('[overflow-wrap:anywhere]');
  });
});
