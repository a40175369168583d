// Our own evaluation of a VSOP87B series (heliocentric ecliptic spherical coordinates, dynamical
// ecliptic and equinox J2000), truncated once at load to the terms that can matter between 1800
// and 2200, with the time derivative from the same terms.
import type { StateLike } from './instant.ts';
import { cosine, sinCos, sinCosOut } from './sin-cos.ts';

type Terms = Record<string, [number, number, number][]>;
export interface VsopSeries {
  L: Terms;
  B: Terms;
  R: Terms;
}

/**
 * The terms of one variable for one power of time: A, B, C packed in threes, those whose rate
 * matters first (`withRate` of them), then those that count only for the value.
 */
interface PowerTerms {
  terms: Float64Array;
  withRate: number;
}

/** One variable: its terms by power of time. */
type Variable = PowerTerms[];

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

function variable(terms: Terms, limit: number): Variable {
  const out: Variable = [];
  for (const [key, list] of Object.entries(terms)) {
    const k = Number(key);
    const size = HORIZON ** k;
    const forRate = list.filter(([a, , c]) => a * c * size >= RATE_LIMIT);
    const forValue = list.filter(([a, , c]) => a * size >= limit && a * c * size < RATE_LIMIT);
    out[k] = { terms: Float64Array.from([...forRate, ...forValue].flat()), withRate: forRate.length };
  }
  for (let k = 0; k < out.length; k++) out[k] ??= { terms: new Float64Array(0), withRate: 0 };
  return out;
}

/** Keeps terms whose size over the horizon reaches `angleLimit` (radians) or `radiusLimit` (AU). */
export function truncateVsop(series: VsopSeries, angleLimit: number, radiusLimit: number): TruncatedVsop {
  return {
    l: variable(series.L, angleLimit),
    b: variable(series.B, angleLimit),
    r: variable(series.R, radiusLimit),
  };
}

/** Value and rate (per millennium) of one variable. */
function evaluate(v: Variable, tau: number, out: Float64Array): void {
  let value = 0;
  // d/dτ of Σ τ^k·S_k = Σ k·τ^(k−1)·S_k + τ^k·S_k′, where S_k′ needs only the larger terms.
  let rate = 0;
  let power = 1;
  let previousPower = 0;
  for (let k = 0; k < v.length; k++) {
    const { terms, withRate } = v[k]!;
    let sum = 0;
    let sumRate = 0;
    let i = 0;
    for (const end = withRate * 3; i < end; i += 3) {
      const a = terms[i]!;
      const c = terms[i + 2]!;
      sinCos(terms[i + 1]! + c * tau);
      sum += a * sinCosOut[1]!;
      sumRate -= a * c * sinCosOut[0]!;
    }
    for (; i < terms.length; i += 3) sum += terms[i]! * cosine(terms[i + 1]! + terms[i + 2]! * tau);
    value += sum * power;
    rate += sumRate * power + k * sum * previousPower;
    previousPower = power;
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
