import type { Person, Synastry } from '@app/contracts/people.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeServer, ok, refused } from '../../../testing/fake-server.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import ComparisonPage from './comparison-page.tsx';
import PeoplePage from './people-page.tsx';

const server = installFakeServer();

const grace: Person = {
  id: 'p1',
  relation: 'partner',
  name: 'Grace',
  date: '1985-12-09',
  time: '07:15',
  timeUnknown: false,
  city: 'Oslo',
  country: 'Norway',
  placeId: 3143244,
  region: 'Oslo',
  countryCode: 'NO',
  latitude: 59.91,
  longitude: 10.75,
  timeZone: 'Europe/Oslo',
  utc: '1985-12-09T06:15:00.000Z',
  utcOffsetSeconds: 3600,
  localTime: '1985-12-09T07:15:00',
  zoneAbbreviation: 'CET',
  statedUtcOffsetSeconds: null,
  timeBasis: null,
  resolution: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the people page', () => {
  it('lists the people with their relation and a way to compare, and says what it asks of them', async () => {
    server.answers['GET /api/people'] = ok({ success: true, data: [grace], limit: 20 });
    renderWithProviders(<PeoplePage />, { at: '/people' });
    const list = await screen.findByRole('list', { name: 'Your people' });
    expect(within(list).getByText('Grace', { selector: 'p' })).toBeTruthy();
    expect(within(list).getByText('partner')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Compare charts' }).getAttribute('href')).toBe(
      '/people/p1',
    );
    expect(screen.getByText('1 of 20 people')).toBeTruthy();
    expect(screen.getByText(/Add only people who agree to it/)).toBeTruthy();
  });

  it('adds a person with the birth form and a relation, then shows them', async () => {
    const people: Person[] = [];
    server.answers['GET /api/people'] = () => ok({ success: true, data: people, limit: 20 });
    server.answers['POST /api/people'] = (request) => {
      people.push({ ...grace, ...(request.body as object), id: 'p2' });
      return ok({ success: true, data: people[0] }, 201);
    };
    renderWithProviders(<PeoplePage />, { at: '/people' });
    expect(await screen.findByText('No one added yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add a person' }));
    const form = screen.getByRole('form', { name: 'Birth data of someone in your life' });
    await userEvent.type(within(form).getByLabelText('Name', { exact: true }), 'Grace');
    await userEvent.type(within(form).getByLabelText(/Relation/), 'partner');
    await userEvent.type(within(form).getByLabelText('Date of birth'), '1985-12-09');
    await userEvent.click(within(form).getByLabelText("I don't know their birth time"));
    await userEvent.type(within(form).getByLabelText('City of birth'), 'Oslo');
    await userEvent.type(within(form).getByLabelText('Country'), 'Norway');
    await userEvent.click(within(form).getByRole('button', { name: 'Add this person' }));
    const added = () => server.sent.filter((r) => r.method === 'POST' && r.url === '/api/people');
    await waitFor(() => expect(added()).toHaveLength(1));
    expect(added()[0]!.body).toMatchObject({
      name: 'Grace',
      relation: 'partner',
      date: '1985-12-09',
      timeUnknown: true,
      city: 'Oslo',
      country: 'Norway',
    });
    expect(await screen.findByRole('list', { name: 'Your people' })).toBeTruthy();
  });
});

const synastry: Synastry = {
  person: { id: 'p1', name: 'Grace', timeKnown: false },
  timeKnown: true,
  theirs: [{ body: 'sun', longitude: 257.1, retrograde: false }],
  aspects: [{ a: 'venus', b: 'mars', kind: 'trine', orb: 0.2 }],
  composite: {
    bodies: [{ body: 'sun', longitude: 100.5, sign: 'cancer', house: null }],
    angles: null,
    cusps: null,
    aspects: [],
  },
  overlay: { theirsInYours: [{ body: 'sun', house: 5 }], yoursInTheirs: [] },
  elements: { yours: { fire: 3 }, theirs: { water: 4 } },
  modalities: { yours: { fixed: 4 }, theirs: { mutable: 5 } },
  reading: {
    sections: [
      {
        id: 'contacts',
        title: 'Between your charts',
        entries: [
          {
            id: 'contact-venus-mars-trine',
            title: 'Your Venus trines Grace’s Mars (orb 0°12′)',
            text: 'A warm ease.',
          },
        ],
      },
    ],
    note: 'Without Grace’s birth time, the Ascendant, the Midheaven and the houses that rest on it are left out: they change every few minutes.',
  },
};

describe('the comparison page', () => {
  it('shows the contacts grid, the overlay, the composite chart and the reading', async () => {
    server.answers['GET /api/people/p1/synastry'] = ok({ success: true, data: synastry });
    renderWithProviders(<ComparisonPage />, { at: '/people/p1', path: '/people/:id' });
    expect(await screen.findByRole('heading', { name: 'You and Grace' })).toBeTruthy();
    const grid = screen.getByRole('table', { name: /Aspects between your points and Grace’s/ });
    expect(within(grid).getByText('Trine to Mars')).toBeTruthy();
    expect(within(grid).getByText('0°12′')).toBeTruthy();
    expect(screen.getByText('Sun: 5th house')).toBeTruthy();
    expect(screen.getByText('Grace’s houses need their birth time.')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Composite positions' })).getByText('10°30′ Cancer'),
    ).toBeTruthy();
    expect(screen.getByText('A warm ease.')).toBeTruthy();
  });

  it('leads to the birth form when the person has no birth data yet, and to the plans on the chat-only plan', async () => {
    server.answers['GET /api/people/p1/synastry'] = refused(
      409,
      'BIRTH_DATA_REQUIRED',
      'Save your own birth data first.',
    );
    renderWithProviders(<ComparisonPage />, { at: '/people/p1', path: '/people/:id' });
    expect((await screen.findByRole('link', { name: 'Enter your birth data' })).getAttribute('href')).toBe(
      '/birth-form',
    );
  });
});
