import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import AdminPage from './admin-page.tsx';

// The HTTP edge: an axios adapter answering like the server. The page asks the server whether the
// session may use the admin area and leads an admin through the second factor first.

type Answer = { status: number; data: unknown };
let answers: Record<string, Answer | (() => Answer)> = {};
let posted: { url: string; body: unknown }[] = [];
const originalAdapter = api.defaults.adapter;
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const key = `${config.method?.toUpperCase()} ${config.url}`;
  if (config.method === 'post')
    posted.push({ url: config.url ?? '', body: config.data ? JSON.parse(config.data) : undefined });
  const found = answers[key];
  const answer = (typeof found === 'function' ? found() : found) ?? {
    status: 404,
    data: { success: false, error: 'Resource not found.', code: 'NOT_FOUND' },
  };
  const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
  if (answer.status >= 400)
    throw Object.assign(new Error('failed'), { isAxiosError: true, response, config });
  return response;
};
const refused = (code: string) => ({ status: 403, data: { success: false, error: 'No.', code } });

function show() {
  renderWithProviders(<AdminPage />, { at: '/admin' });
}

beforeEach(() => {
  answers = {};
  posted = [];
  api.defaults.adapter = adapter;
});
afterEach(() => {
  cleanup();
  api.defaults.adapter = originalAdapter;
});

describe('the admin page', () => {
  it('tells a person without the admin role that it is not for them', async () => {
    answers['GET /api/admin/audit-log'] = refused('FORBIDDEN');
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
  });

  it('sets up the authenticator, shows the recovery codes once, then opens the admin area', async () => {
    let enrolled = false;
    answers['GET /api/admin/audit-log'] = () =>
      enrolled
        ? { status: 200, data: { success: true, data: { entries: [], total: 0 } } }
        : refused('MFA_ENROLMENT_REQUIRED');
    answers['POST /api/auth/mfa/enroll'] = {
      status: 200,
      data: {
        success: true,
        data: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Astro:a@b.test?secret=JBSWY3DPEHPK3PXP',
        },
      },
    };
    answers['POST /api/auth/mfa/verify'] = () => {
      enrolled = true;
      return { status: 200, data: { success: true, data: { recoveryCodes: ['aaaaaaaaaa', 'bbbbbbbbbb'] } } };
    };
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(posted.at(-1)).toEqual({ url: '/api/auth/mfa/verify', body: { code: '123456' } });
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(codes.textContent).toContain('aaaaaaaaaa');
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'People' })).toBeTruthy();
  });

  it('asks an enrolled admin for a code and shows the server refusal of a wrong one', async () => {
    answers['GET /api/admin/audit-log'] = refused('MFA_REQUIRED');
    answers['POST /api/auth/mfa/verify'] = {
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
