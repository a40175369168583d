import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import ContactPage from './contact-page.tsx';

// The HTTP edge: an axios adapter answering like the server and recording what was sent.
let posted: unknown[] = [];
const originalAdapter = api.defaults.adapter;
const adapter: AxiosAdapter = async (config) => {
  if (config.method === 'post') {
    posted.push(JSON.parse(String(config.data)));
    return {
      data: { success: true, message: 'Thank you, we received your message.' },
      status: 201,
      statusText: 'Created',
      headers: {},
      config,
    };
  }
  return {
    data: { success: true, supportEmail: 'help@astro.example' },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  };
};

function show(path: string) {
  renderWithProviders(<ContactPage />, { path: '/contact', at: path });
}

describe('contact page', () => {
  beforeEach(() => {
    posted = [];
    api.defaults.adapter = adapter;
  });
  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    cleanup();
  });

  it('preselects the topic from ?topic=support and shows the support address', async () => {
    show('/contact?topic=support');
    expect((screen.getByLabelText('Topic') as HTMLSelectElement).value).toBe('technical');
    expect(await screen.findByRole('link', { name: 'help@astro.example' })).toBeTruthy();
    expect(document.title).toBe('Contact us · Astro Guidance');
  });

  it('checks the fields with the shared rules before sending anything', async () => {
    show('/contact');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please choose a topic.')).toBeTruthy();
    expect(screen.getByText('Please enter your name.')).toBeTruthy();
    expect(screen.getByText('Please write at least 10 characters.')).toBeTruthy();
    expect(posted).toHaveLength(0);
  });

  it('sends the message and shows the confirmation', async () => {
    show('/contact');
    await userEvent.type(screen.getByLabelText('Name'), '  Ada  ');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Topic'), 'billing');
    await userEvent.type(screen.getByLabelText('Message'), 'My invoice shows the wrong name.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('heading', { name: 'Message sent' })).toBeTruthy();
    expect(screen.getByText('Thank you, we received your message.')).toBeTruthy();
    expect(posted).toEqual([
      {
        name: 'Ada',
        email: 'ada@example.com',
        topic: 'billing',
        message: 'My invoice shows the wrong name.',
      },
    ]);
  });
});
