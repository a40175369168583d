import { describe, expect, it } from 'vitest';
import { cosine, sinCos, sinCosOut, sine } from '../src/ephemeris/sin-cos.ts';

// The series' sine and cosine against Math's, over the phases the series reach (|x| < 10⁵ rad),
// each quadrant's edges included.

let seed = 7;
const random = () => {
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
};
const quarter = Math.PI / 2;
const angles = [
  0,
  -0,
  Math.PI / 4,
  -Math.PI / 4,
  ...Array.from({ length: 16 }, (_, k) => (k - 8) * quarter),
  ...Array.from({ length: 16 }, (_, k) => (k - 8) * quarter + Math.PI / 4 - 1e-12),
  ...Array.from({ length: 20_000 }, () => (random() - 0.5) * 2e5),
  ...Array.from({ length: 2_000 }, () => (random() - 0.5) * 20),
];

describe('the series’ sine and cosine', () => {
  it('agree with Math.sin and Math.cos within 1e-11', () => {
    let worst = 0;
    for (const x of angles) {
      sinCos(x);
      worst = Math.max(
        worst,
        Math.abs(sinCosOut[0]! - Math.sin(x)),
        Math.abs(sinCosOut[1]! - Math.cos(x)),
        Math.abs(sine(x) - Math.sin(x)),
        Math.abs(cosine(x) - Math.cos(x)),
      );
    }
    expect(worst).toBeLessThan(1e-11);
  });
});
