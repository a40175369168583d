import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../lib/api-client.ts';
import { PlaceCombobox } from './place-combobox.tsx';

// The HTTP edge: place search answers only when the test releases it, as a slow network would.
const originalAdapter = api.defaults.adapter;
let release: () => void = () => undefined;
const slowAdapter: AxiosAdapter = (config) =>
  new Promise((resolve) => {
    release = () =>
      resolve({
        data: {
          success: true,
          places: [
            {
              id: 1,
              name: 'Springfield',
              region: 'Illinois',
              country: 'United States',
              countryCode: 'US',
              lat: 39.8,
              lon: -89.64,
              population: 116_000,
              timeZone: 'America/Chicago',
            },
          ],
        },
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
      });
  });

function Field() {
  const [value, setValue] = useState('');
  return <PlaceCombobox label="City of birth" value={value} onType={setValue} onChoose={() => undefined} />;
}

describe('place combobox', () => {
  beforeEach(() => {
    api.defaults.adapter = slowAdapter;
  });
  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    cleanup();
  });

  async function typeAndWaitForRequest(text: string) {
    const user = userEvent.setup();
    render(<Field />);
    const input = screen.getByRole('combobox', { name: 'City of birth' });
    await user.type(input, text);
    // Past the debounce, so the search is in flight.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    return { user, input };
  }

  it('opens the suggestions when they arrive while the person is still in the field', async () => {
    const { input } = await typeAndWaitForRequest('Springf');
    await act(async () => release());
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('option', { name: /Springfield/ })).toBeTruthy();
  });

  it('keeps late suggestions closed after Escape, so they never cover the rest of the form', async () => {
    const { user, input } = await typeAndWaitForRequest('Springf');
    await user.keyboard('{Escape}');
    await act(async () => release());
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('option')).toBeNull();
  });
});
