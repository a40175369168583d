import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeServer, ok, refused } from '../../../testing/fake-server.ts';
import { fakeUser } from '../../../testing/fakes.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { useAuth } from '../stores/auth-store.ts';
import VerifyEmailPage from './verify-email-page.tsx';

// A link opened a second time: the server refuses a used link like an unknown one.

const server = installFakeServer();
const TOKEN = 'A'.repeat(43);
/** Rendering on two busy cores can take longer than the default second. */
const WAIT = { timeout: 5000 };
const USED = 'This verification link is invalid or has expired. Please request a new one.';

function open() {
  server.answers[`GET /api/auth/verify-email/${TOKEN}`] = refused(400, 'INVALID_TOKEN', USED);
  renderWithProviders(<VerifyEmailPage />, { at: `/verify-email/${TOKEN}`, path: '/verify-email/:token' });
}

function signIn(emailVerified: boolean, profileSays = emailVerified) {
  localStorage.setItem(STORAGE_KEYS.authToken, 'token-1');
  useAuth.setState({ user: fakeUser({ emailVerified }), token: 'token-1' });
  server.answers['GET /api/auth/profile'] = ok({
    success: true,
    user: fakeUser({ emailVerified: profileSays }),
  });
}

afterEach(() => {
  localStorage.clear();
  useAuth.setState({ user: null, token: null, error: null });
});

describe('a verification link opened again', () => {
  it('tells a signed-in, verified person that all is well, and leads on', async () => {
    signIn(true);
    open();
    expect(await screen.findByRole('heading', { name: 'Your email is already verified' }, WAIT)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/your email address is verified/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/');
  });

  it('asks the server first when this device still thinks the address is unverified', async () => {
    // Verified on another device: the stored profile is older than that.
    signIn(false, true);
    open();
    expect(await screen.findByRole('heading', { name: 'Your email is already verified' }, WAIT)).toBeTruthy();
    expect(server.sent.map((request) => request.url)).toContain('/api/auth/profile');
    expect(useAuth.getState().user?.emailVerified).toBe(true);
  });

  it('keeps the refusal for a signed-in person whose address is not verified', async () => {
    signIn(false);
    open();
    expect(await screen.findByRole('heading', { name: 'We could not verify your email' }, WAIT)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(USED);
    expect(screen.getByRole('link', { name: 'Send a new link' })).toBeTruthy();
  });

  it('keeps the current message for a guest', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'We could not verify your email' }, WAIT)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(USED);
    expect(screen.getByRole('link', { name: 'Log in to get a new link' })).toBeTruthy();
    expect(server.sent.map((request) => request.url)).not.toContain('/api/auth/profile');
  });
});
