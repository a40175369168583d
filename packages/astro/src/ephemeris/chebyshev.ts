// Heliocentric states from Chebyshev series per time block (see scripts/generate-outer-planets.ts
// for where the coefficients come from and docs/decisions/0202-outer-planet-chebyshev.md for why).
import type { StateLike } from './instant.ts';

export interface ChebyshevEphemeris {
  /** TT Julian day where the first block starts. */
  start: number;
  blockDays: number;
  blocks: number;
  /** Coefficients per coordinate (so degree + 1 of them). */
  terms: number;
  /** Per block x, y, z coefficients in turn (AU, J2000 equator). */
  coefficients: number[];
}

/** How far beyond its ends (days) a series is still used, extrapolating its edge blocks, so that
 *  positions and their differences stay smooth for light time and speeds right at the ends. */
const EDGE_DAYS = 1;

/** Position (AU) and velocity (AU/day) at a TT Julian day within the covered span; undefined outside it. */
export function chebyshevState(eph: ChebyshevEphemeris, jdTt: number): StateLike | undefined {
  const offset = (jdTt - eph.start) / eph.blockDays;
  const edge = EDGE_DAYS / eph.blockDays;
  if (!(offset >= -edge && offset <= eph.blocks + edge)) return undefined;
  const block = Math.min(eph.blocks - 1, Math.max(0, Math.floor(offset)));
  // Time scaled to [-1, 1] within the block.
  const u = 2 * (offset - block) - 1;
  const n = eph.terms;
  const base = block * 3 * n;
  const c = eph.coefficients;
  const out = [0, 0, 0, 0, 0, 0];
  for (let axis = 0; axis < 3; axis++) {
    // T_k(u) and its derivative by the recurrences, summed as we go.
    let t0 = 1;
    let t1 = u;
    let d0 = 0;
    let d1 = 1;
    const k0 = base + axis * n;
    let value = c[k0]! + c[k0 + 1]! * u;
    let rate = c[k0 + 1]!;
    for (let k = 2; k < n; k++) {
      const t2 = 2 * u * t1 - t0;
      const d2 = 2 * t1 + 2 * u * d1 - d0;
      value += c[k0 + k]! * t2;
      rate += c[k0 + k]! * d2;
      t0 = t1;
      t1 = t2;
      d0 = d1;
      d1 = d2;
    }
    out[axis] = value;
    out[axis + 3] = (rate * 2) / eph.blockDays;
  }
  return { x: out[0]!, y: out[1]!, z: out[2]!, vx: out[3]!, vy: out[4]!, vz: out[5]! };
}
