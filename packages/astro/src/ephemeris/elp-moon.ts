/// <reference path="./astronomia.d.ts" />
// The geocentric Moon from the ELP/MPP02 lunar theory fitted to DE405 (Chapront & Francou 2003;
// astronomia's data), cut once at load to the terms that matter, with its velocity from the series'
// own derivative: the position and the orbit plane (so the osculating node) come from one theory.
import elpSeries from 'astronomia/data/elpMppDe';
import type { StateLike } from './instant.ts';
import { sinCos, sinCosOut, sine } from './sin-cos.ts';

/** A series term: amplitude, then the phase polynomial in Julian centuries (radians). */
type Term = number[];
/** Terms grouped by the power of T that multiplies them. */
type Series = Record<string, Term[]>;
interface ElpData {
  W1: number[];
  L: Series;
  B: Series;
  R: Series;
}

const ARCSEC = Math.PI / 180 / 3600;
const KM_PER_AU = 149597870.7;
const DAYS_PER_CENTURY = 36525;

/**
 * Smallest amplitudes kept. The node turns with the orbit plane, so it feels errors in the
 * latitude's rate eleven times (1 / sin i) over: latitude keeps terms to 0.002″, longitude to
 * 0.02″, distance to 50 m (0.03″ at the Moon). About 0.13″ on the Moon and 0.2″ on the node
 * (median, against the Swiss Ephemeris) at a quarter of the full series' cost.
 */
const LONGITUDE_LIMIT = 0.02;
const LATITUDE_LIMIT = 0.002;
const RANGE_LIMIT = 0.05;

interface FlatSeries {
  /** For each power of T: amplitudes and phase coefficients, five per term. */
  powers: { amplitude: Float64Array; phase: Float64Array }[];
}

function flatten(series: Series, limit: number): FlatSeries {
  const powers = Object.keys(series)
    .sort()
    .map((power) => {
      // Higher powers of T multiply the amplitude by at most 2 (two centuries) to the power.
      const kept = series[power]!.filter((t) => Math.abs(t[0]!) * 2 ** Number(power) >= limit);
      const amplitude = new Float64Array(kept.map((t) => t[0]!));
      const phase = new Float64Array(kept.length * 5);
      kept.forEach((t, i) => {
        for (let k = 0; k < 5; k++) phase[i * 5 + k] = t[k + 1] ?? 0;
      });
      return { amplitude, phase };
    });
  return { powers };
}

const DATA = elpSeries as unknown as ElpData;
const LONGITUDE = flatten(DATA.L, LONGITUDE_LIMIT);
const LATITUDE = flatten(DATA.B, LATITUDE_LIMIT);
const DISTANCE = flatten(DATA.R, RANGE_LIMIT);

/** Value and, when asked, derivative (per century) of a series at T. */
function evaluate(s: FlatSeries, t: number, withRate: boolean): [number, number] {
  let value = 0;
  let rate = 0;
  let tPower = 1;
  let tPowerRate = 0;
  for (let p = 0; p < s.powers.length; p++) {
    const { amplitude, phase } = s.powers[p]!;
    let sum = 0;
    let sumRate = 0;
    // Two loops rather than a test inside one: the hottest loop of a chart stays branch-free.
    if (withRate) {
      for (let i = 0, j = 0; i < amplitude.length; i++, j += 5) {
        const a = amplitude[i]!;
        const phi =
          phase[j]! + t * (phase[j + 1]! + t * (phase[j + 2]! + t * (phase[j + 3]! + t * phase[j + 4]!)));
        // The phase's cubic and quartic parts change a rate by under 1e-8 of itself: left out.
        const dphi = phase[j + 1]! + 2 * t * phase[j + 2]!;
        sinCos(phi);
        sum += a * sinCosOut[0]!;
        sumRate += a * sinCosOut[1]! * dphi;
      }
    } else {
      for (let i = 0, j = 0; i < amplitude.length; i++, j += 5) {
        const phi =
          phase[j]! + t * (phase[j + 1]! + t * (phase[j + 2]! + t * (phase[j + 3]! + t * phase[j + 4]!)));
        sum += amplitude[i]! * sine(phi);
      }
    }
    value += tPower * sum;
    rate += tPower * sumRate + tPowerRate * sum;
    tPowerRate = tPowerRate * t + tPower;
    tPower *= t;
  }
  return [value, rate];
}

