import type { Landscape, LandscapeStatus } from '@app/contracts/landscape.ts';

// Answers shaped like the server's, for the page tests.

export function landscapeOf(date: string, overrides: Partial<Landscape> = {}): Landscape {
  return {
    id: `day-${date}`,
    date,
    zone: 'Europe/Oslo',
    generatedAt: `${date}T06:00:00.000Z`,
    variant: 0,
    timeKnown: true,
    headline: `Steady ground on ${date}`,
    summary: 'Saturn asks for patience. The Moon favours quiet work. Evening brings relief.',
    note: null,
    moon: {
      sign: 'taurus',
      ingress: { sign: 'gemini', at: `${date}T14:05:00.000Z` },
      phase: 'waxing-gibbous',
      illumination: 0.82,
      waxing: true,
      voidOfCourse: { start: `${date}T09:00:00.000Z`, end: `${date}T14:05:00.000Z` },
    },
    transits: [
      {
        body: 'saturn',
        natalPoint: 'sun',
        aspect: 'square',
        orb: 0.5,
        applying: true,
        enters: '2026-10-01T00:00:00.000Z',
        exactAt: `${date}T20:00:00.000Z`,
        leaves: '2027-01-10T00:00:00.000Z',
        weight: 9,
        title: 'Saturn squares your natal Sun in Taurus',
        text: 'A test of what you have built.',
        starter: 'What does Saturn square my Sun ask of me?',
      },
      {
        body: 'venus',
        natalPoint: 'moon',
        aspect: 'trine',
        orb: 1.25,
        applying: false,
        enters: null,
        exactAt: '2026-11-20T10:00:00.000Z',
        leaves: '2026-11-30T00:00:00.000Z',
        weight: 4,
        title: 'Venus trines your natal Moon in Virgo',
        text: 'Warmth in close ties.',
        starter: 'How can I use Venus trine my Moon?',
      },
    ],
    moonTransits: [
      {
        body: 'moon',
        natalPoint: 'mars',
        aspect: 'sextile',
        orb: 2,
        applying: true,
        enters: null,
        exactAt: `${date}T11:30:00.000Z`,
        leaves: null,
        weight: 1,
        title: 'The Moon sextiles your natal Mars',
        text: '',
        starter: 'Moon sextile Mars?',
      },
    ],
    retrograde: ['saturn', 'neptune'],
    stations: [{ body: 'mercury', turns: 'retrograde', at: `${date}T08:00:00.000Z` }],
    ingresses: [{ body: 'venus', sign: 'capricorn', at: `${date}T16:00:00.000Z` }],
    sky: [{ body: 'sun', longitude: 242.5, retrograde: false }],
    ...overrides,
  };
}

export function statusOf(
  date: string,
  used: number,
  allowed = 3,
  exists = true,
  anotherReadingAvailable = true,
): LandscapeStatus {
  return {
    date,
    zone: 'Europe/Oslo',
    exists,
    generatedAt: exists ? `${date}T06:00:00.000Z` : null,
    regenerationsUsed: used,
    regenerationsAllowed: allowed,
    anotherReadingAvailable,
  };
}
