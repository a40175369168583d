import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { SessionsSection } from './sessions-section.tsx';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

// The HTTP edge: answers the sessions list as the server does.
const adapter: AxiosAdapter = async (config) => ({
  data: {
    success: true,
    sessions: [
      {
        id: 's1',
        createdAt: '2026-11-01T10:00:00.000Z',
        lastSeenAt: '2026-11-20T10:00:00.000Z',
        userAgent: PHONE,
        ip: null,
        current: true,
      },
    ],
  },
  status: 200,
  statusText: '',
  headers: {},
  config,
});

describe('devices list', () => {
  const originalAdapter = api.defaults.adapter;
  beforeEach(() => {
    api.defaults.adapter = adapter;
  });
  afterEach(() => {
    cleanup();
    api.defaults.adapter = originalAdapter;
    onlineManager.setOnline(true);
  });

  it('offline it says so instead of loading forever, and loads once back online', async () => {
    onlineManager.setOnline(false);
    renderWithProviders(<SessionsSection />);
    expect(
      screen.getByText('You are offline. Your devices will show when you are back online.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('Loading devices...')).toBeNull();

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Chrome on Android')).toBeTruthy();
    // A phone is drawn as a phone.
    expect(document.querySelector('svg.lucide-smartphone')).not.toBeNull();
    expect(document.querySelector('svg.lucide-laptop')).toBeNull();
  });
});
