// A clear sample chart for the claim checker's tests, built by hand: Sun in Taurus in the 10th,
// Moon in Aquarius in the 7th, Virgo rising with the Midheaven in Gemini, Mercury retrograde,
// and a sky (27 November 2026, London) with the Moon in Gemini and Mars retrograde.
import type { ClaimFacts } from './claim-facts.ts';

export const SAMPLE: ClaimFacts = {
  now: '2026-11-27T13:00:00Z',
  zone: 'Europe/London',
  timeKnown: true,
  placements: [
    { body: 'sun', sign: 'taurus', house: 10, retrograde: false },
    { body: 'moon', sign: 'aquarius', house: 7, retrograde: false },
    { body: 'mercury', sign: 'gemini', house: 10, retrograde: true },
    { body: 'venus', sign: 'cancer', house: 11, retrograde: false },
    { body: 'mars', sign: 'leo', house: 12, retrograde: false },
    { body: 'jupiter', sign: 'sagittarius', house: 4, retrograde: true },
    { body: 'saturn', sign: 'pisces', house: 7, retrograde: false },
    { body: 'uranus', sign: 'capricorn', house: 5, retrograde: true },
    { body: 'neptune', sign: 'capricorn', house: 5, retrograde: false },
    { body: 'pluto', sign: 'scorpio', house: 3, retrograde: false },
    { body: 'trueNode', sign: 'libra', house: 2, retrograde: true },
    { body: 'lilith', sign: 'aries', house: 8, retrograde: false },
  ],
  ascendant: 'virgo',
  midheaven: 'gemini',
  aspects: [
    { a: 'sun', b: 'saturn', kind: 'sextile', orb: 1.2 },
    { a: 'moon', b: 'pluto', kind: 'square', orb: 2.1 },
    { a: 'mars', b: 'jupiter', kind: 'trine', orb: 0.8 },
    { a: 'venus', b: 'mars', kind: 'semiSextile', orb: 1.5 },
    { a: 'moon', b: 'mars', kind: 'opposition', orb: 3.4 },
    { a: 'mercury', b: 'venus', kind: 'conjunction', orb: 4.0 },
    { a: 'sun', b: 'pluto', kind: 'opposition', orb: 2.7 },
  ],
  sky: [
    { body: 'sun', sign: 'sagittarius', retrograde: false },
    { body: 'moon', sign: 'gemini', retrograde: false },
    { body: 'mercury', sign: 'scorpio', retrograde: false },
    { body: 'venus', sign: 'capricorn', retrograde: false },
    { body: 'mars', sign: 'leo', retrograde: true },
    { body: 'jupiter', sign: 'cancer', retrograde: true },
    { body: 'saturn', sign: 'aries', retrograde: false },
  ],
  transits: [
    { body: 'saturn', point: 'sun', kind: 'square', exactAt: '2027-03-03T10:00:00Z', applying: true },
    { body: 'jupiter', point: 'venus', kind: 'trine', exactAt: '2026-12-12T23:30:00Z', applying: true },
    { body: 'mars', point: 'moon', kind: 'opposition', exactAt: '2026-12-01T04:00:00Z', applying: true },
    {
      body: 'venus',
      point: 'ascendant',
      kind: 'conjunction',
      exactAt: '2026-12-20T12:00:00Z',
      applying: true,
    },
    { body: 'sun', point: 'mercury', kind: 'opposition', exactAt: '2026-11-28T08:00:00Z', applying: true },
    // Exact two days before "now": today's transits are listed with such a past day.
    { body: 'uranus', point: 'moon', kind: 'square', exactAt: '2026-11-25T15:00:00Z', applying: false },
  ],
};

/** The same person without a birth time: no houses, no angles, no transits to the angles. */
export const NO_TIME: ClaimFacts = {
  ...SAMPLE,
  timeKnown: false,
  placements: SAMPLE.placements.map((p) => ({ ...p, house: null })),
  ascendant: null,
  midheaven: null,
  transits: SAMPLE.transits.filter((t) => t.point !== 'ascendant' && t.point !== 'midheaven'),
};
