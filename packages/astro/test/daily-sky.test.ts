// The sky of one day against a natal chart: every reported moment is checked against the
// ephemeris itself (a transit perfects at its exact time, crosses the orb at its edges, the Moon
// changes sign at its ingress, a planet stands still at its station).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASPECT_ANGLES } from '../src/chart/aspects.ts';
import { computeNatalChart, type NatalChart } from '../src/chart/natal-chart.ts';
import { norm360, signedDelta } from '../src/ephemeris/angles.ts';
import {
  type DayTransit,
  dailySky,
  MOON_TRANSIT_ORB,
  TRANSIT_ORB,
  transitWeight,
} from '../src/transits/daily-sky.ts';
import { natalPoints, positionsAt } from '../src/transits/transits.ts';

const lonOf = (body: DayTransit['body'], iso: string) => positionsAt({ utc: iso }, [body])[0]!.longitude;

/** Smallest distance of the body from either exact longitude of the transit. */
function deviationAt(chart: NatalChart, t: DayTransit, iso: string): number {
  const point = natalPoints(chart).find((p) => p.id === t.point)!;
  const angle = ASPECT_ANGLES[t.kind];
  const lon = lonOf(t.body, iso);
  return Math.min(
    Math.abs(signedDelta(lon, norm360(point.longitude + angle))),
    Math.abs(signedDelta(lon, norm360(point.longitude - angle))),
  );
}

