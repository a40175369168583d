import { describe, expect, it } from 'vitest';
import { signedDelta } from '../src/ephemeris/angles.ts';
import type { BodyId } from '../src/ephemeris/body-ids.ts';
import { DAY_TRANSITING_BODIES } from '../src/transits/day-transits.ts';
import { lonAt, positionAt } from '../src/transits/sky-sampling.ts';

// The searches read longitudes interpolated on a shared grid; they must agree with the full series
// far below what a quarter-minute search resolves, for every body and across the centuries read.

/** A fixed sequence of instants spread over 1900–2100 (no randomness: a failure reproduces). */
function instants(count: number): number[] {
  const out: number[] = [];
  let x = 0.5;
  for (let i = 0; i < count; i++) {
    x = (x * 9301 + 49297) % 233280;
    out.push(2415020.5 + (x / 233280) * 73000);
  }
  return out;
}

describe('longitudes on the shared grid', () => {
  const bodies: readonly BodyId[] = [...DAY_TRANSITING_BODIES, 'moon'];

  it.each(bodies)('%s agrees with the full series within 0.002″', (body) => {
    let worst = 0;
    for (const jd of instants(400)) {
      const error = Math.abs(signedDelta(lonAt(body, jd), positionAt(body, jd).longitude)) * 3600;
      worst = Math.max(worst, error);
    }
    expect(worst).toBeLessThan(0.002);
  });

  it('reads a planet next to the Sun from the full series, where light bending changes fast', () => {
    // Jupiter 0.04° from the Sun on 1954-06-30: the grid alone was 8″ off there.
    const jd = 2434924.1793060917;
    expect(Math.abs(signedDelta(lonAt('jupiter', jd), positionAt('jupiter', jd).longitude))).toBe(0);
  });

  it('is continuous across 0° Aries', () => {
    // Find a grid interval in which the Sun passes 0° and check the values on both sides stay near.
    const march = 2460389.5; // 2024-03-20, the equinox
    for (let jd = march - 0.2; jd < march + 0.5; jd += 0.01) {
      const step = Math.abs(signedDelta(lonAt('sun', jd + 0.01), lonAt('sun', jd)));
      expect(step).toBeGreaterThan(0.009);
      expect(step).toBeLessThan(0.0105);
    }
  });
});
