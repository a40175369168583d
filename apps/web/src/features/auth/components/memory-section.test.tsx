import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { MemorySection } from './memory-section.tsx';

const MEMORY = {
  id: '0b6c1f7e-58a4-4e57-9a57-1f0f8a1b2c3d',
  text: 'You work as a nurse',
  createdAt: '2026-11-24T10:00:00Z',
};

let sent: string[] = [];
let answers: Record<string, { status: number; data: unknown }> = {};
const originalAdapter = api.defaults.adapter;
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const key = `${config.method?.toUpperCase()} ${config.url}`;
  sent.push(key);
  const answer = answers[key] ?? {
    status: 404,
    data: { success: false, error: 'That memory does not exist.' },
  };
  const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
  if (answer.status >= 400)
    throw Object.assign(new Error('failed'), { isAxiosError: true, response, config });
  return response;
};

function show() {
  renderWithProviders(<MemorySection />);
}

describe('what the assistant remembers', () => {
  beforeEach(() => {
    sent = [];
    api.defaults.adapter = adapter;
  });
  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    cleanup();
  });

  it('lists the remembered things and forgets one on request', async () => {
    answers = {
      'GET /api/chat/memory': { status: 200, data: { success: true, data: [MEMORY] } },
      [`DELETE /api/chat/memory/${MEMORY.id}`]: {
        status: 200,
        data: { success: true, message: 'The assistant has forgotten it.' },
      },
    };
    show();
    expect(await screen.findByText('You work as a nurse')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Forget: You work as a nurse' }));
    await waitFor(() => expect(screen.getByText('Nothing yet.')).toBeTruthy());
    expect(sent).toContain(`DELETE /api/chat/memory/${MEMORY.id}`);
  });

  it('is left out for a person whose plan has no chat', async () => {
    answers = {
      'GET /api/chat/memory': {
        status: 403,
        data: { success: false, error: 'Paid access required.', code: 'PAYMENT_REQUIRED' },
      },
    };
    show();
    await waitFor(() => expect(sent).toEqual(['GET /api/chat/memory']));
    await waitFor(() => expect(screen.queryByText('What the assistant remembers')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
