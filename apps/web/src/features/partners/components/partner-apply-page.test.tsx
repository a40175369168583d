import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import PartnerApplyPage from './partner-apply-page.tsx';

// The HTTP edge: an axios adapter answering like the server and recording what was sent.
let posted: unknown[] = [];
const originalAdapter = api.defaults.adapter;
const adapter: AxiosAdapter = async (config) => {
  if (config.method === 'post') {
    posted.push(JSON.parse(String(config.data)));
    return {
      data: { success: true, message: 'Open the link we sent.', awaitingConfirmation: true },
      status: 202,
      statusText: 'Accepted',
      headers: {},
      config,
    };
  }
  const programme = {
    commissionRate: 0.3,
    attributionWindowDays: 30,
    partnerCouponPercentOff: 10,
    supportEmail: 'p@x.example',
  };
  return { data: { success: true, programme }, status: 200, statusText: 'OK', headers: {}, config };
};

function show() {
  renderWithProviders(<PartnerApplyPage />, { at: '/partners/apply' });
}

describe('partner application page', () => {
  beforeEach(() => {
    posted = [];
    api.defaults.adapter = adapter;
  });
  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    cleanup();
  });

  it('requires every field and the acceptance of the terms', async () => {
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Please accept the programme terms.')).toBeTruthy();
    expect(screen.getByText('Please choose your audience size.')).toBeTruthy();
    expect(screen.getByText('Please give your website or social handles.')).toBeTruthy();
    expect(posted).toHaveLength(0);
  });

  it('shows the terms with the figures in force, sends the application and confirms it', async () => {
    show();
    expect(await screen.findByText(/You earn 30% of what/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Name'), 'Luna Sky');
    await userEvent.type(screen.getByLabelText('Email'), 'luna@example.com');
    await userEvent.type(screen.getByLabelText('Website or social handles'), '@lunasky');
    await userEvent.selectOptions(screen.getByLabelText('Audience size'), '10k-100k');
    await userEvent.type(
      screen.getByLabelText('How will you promote Astro Guidance?'),
      'A weekly horoscope video with my link.',
    );
    await userEvent.click(screen.getByLabelText('I have read and accept the programme terms.'));
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByRole('heading', { name: 'Confirm by email' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Open the link we sent.');
    expect(posted).toEqual([
      {
        name: 'Luna Sky',
        email: 'luna@example.com',
        channels: '@lunasky',
        audienceSize: '10k-100k',
        promotion: 'A weekly horoscope video with my link.',
        acceptTerms: true,
      },
    ]);
  });
});
