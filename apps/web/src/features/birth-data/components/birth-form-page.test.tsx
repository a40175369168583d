import type { BirthData } from '@app/contracts/birth-data.ts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSignedInPerson } from '../../../lib/signed-in-person.ts';
import { installFakeServer } from '../../../testing/fake-server.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { useBirthData } from '../stores/birth-data-store.ts';
import BirthFormPage from './birth-form-page.tsx';

// The chart below the summary asks the server; unanswered, it shows an error, which is not tested here.
installFakeServer();

/** Oslo, 25 March 1990, 02:30 typed: a time the clocks skipped, read as CEST (01:30 UT). */
const skippedInOslo: BirthData = {
  name: 'Edvard',
  date: '1990-03-25',
  time: '02:30',
  timeUnknown: false,
  city: 'Oslo',
  country: 'Norway',
  placeId: 3143244,
  region: 'Oslo',
  countryCode: 'NO',
  latitude: 59.91,
  longitude: 10.75,
  timeZone: 'Europe/Oslo',
  utc: '1990-03-25T01:30:00.000Z',
  utcOffsetSeconds: 7200,
  localTime: '1990-03-25T03:30:00',
  zoneAbbreviation: 'CEST',
  statedUtcOffsetSeconds: null,
  timeBasis: null,
  resolution: 'later',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  useBirthData.setState({ birthData: null });
  useSignedInPerson.setState({ person: null });
});

describe('the birth chart page', () => {
  it('shows a time the clocks skipped as the time it became, never one that did not exist', () => {
    useBirthData.setState({ birthData: skippedInOslo });
    renderWithProviders(<BirthFormPage />, { at: '/birth-form' });
    expect(screen.getByText('03:30 CEST (UTC+02:00)')).toBeTruthy();
    expect(screen.queryByText(/02:30/)).toBeNull();
    expect(screen.getByText('1990-03-25')).toBeTruthy();
  });

  it("starts a new chart with the account's name, which the person can change", async () => {
    useSignedInPerson.setState({ person: { id: 'u1', name: 'Ada Lovelace' } });
    renderWithProviders(<BirthFormPage />, { at: '/birth-form' });
    const name = screen.getByLabelText('Name', { exact: true }) as HTMLInputElement;
    expect(name.value).toBe('Ada Lovelace');
    await userEvent.clear(name);
    await userEvent.type(name, 'Augusta Ada King');
    expect(name.value).toBe('Augusta Ada King');
  });

  it("keeps a saved chart's own name when editing it", async () => {
    useSignedInPerson.setState({ person: { id: 'u1', name: 'Ada Lovelace' } });
    useBirthData.setState({ birthData: skippedInOslo });
    renderWithProviders(<BirthFormPage />, { at: '/birth-form' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText('Name', { exact: true }) as HTMLInputElement).value).toBe('Edvard');
  });
});
