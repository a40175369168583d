// Our own evaluation of a VSOP87B series (heliocentric ecliptic spherical coordinates, dynamical
// ecliptic and equinox J2000), truncated once at load to the terms that can matter between 1800
// and 2200, with the time derivative from the same terms.
import type { StateLike } from './instant.ts';

type Terms = Record<string, [number, number, number][]>;
export interface VsopSeries {
  L: Terms;
  B: Terms;
  R: Terms;
}

/** Terms of one variable, by power of time: A, B, C packed in threes. */
type Packed = Float64Array[];

/** One variable: the terms for its value and the (fewer) terms that matter for its rate. */
interface Variable {
  value: Packed;
  rate: Packed;
}

export interface TruncatedVsop {
  l: Variable;
  b: Variable;
  r: Variable;
}

/** Largest |τ| in Julian millennia the truncation is made for (±200 years around J2000). */
const HORIZON = 0.2;
/**
 * Rates feed only daily speeds and the light-time step: terms whose rate A·C stays under this
 * (per millennium; 3e-5 per day is far below 0.0001°/day) are left out of them.
 */
const RATE_LIMIT = 0.05;

function pack(terms: Terms, keep: (a: number, c: number, k: number) => boolean): Packed {
  const out: Packed = [];
  for (const [key, list] of Object.entries(terms)) {
    const k = Number(key);
    out[k] = Float64Array.from(list.filter(([a, , c]) => keep(a, c, k)).flat());
  }
  for (let k = 0; k < out.length; k++) out[k] ??= new Float64Array(0);
  return out;
}

function variable(terms: Terms, limit: number): Variable {
  return {
    value: pack(terms, (a, _c, k) => a * HORIZON ** k >= limit),
    rate: pack(terms, (a, c, k) => a * c * HORIZON ** k >= RATE_LIMIT),
  };
}

/** Keeps terms whose size over the horizon reaches `angleLimit` (radians) or `radiusLimit` (AU). */
export function truncateVsop(series: VsopSeries, angleLimit: number, radiusLimit: number): TruncatedVsop {
  return {
    l: variable(series.L, angleLimit),
    b: variable(series.B, angleLimit),
    r: variable(series.R, radiusLimit),
  };
}

const sums = new Float64Array(8);

/** Value and rate (per millennium) of one variable. */
function evaluate(v: Variable, tau: number, out: Float64Array): void {
  let value = 0;
  let power = 1;
  for (let k = 0; k < v.value.length; k++) {
    const t = v.value[k]!;
    let sum = 0;
    for (let i = 0; i < t.length; i += 3) sum += t[i]! * Math.cos(t[i + 1]! + t[i + 2]! * tau);
    sums[k] = sum;
    value += sum * power;
    power *= tau;
  }
  // d/dτ of Σ τ^k·S_k = Σ k·τ^(k−1)·S_k + τ^k·S_k′, where S_k′ needs only the larger terms.
  let rate = 0;
  power = 1;
  let prevPower = 0;
  for (let k = 0; k < v.rate.length; k++) {
    const t = v.rate[k]!;
    let dsum = 0;
    for (let i = 0; i < t.length; i += 3) {
      const c = t[i + 2]!;
      dsum -= t[i]! * c * Math.sin(t[i + 1]! + c * tau);
    }
    rate += dsum * power + k * sums[k]! * prevPower;
    prevPower = power;
    power *= tau;
  }
  out[0] = value;
  out[1] = rate;
}

const scratch = new Float64Array(2);
const DAYS_PER_MILLENNIUM = 365250;

/** Heliocentric position (AU) and velocity (AU/day) in the J2000 equator (EQJ) at TT days from J2000. */
export function vsopState(series: TruncatedVsop, ttDays: number): StateLike {
  const tau = ttDays / DAYS_PER_MILLENNIUM;
  evaluate(series.l, tau, scratch);
  const lon = scratch[0]!;
  const dlon = scratch[1]! / DAYS_PER_MILLENNIUM;
  evaluate(series.b, tau, scratch);
  const lat = scratch[0]!;
  const dlat = scratch[1]! / DAYS_PER_MILLENNIUM;
  evaluate(series.r, tau, scratch);
  const r = scratch[0]!;
  const dr = scratch[1]! / DAYS_PER_MILLENNIUM;
  const cl = Math.cos(lon);
  const sl = Math.sin(lon);
  const cb = Math.cos(lat);
  const sb = Math.sin(lat);
  const x = r * cb * cl;
  const y = r * cb * sl;
  const z = r * sb;
  const vx = dr * cb * cl - r * sb * dlat * cl - r * cb * sl * dlon;
  const vy = dr * cb * sl - r * sb * dlat * sl + r * cb * cl * dlon;
  const vz = dr * sb + r * cb * dlat;
  // Dynamical ecliptic J2000 to the J2000 equator (obliquity 23°26′21.41″ and the small frame tie),
  // the same rotation astronomy-engine applies to its own series.
  return {
    x: x + 0.00000044036 * y - 0.000000190919 * z,
    y: -0.000000479966 * x + 0.917482137087 * y - 0.397776982902 * z,
    z: 0.397776982902 * y + 0.917482137087 * z,
    vx: vx + 0.00000044036 * vy - 0.000000190919 * vz,
    vy: -0.000000479966 * vx + 0.917482137087 * vy - 0.397776982902 * vz,
    vz: 0.397776982902 * vy + 0.917482137087 * vz,
  };
}
