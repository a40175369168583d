// ΔT: published values where observed, smooth joins, a sensible prediction.
import { describe, expect, it } from 'vitest';
import { makeInstant } from '../src/ephemeris/instant.ts';
import { deltaTSeconds } from '../src/time/delta-t.ts';

describe('ΔT', () => {
  it.each([
    [1900, -2.8],
    [1950, 29.1],
    [1980, 50.5],
    [2000, 63.8],
    [2020, 69.36],
  ])('in %i is the published %f s', (year, value) => {
    expect(deltaTSeconds(year)).toBeCloseTo(value, 1);
  });

  it('has no jumps where one source hands over to the next', () => {
    for (const year of [1600, 1700, 1800, 1860, 1900, 2024]) {
      expect(Math.abs(deltaTSeconds(year + 1e-6) - deltaTSeconds(year - 1e-6))).toBeLessThan(1);
    }
    for (let y = 1800; y < 2150; y += 0.25) {
      expect(Math.abs(deltaTSeconds(y + 0.25) - deltaTSeconds(y))).toBeLessThan(1);
    }
  });

  it('predicts a slowly growing value after the last observation', () => {
    expect(deltaTSeconds(2050)).toBeGreaterThan(deltaTSeconds(2030));
    expect(deltaTSeconds(2100)).toBeGreaterThan(85);
    expect(deltaTSeconds(2100)).toBeLessThan(100);
  });

  it('is what the ephemeris uses between UT and TT', () => {
    const inst = makeInstant(2451545.0);
    expect((inst.jdTt - inst.jdUt) * 86400).toBeCloseTo(deltaTSeconds(2000.0), 1);
  });
});
