import type { Place } from '@app/contracts/places.ts';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client.ts';
import { PlaceCombobox } from './place-combobox.tsx';

const place = (id: number, name: string, region: string, country: string): Place => ({
  id,
  name,
  region,
  country,
  countryCode: country.slice(0, 2).toUpperCase(),
  lat: 0,
  lon: 0,
  population: 1000,
  timeZone: 'UTC',
});
const SPRINGFIELD = place(1, 'Springfield', 'Illinois', 'United States');
const OSLO = place(3143244, 'Oslo', 'Oslo', 'Norway');
const OSLOB = place(1697338, 'Oslob', 'Central Visayas', 'Philippines');

// The HTTP edge: place search answers only when the test releases it, as a slow network would.
const originalAdapter = api.defaults.adapter;
let release: () => void = () => undefined;
let answer: Place[] = [SPRINGFIELD];
const slowAdapter: AxiosAdapter = (config) =>
  new Promise((resolve) => {
    release = () =>
      resolve({
        data: { success: true, places: answer },
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
      });
  });

const onChoose = vi.fn<(place: Place) => void>();
const onSubmit = vi.fn();

function Field() {
  const [value, setValue] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <PlaceCombobox
        label="City of birth"
        value={value}
        onType={setValue}
        onChoose={(chosen) => {
          setValue(chosen.name);
          onChoose(chosen);
        }}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('place combobox', () => {
  beforeEach(() => {
    api.defaults.adapter = slowAdapter;
    answer = [SPRINGFIELD];
    onChoose.mockClear();
    onSubmit.mockClear();
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

  it('highlights nothing until an arrow key is pressed; Down then Enter picks the first place', async () => {
    answer = [OSLO, OSLOB];
    const { user, input } = await typeAndWaitForRequest('Oslo');
    await act(async () => release());
    await screen.findByRole('option', { name: /Oslob/ });
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-selected'))).toEqual([
      'false',
      'false',
    ]);
    await user.keyboard('{ArrowDown}');
    const first = screen.getAllByRole('option')[0] as HTMLElement;
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id);
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(onChoose.mock.calls[0]?.[0].id).toBe(OSLO.id);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Up from nothing goes to the last place', async () => {
    answer = [OSLO, OSLOB];
    const { user } = await typeAndWaitForRequest('Oslo');
    await act(async () => release());
    await screen.findByRole('option', { name: /Oslob/ });
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onChoose.mock.calls[0]?.[0].id).toBe(OSLOB.id);
  });

  it('Enter with the list open and nothing highlighted picks nothing and does not submit', async () => {
    answer = [OSLO, OSLOB];
    const { user, input } = await typeAndWaitForRequest('Oslo');
    await act(async () => release());
    await screen.findByRole('option', { name: /Oslob/ });
    await user.keyboard('{Enter}');
    expect(onChoose).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('Enter while suggestions are still on their way does not submit the typed city', async () => {
    const { user } = await typeAndWaitForRequest('Springf');
    await user.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onChoose).not.toHaveBeenCalled();
  });
});
