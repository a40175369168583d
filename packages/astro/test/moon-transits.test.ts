import { describe, expect, it } from 'vitest';
import { computeNatalChart } from '../src/chart/natal-chart.ts';
import { signedDelta } from '../src/ephemeris/angles.ts';
import { MOON_TRANSIT_ORB, moonTransitsOf } from '../src/transits/day-transits.ts';
import { jdOf, positionAt } from '../src/transits/sky-sampling.ts';
import { natalPoints } from '../src/transits/transits.ts';

// The day's Moon transits are searched between half-hourly samples from the samples themselves;
// each time found is checked here against the ephemeris at that minute.

let seed = 5;
const random = () => {
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
};
const ASPECT_ANGLES: Record<string, number[]> = {
  conjunction: [0],
  sextile: [60, -60],
  square: [90, -90],
  trine: [120, -120],
  opposition: [180],
};

describe('the Moon’s transits of a day', () => {
  it('perfect at the minute given and enter and leave the orb at the minutes given, by the ephemeris', () => {
    let checked = 0;
    for (let n = 0; n < 40; n++) {
      const chart = computeNatalChart({
        moment: { utc: Date.UTC(1950, 0, 1) + random() * 1.5e12 },
        latitude: random() * 120 - 60,
        longitude: random() * 360 - 180,
      });
      const start = 2460000.5 + Math.floor(random() * 2000);
      for (const transit of moonTransitsOf(chart, start, start + 1)) {
        const point = natalPoints(chart).find((p) => p.id === transit.point)!;
        const deviations = (iso: string) =>
          ASPECT_ANGLES[transit.kind]!.map((angle) =>
            Math.abs(signedDelta(positionAt('moon', jdOf(iso)).longitude, point.longitude + angle)),
          );
        // A time found to a quarter minute and rounded to the minute is within 38 s: at most 0.0068° of
        // the Moon's motion (15.4°/day at its fastest).
        expect(Math.min(...deviations(transit.exactAt!))).toBeLessThan(0.0068);
        for (const edge of [transit.enters!, transit.leaves!])
          expect(Math.abs(Math.min(...deviations(edge)) - MOON_TRANSIT_ORB)).toBeLessThan(0.0068);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
