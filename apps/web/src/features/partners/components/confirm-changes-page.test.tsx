import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AxiosAdapter, AxiosError, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import ConfirmChangesPage from './confirm-changes-page.tsx';

const originalAdapter = api.defaults.adapter;
let posted: unknown[] = [];

/** The HTTP edge: answers the confirmation as the server would, with the given status. */
function answer(status: number, data: unknown): AxiosAdapter {
  return async (config) => {
    posted.push(JSON.parse(String(config.data)));
    const response = { data, status, statusText: String(status), headers: {}, config } as AxiosResponse;
    if (status >= 400) throw new AxiosError('failed', String(status), config, null, response);
    return response;
  };
}

function show() {
  renderWithProviders(<ConfirmChangesPage />, {
    path: '/partners/confirm/:token',
    at: '/partners/confirm/secret-from-the-mail',
  });
}

describe('confirming new answers for a pending application', () => {
  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    posted = [];
    cleanup();
  });

  it('changes nothing on opening; the button sends the secret and the result is shown', async () => {
    api.defaults.adapter = answer(200, {
      success: true,
      message: 'Your pending application has been updated.',
    });
    show();
    expect(posted).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the changes' }));
    expect(await screen.findByRole('heading', { name: 'Application updated' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Your pending application has been updated.');
    expect(posted).toEqual([{ token: 'secret-from-the-mail' }]);
  });

  it('a spent or expired link is explained in the server’s words', async () => {
    api.defaults.adapter = answer(404, {
      success: false,
      code: 'NOT_FOUND',
      error: 'This link is not valid or has expired.',
    });
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link is not valid or has expired.');
    expect(screen.getByRole('link', { name: 'Go to the application page' })).toBeTruthy();
  });
});
