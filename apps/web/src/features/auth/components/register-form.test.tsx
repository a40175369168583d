import { PASSWORD_INVISIBLE_MESSAGE, PASSWORD_REPETITIVE_MESSAGE } from '@app/contracts/auth.ts';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { RegisterForm } from './register-form.tsx';

// A password that is no secret is refused in the form with the server's own words, before any request.
let requests = 0;
const originalAdapter = api.defaults.adapter;
const adapter: AxiosAdapter = async (config) => {
  requests += 1;
  return { data: {}, status: 500, statusText: 'Error', headers: {}, config };
};

describe('register form', () => {
  beforeEach(() => {
    requests = 0;
    api.defaults.adapter = adapter;
  });
  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    cleanup();
  });

  it.each([
    ['eight spaces', '        ', PASSWORD_INVISIBLE_MESSAGE],
    ['one letter repeated', 'aaaaaaaa', PASSWORD_REPETITIVE_MESSAGE],
  ])('shows why %s is refused', async (_label, password, message) => {
    renderWithProviders(<RegisterForm onSuccess={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(requests).toBe(0);
  });
});
