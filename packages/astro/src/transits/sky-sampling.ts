// Sampling the sky for the day's searches: instants as Julian days, body positions remembered
// across charts that share a day, longitudes interpolated on a grid every chart shares, and
// bisection to a quarter minute.
import { norm360, signedDelta } from '../ephemeris/angles.ts';
import { type BodyPosition, bodyPosition } from '../ephemeris/bodies.ts';
import type { BodyId } from '../ephemeris/body-ids.ts';
import { makeInstant } from '../ephemeris/instant.ts';
import { AstroInputError } from '../errors.ts';
import { epochSecondsToJd, jdToEpochSeconds } from '../time/civil.ts';
import { isoUtc } from '../time/instant-input.ts';

export const MINUTE = 1 / 1440;

export function jdOf(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new AstroInputError(`Not an instant: ${iso}`, 'INVALID_DATE');
  return epochSecondsToJd(ms / 1000);
}

export function isoOf(jd: number): string {
  return isoUtc(Math.round(jdToEpochSeconds(jd) / 60) * 60);
}

/**
 * Positions by body and a number, remembered for every chart the process computes. Bounded;
 * emptied when full.
 */
class RememberedPositions {
  private readonly byBody = new Map<BodyId, Map<number, BodyPosition>>();
  private count = 0;

  constructor(
    private readonly limit: number,
    /** The instant (Julian day, UT) a key stands for. */
    private readonly instantOf: (key: number) => number,
  ) {}

  get(body: BodyId, key: number): BodyPosition {
    let ofBody = this.byBody.get(body);
    if (!ofBody) {
      ofBody = new Map();
      this.byBody.set(body, ofBody);
    }
    let position = ofBody.get(key);
    if (!position) {
      if (this.count >= this.limit) {
        for (const positions of this.byBody.values()) positions.clear();
        this.count = 0;
      }
      position = bodyPosition(body, makeInstant(this.instantOf(key)));
      ofBody.set(key, position);
      this.count++;
    }
    return position;
  }
}

/**
 * Positions at exact instants: everyone whose day has the same bounds asks for the same ones
 * (the day's edges, its middle, its stations), so a run over many charts computes each once.
 * Keyed by the instant itself: a number key needs no string made from it.
 */
const atInstants = new RememberedPositions(100_000, (jd) => jd);

export const positionAt = (body: BodyId, jd: number): BodyPosition => atInstants.get(body, jd);

/**
 * Spacing of the shared grid, days (90 minutes, exact in binary). The grid is absolute, not tied to
 * a day's bounds, so every person in every zone searches the same samples.
 */
const GRID = 1 / 16;
/** Within this many degrees of the Sun the light bending changes too fast for the grid. */
const NEAR_SUN = 1;

/** Grid samples, keyed by their index on the grid (a small integer: the cheapest key). */
const onGrid = new RememberedPositions(100_000, (k) => k * GRID);

const gridLon = (body: BodyId, k: number) => onGrid.get(body, k).longitude;

/**
 * The speed at the grid sample at or before `jd`: enough to bracket a search or tell a direction
 * (the Moon's changes by under 1 % in 90 minutes), not to time a station.
 */
export const gridSpeedNear = (body: BodyId, jd: number) => onGrid.get(body, Math.floor(jd / GRID)).speed;

/**
 * Apparent longitude at any instant, from the four grid samples around it (cubic Lagrange):
 * within 0.002″ of the full series for every body (0.0001″ for the Moon), under a second of
 * motion, far below the quarter minute the searches resolve. A planet behind or before the Sun
 * is computed in full instead. The searches' bisection points are each person's own, so this is
 * what lets many charts share one day's sky.
 */
export function lonAt(body: BodyId, jd: number): number {
  const k = Math.floor(jd / GRID);
  const s = jd / GRID - k;
  const y1 = gridLon(body, k);
  if (s === 0) return y1;
  if (body !== 'sun' && body !== 'moon' && Math.abs(signedDelta(y1, gridLon('sun', k))) < NEAR_SUN)
    return positionAt(body, jd).longitude;
  // Unwrapped around y1, so a sample past 360° does not break the curve.
  const y0 = y1 + signedDelta(gridLon(body, k - 1), y1);
  const y2 = y1 + signedDelta(gridLon(body, k + 1), y1);
  const y3 = y1 + signedDelta(gridLon(body, k + 2), y1);
  const value =
    (-s * (s - 1) * (s - 2) * y0) / 6 +
    ((s + 1) * (s - 1) * (s - 2) * y1) / 2 -
    ((s + 1) * s * (s - 2) * y2) / 2 +
    ((s + 1) * s * (s - 1) * y3) / 6;
  return norm360(value);
}

export const speedAt = (body: BodyId, jd: number) => positionAt(body, jd).speed;

/** Bisection to `precision` days (a quarter minute unless said) on a function whose sign differs at a and b. */
export function root(f: (jd: number) => number, a: number, b: number, precision = MINUTE / 4): number {
  let fa = f(a);
  while (b - a > precision) {
    const m = (a + b) / 2;
    const fm = f(m);
    if (fa < 0 === fm < 0) {
      a = m;
      fa = fm;
    } else b = m;
  }
  return (a + b) / 2;
}