const chartArb = fc.record({
  year: fc.integer({ min: 1940, max: 2010 }),
  dayOfYear: fc.integer({ min: 0, max: 364 }),
  minute: fc.integer({ min: 0, max: 1439 }),
  latitude: fc.double({ min: -60, max: 60, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  timeKnown: fc.boolean(),
});

const dayArb = fc.integer({ min: 0, max: 365 * 10 }).map((offset) => {
  const start = Date.UTC(2020, 0, 1) + offset * 86_400_000 + 5 * 3_600_000;
  return { startUtc: new Date(start).toISOString(), endUtc: new Date(start + 86_400_000).toISOString() };
});

type ChartCase = typeof chartArb extends fc.Arbitrary<infer T> ? T : never;

function chartFrom(c: ChartCase): NatalChart {
  const birth = new Date(Date.UTC(c.year, 0, 1) + c.dayOfYear * 86_400_000 + c.minute * 60_000);
  return computeNatalChart({
    moment: { utc: birth.toISOString() },
    latitude: c.latitude,
    longitude: c.longitude,
    options: { timeKnown: c.timeKnown },
  });
}

describe('daily sky', () => {
  it('reports transits that perfect at exactAt and cross the orb at enters and leaves', () => {
    fc.assert(
      fc.property(chartArb, dayArb, (c, day) => {
        const chart = chartFrom(c);
        const sky = dailySky(chart, day);
        for (const t of [...sky.transits, ...sky.moonTransits]) {
          const orb = t.body === 'moon' ? MOON_TRANSIT_ORB : TRANSIT_ORB;
          if (t.exactAt) expect(deviationAt(chart, t, t.exactAt)).toBeLessThan(0.01);
          if (t.enters) expect(Math.abs(deviationAt(chart, t, t.enters) - orb)).toBeLessThan(0.01);
          if (t.leaves) expect(Math.abs(deviationAt(chart, t, t.leaves) - orb)).toBeLessThan(0.01);
          // Each day transit is in orb at some moment of the day.
          const from = t.enters ?? day.startUtc;
          const to = t.leaves ?? day.endUtc;
          expect(from <= day.endUtc && to >= day.startUtc).toBe(true);
        }
        for (const t of sky.moonTransits) {
          expect(t.exactAt! >= day.startUtc && t.exactAt! < day.endUtc).toBe(true);
        }
        if (!c.timeKnown) {
          expect(sky.transits.some((t) => t.point === 'ascendant' || t.point === 'midheaven')).toBe(false);
        }
        // Ranked heaviest first.
        for (let i = 1; i < sky.transits.length; i++)
          expect(sky.transits[i - 1]!.weight).toBeGreaterThanOrEqual(sky.transits[i]!.weight);
      }),
      { numRuns: 12, seed: 20261124 },
    );
  }, 60_000);

  it('finds the Moon changing sign at its ingress, and a void span that ends there', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const chart = computeNatalChart({
          moment: { utc: '1990-05-17T12:30:00Z' },
          latitude: 59.9,
          longitude: 10.7,
        });
        const { moon } = dailySky(chart, day);
        if (moon.ingress) {
          const lon = lonOf('moon', moon.ingress.at);
          const toBoundary = Math.abs(signedDelta(lon, Math.round(lon / 30) * 30));
          expect(toBoundary).toBeLessThan(0.01);
        }
        if (moon.voidOfCourse) {
          expect(moon.voidOfCourse.start <= moon.voidOfCourse.end).toBe(true);
          expect(moon.voidOfCourse.start < day.endUtc && moon.voidOfCourse.end > day.startUtc).toBe(true);
          const atEnd = lonOf('moon', moon.voidOfCourse.end);
          expect(Math.abs(signedDelta(atEnd, Math.round(atEnd / 30) * 30))).toBeLessThan(0.01);
        }
        expect(moon.illumination).toBeGreaterThanOrEqual(0);
        expect(moon.illumination).toBeLessThanOrEqual(1);
      }),
      { numRuns: 12, seed: 7 },
    );
  }, 60_000);

  it('knows the Mercury station of 1 April 2024 (turning retrograde) and the Sun entering Aries on 20 March 2024', () => {
    const chart = computeNatalChart({
      moment: { utc: '1990-05-17T12:30:00Z' },
      latitude: 59.9,
      longitude: 10.7,
    });
    const station = dailySky(chart, { startUtc: '2024-04-01T00:00:00Z', endUtc: '2024-04-02T00:00:00Z' });
    expect(station.stations).toEqual([expect.objectContaining({ body: 'mercury', turns: 'retrograde' })]);
    expect(station.stations[0]!.at.startsWith('2024-04-01T22:')).toBe(true);
    const equinox = dailySky(chart, { startUtc: '2024-03-20T00:00:00Z', endUtc: '2024-03-21T00:00:00Z' });
    const sun = equinox.ingresses.find((i) => i.body === 'sun')!;
    expect(sun.sign).toBe('aries');
    expect(Math.abs(Date.parse(sun.at) - Date.parse('2024-03-20T03:06:00Z'))).toBeLessThanOrEqual(60_000);
    expect(equinox.retrograde).not.toContain('mercury');
    expect(station.retrograde).not.toContain('mercury'); // it turns late in the day
    const after = dailySky(chart, { startUtc: '2024-04-03T00:00:00Z', endUtc: '2024-04-04T00:00:00Z' });
    expect(after.retrograde).toContain('mercury');
  });

  it('weighs slow bodies, luminaries, tight orbs and applying transits above the rest', () => {
    const base = {
      body: 'saturn',
      point: 'sun',
      kind: 'square',
      orb: 0.2,
      maxOrb: 1,
      applying: true,
    } as const;
    expect(transitWeight(base)).toBeGreaterThan(transitWeight({ ...base, body: 'mars' }));
    expect(transitWeight(base)).toBeGreaterThan(transitWeight({ ...base, point: 'jupiter' }));
    expect(transitWeight(base)).toBeGreaterThan(transitWeight({ ...base, orb: 0.9 }));
    expect(transitWeight(base)).toBeGreaterThan(transitWeight({ ...base, applying: false }));
    expect(transitWeight(base)).toBeGreaterThan(transitWeight({ ...base, kind: 'sextile' }));
  });

  it('refuses a day that ends before it starts or lasts longer than 26 hours', () => {
    const chart = computeNatalChart({
      moment: { utc: '1990-05-17T12:30:00Z' },
      latitude: 59.9,
      longitude: 10.7,
    });
    expect(() =>
      dailySky(chart, { startUtc: '2024-03-20T00:00:00Z', endUtc: '2024-03-19T00:00:00Z' }),
    ).toThrow(/at most 26 hours/);
    expect(() =>
      dailySky(chart, { startUtc: '2024-03-20T00:00:00Z', endUtc: '2024-03-22T00:00:00Z' }),
    ).toThrow();
  });
});
