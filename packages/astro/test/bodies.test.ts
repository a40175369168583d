// Positions and their daily motion agree with each other, at random instants 1800-2200.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signedDelta } from '../src/ephemeris/angles.ts';
import { bodyPosition } from '../src/ephemeris/bodies.ts';
import { BODY_IDS } from '../src/ephemeris/body-ids.ts';
import { makeInstant } from '../src/ephemeris/instant.ts';

describe('bodies', () => {
  it('report as speed the rate at which their longitude changes', { timeout: 30_000 }, () => {
    const h = 0.01; // days
    // The true node's speed follows the gravitational turning of the Moon's orbit plane, as the
    // Swiss Ephemeris does (accuracy.test.ts holds it within 0.001° a day of it); its position
    // comes from the lunar theory, whose plane turns slightly differently: up to 0.003° a day.
    const tolerance = (body: string) => (body === 'trueNode' ? 0.005 : 0.002);
    fc.assert(
      fc.property(
        fc.double({ min: 2378496.5, max: 2524593.5, noNaN: true }),
        fc.constantFrom(...BODY_IDS),
        (jd, body) => {
          const before = bodyPosition(body, makeInstant(jd - h)).longitude;
          const after = bodyPosition(body, makeInstant(jd + h)).longitude;
          const now = bodyPosition(body, makeInstant(jd));
          expect(Math.abs(now.speed - signedDelta(after, before) / (2 * h))).toBeLessThan(tolerance(body));
          expect(now.retrograde).toBe(now.speed < 0);
          expect(now.longitude).toBeGreaterThanOrEqual(0);
          expect(now.longitude).toBeLessThan(360);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keep the Sun on the ecliptic and the planets near it', () => {
    for (let jd = 2415020.5; jd < 2488070; jd += 997) {
      const inst = makeInstant(jd);
      expect(Math.abs(bodyPosition('sun', inst).latitude)).toBeLessThan(0.001);
      expect(Math.abs(bodyPosition('moon', inst).latitude)).toBeLessThan(5.4);
      expect(Math.abs(bodyPosition('pluto', inst).latitude)).toBeLessThan(18);
      const sun = bodyPosition('sun', inst).longitude;
      // Mercury and Venus never stray far from the Sun.
      expect(Math.abs(signedDelta(bodyPosition('mercury', inst).longitude, sun))).toBeLessThan(28.5);
      expect(Math.abs(signedDelta(bodyPosition('venus', inst).longitude, sun))).toBeLessThan(48);
    }
  });
});
