import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeServer, ok } from '../../../testing/fake-server.ts';
import { fakeUser } from '../../../testing/fakes.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import AdminPage from './admin-page.tsx';

// The HTTP edge: an axios adapter answering like the server. The page asks the server whether the
// session may use the admin area and leads an admin through the second factor first.

const server = installFakeServer();
const show = () => renderWithProviders(<AdminPage />, { at: '/admin' });
const profile = (role: 'user' | 'admin') => ok({ success: true, user: fakeUser({ role }) });
const factor = (enrolled: boolean, verified: boolean) => ok({ success: true, data: { enrolled, verified } });
/** The page finds its way from the profile and the second factor's status, never from a refusal. */
const refusals = () => server.sent.filter((request) => request.url.startsWith('/api/admin/'));

describe('the admin page', () => {
  it('tells a person without the admin role that it is not for them', async () => {
    server.answers['GET /api/auth/profile'] = profile('user');
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
    expect(refusals()).toEqual([]);
  });

  it('sets up the authenticator, shows the recovery codes once, then opens the admin area', async () => {
    let enrolled = false;
    server.answers['GET /api/auth/profile'] = profile('admin');
    server.answers['GET /api/auth/mfa'] = () => factor(enrolled, enrolled);
    server.answers['POST /api/auth/mfa/enroll'] = {
      status: 200,
      data: {
        success: true,
        data: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Astro:a@b.test?secret=JBSWY3DPEHPK3PXP',
        },
      },
    };
    server.answers['POST /api/auth/mfa/verify'] = () => {
      enrolled = true;
      return { status: 200, data: { success: true, data: { recoveryCodes: ['aaaaaaaaaa', 'bbbbbbbbbb'] } } };
    };
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(server.bodiesTo('/api/auth/mfa/verify').at(-1)).toEqual({ code: '123456' });
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(codes.textContent).toContain('aaaaaaaaaa');
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'People' })).toBeTruthy();
  });

  it('asks an enrolled admin for a code and shows the server refusal of a wrong one', async () => {
    server.answers['GET /api/auth/profile'] = profile('admin');
    server.answers['GET /api/auth/mfa'] = factor(true, false);
    server.answers['POST /api/auth/mfa/verify'] = {
      status: 400,
      data: { success: false, error: 'That code is not right.', code: 'INVALID_CODE' },
    };
    show();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('That code is not right.')).toBeTruthy();
  });
});
