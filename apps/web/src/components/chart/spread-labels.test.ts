import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { circularDistance, spreadLabels } from './spread-labels.ts';

const EPS = 1e-6;

function minPairDistance(angles: number[]): number {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < angles.length; i++) {
    for (let j = i + 1; j < angles.length; j++) min = Math.min(min, circularDistance(angles[i]!, angles[j]!));
  }
  return min;
}

describe('spreadLabels', () => {
  it('leaves labels that are far enough apart where they are', () => {
    expect(spreadLabels([10, 100, 200, 300], 8)).toEqual([10, 100, 200, 300]);
  });

  it('spreads a cluster evenly around its mean', () => {
    const out = spreadLabels([100, 101, 102], 8);
    expect(out[0]).toBeCloseTo(93, 9);
    expect(out[1]).toBeCloseTo(101, 9);
    expect(out[2]).toBeCloseTo(109, 9);
  });

  it('spreads a cluster that straddles 0°/360° across the boundary, keeping the order', () => {
    const out = spreadLabels([359, 0.5, 2], 8);
    expect(minPairDistance(out)).toBeGreaterThanOrEqual(8 - EPS);
    // 359 stays first (counter-clockwise), then 0.5, then 2.
    expect(out[0]).toBeGreaterThan(340);
    expect(out[1]! < 10 || out[1]! > 350).toBe(true);
    expect(out[2]).toBeGreaterThan(2);
    expect(out[2]).toBeLessThan(20);
  });

  it('merges groups that meet after spreading, including across the cut', () => {
    const out = spreadLabels([350, 355, 0, 5, 10, 180], 8);
    expect(minPairDistance(out)).toBeGreaterThanOrEqual(8 - EPS);
    expect(out[5]).toBe(180);
  });

  it('shrinks the gap when the labels cannot fit', () => {
    const out = spreadLabels([0, 1, 2, 3, 4], 100);
    expect(minPairDistance(out)).toBeCloseTo(72, 6);
  });

  it('property: no two labels closer than the gap; circular order kept; results in [0, 360)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 359.999, noNaN: true }), { minLength: 2, maxLength: 16 }),
        fc.double({ min: 1, max: 15, noNaN: true }),
        (angles, gap) => {
          const out = spreadLabels(angles, gap);
          const effective = Math.min(gap, 360 / angles.length);
          expect(minPairDistance(out)).toBeGreaterThanOrEqual(effective - 1e-6);
          for (const a of out) {
            expect(a).toBeGreaterThanOrEqual(0);
            expect(a).toBeLessThan(360);
          }
          // Sorting by true angle and by display angle gives the same cyclic sequence.
          const byTrue = angles
            .map((a, i) => ({ a, i }))
            .sort((x, y) => x.a - y.a || x.i - y.i)
            .map((x) => x.i);
          const byShown = out
            .map((a, i) => ({ a, i }))
            .sort((x, y) => x.a - y.a)
            .map((x) => x.i);
          const distinct = new Set(angles).size === angles.length;
          if (distinct) {
            const rotation = byShown.indexOf(byTrue[0]!);
            const rotated = [...byShown.slice(rotation), ...byShown.slice(0, rotation)];
            expect(rotated).toEqual(byTrue);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: a label moves no further than its group needs (at most half the total spread)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 359.999, noNaN: true }), { minLength: 1, maxLength: 13 }),
        (angles) => {
          const out = spreadLabels(angles, 8);
          for (const [i, a] of angles.entries()) {
            expect(circularDistance(a, out[i]!)).toBeLessThanOrEqual((angles.length * 8) / 2 + EPS);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
