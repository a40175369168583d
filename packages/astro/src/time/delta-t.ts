// ΔT = TT − UT in seconds. Observed values 1900–2024 (Astronomical Almanac / IERS, start of each
// even year), polynomial fits by Espenak and Meeus before 1900, and our own prediction after 2024:
// a gentle quadratic from the last observed value (see docs/decisions/0051-delta-t.md).
import { DeltaT_EspenakMeeus } from 'astronomy-engine';

const TABLE_START = 1900;
const TABLE_STEP = 2;
// biome-ignore format: one row per decade keeps the table readable
const OBSERVED = [
  -2.8, -0.1, 2.6, 5.3, 7.7, 10.4, 13.4, 16.0, 18.2, 20.2, // 1900–1918
  21.2, 22.4, 23.5, 23.9, 24.3, 24.0, 23.9, 23.9, 23.7, 24.0, // 1920–1938
  24.3, 25.3, 26.2, 27.3, 28.2, 29.1, 30.0, 30.7, 31.4, 32.2, // 1940–1958
  33.1, 34.0, 35.0, 36.5, 38.3, 40.2, 42.2, 44.5, 46.5, 48.5, // 1960–1978
  50.5, 52.2, 53.8, 54.9, 55.8, 56.9, 58.3, 60.0, 61.6, 63.0, // 1980–1998
  63.8, 64.3, 64.6, 64.8, 65.5, 66.1, 66.6, 67.3, 68.1, 68.97, // 2000–2018
  69.36, 69.2, 69.1, // 2020–2024
];
const LAST_YEAR = TABLE_START + (OBSERVED.length - 1) * TABLE_STEP;
const LAST_VALUE = OBSERVED[OBSERVED.length - 1]!;
/** Prediction: slope (s/yr) at the end of the table and its growth (s/yr²). */
const PREDICTED_SLOPE = 0.17;
const PREDICTED_CURVATURE = 0.0019;

/** ΔT in seconds for a decimal year (UT). */
export function deltaTSeconds(year: number): number {
  if (year >= TABLE_START && year <= LAST_YEAR) {
    const x = (year - TABLE_START) / TABLE_STEP;
    const i = Math.min(Math.floor(x), OBSERVED.length - 2);
    const f = x - i;
    // Four-point (cubic) interpolation inside the table, linear at its edges.
    const p1 = OBSERVED[i]!;
    const p2 = OBSERVED[i + 1]!;
    if (i < 1 || i + 2 >= OBSERVED.length) return p1 + f * (p2 - p1);
    const p0 = OBSERVED[i - 1]!;
    const p3 = OBSERVED[i + 2]!;
    return p1 + 0.5 * f * (p2 - p0 + f * (2 * p0 - 5 * p1 + 4 * p2 - p3 + f * (3 * (p1 - p2) + p3 - p0)));
  }
  if (year > LAST_YEAR) {
    const b = year - LAST_YEAR;
    return LAST_VALUE + PREDICTED_SLOPE * b + PREDICTED_CURVATURE * b * b;
  }
  if (year >= 1860) {
    const t = year - 1860;
    return (
      7.62 + 0.5737 * t - 0.251754 * t ** 2 + 0.01680668 * t ** 3 - 0.0004473624 * t ** 4 + t ** 5 / 233174
    );
  }
  if (year >= 1800) {
    const t = year - 1800;
    return (
      13.72 -
      0.332447 * t +
      0.0068612 * t ** 2 +
      0.0041116 * t ** 3 -
      0.00037436 * t ** 4 +
      0.0000121272 * t ** 5 -
      0.0000001699 * t ** 6 +
      0.000000000875 * t ** 7
    );
  }
  if (year >= 1700) {
    const t = year - 1700;
    return 8.83 + 0.1603 * t - 0.0059285 * t ** 2 + 0.00013336 * t ** 3 - t ** 4 / 1174000;
  }
  if (year >= 1600) {
    const t = year - 1600;
    return 120 - 0.9808 * t - 0.01532 * t ** 2 + t ** 3 / 7129;
  }
  // Older dates: the rest of Espenak and Meeus's fits, as astronomy-engine implements them.
  return DeltaT_EspenakMeeus((year - 2000) * 365.25);
}

/** Decimal year for a Julian Day (UT), precise enough for ΔT. */
function jdToDecimalYear(jd: number): number {
  return 2000 + (jd - 2451544.5) / 365.2425;
}

/** ΔT in days for a Julian Day (UT). */
export function deltaTDays(jdUt: number): number {
  return deltaTSeconds(jdToDecimalYear(jdUt)) / 86400;
}