function polynomial(c: number[], t: number): [number, number] {
  let value = 0;
  let rate = 0;
  for (let k = c.length - 1; k >= 0; k--) {
    rate = rate * t + value;
    value = value * t + c[k]!;
  }
  return [value, rate];
}

/** J2000 ecliptic to J2000 equator (EQJ), the obliquity astronomy-engine also uses. */
const COS_E = 0.917482137087;
const SIN_E = 0.397776982902;

/**
 * Geometric geocentric Moon (AU, AU/day) in the J2000 equator at TT days from J2000. The rotation
 * from the theory's mean ecliptic to J2000 (Laskar's P and Q) turns by under 0.1″ a year, so the
 * velocity is rotated with it but that slow turn is not added.
 */
export function elpMoonState(ttDays: number): StateLike {
  const t = ttDays / DAYS_PER_CENTURY;
  const [w1, dw1] = polynomial(DATA.W1, t);
  const [sl, dsl] = evaluate(LONGITUDE, t, true);
  const [b0, db0] = evaluate(LATITUDE, t, true);
  // The radial velocity moves neither the direction nor the orbit plane (h = r × v), and nothing
  // shown depends on it: the distance's rate is left out.
  const [r0] = evaluate(DISTANCE, t, false);
  const dr0 = 0;
  const lon = w1 + sl * ARCSEC;
  const dlon = dw1 + dsl * ARCSEC;
  const lat = b0 * ARCSEC;
  const dlat = db0 * ARCSEC;
  const r = r0 / KM_PER_AU;
  const dr = dr0 / KM_PER_AU;
  const cl = Math.cos(lon);
  const sl2 = Math.sin(lon);
  const cb = Math.cos(lat);
  const sb = Math.sin(lat);
  const x = r * cl * cb;
  const y = r * sl2 * cb;
  const z = r * sb;
  const vx = (dr * cl * cb - r * sl2 * cb * dlon - r * cl * sb * dlat) / DAYS_PER_CENTURY;
  const vy = (dr * sl2 * cb + r * cl * cb * dlon - r * sl2 * sb * dlat) / DAYS_PER_CENTURY;
  const vz = (dr * sb + r * cb * dlat) / DAYS_PER_CENTURY;
  const p =
    t * (0.10180391e-4 + t * (0.47020439e-6 + t * (-0.5417367e-9 + t * (-0.2507948e-11 + t * 0.463486e-14))));
  const q =
    t *
    (-0.113469002e-3 + t * (0.12372674e-6 + t * (0.1265417e-8 + t * (-0.1371808e-11 - t * 0.320334e-14))));
  const sq = Math.sqrt(1 - p * p - q * q);
  const m11 = 1 - 2 * p * p;
  const m12 = 2 * p * q;
  const m13 = 2 * p * sq;
  const m22 = 1 - 2 * q * q;
  const m23 = -2 * q * sq;
  const m31 = -2 * p * sq;
  const m32 = 2 * q * sq;
  const m33 = 1 - 2 * p * p - 2 * q * q;
  const ex = m11 * x + m12 * y + m13 * z;
  const ey = m12 * x + m22 * y + m23 * z;
  const ez = m31 * x + m32 * y + m33 * z;
  const evx = m11 * vx + m12 * vy + m13 * vz;
  const evy = m12 * vx + m22 * vy + m23 * vz;
  const evz = m31 * vx + m32 * vy + m33 * vz;
  return {
    x: ex,
    y: COS_E * ey - SIN_E * ez,
    z: SIN_E * ey + COS_E * ez,
    vx: evx,
    vy: COS_E * evy - SIN_E * evz,
    vz: SIN_E * evy + COS_E * evz,
  };
}
