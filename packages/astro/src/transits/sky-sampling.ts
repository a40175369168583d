// Sampling the sky for the day's searches: instants as Julian days, body positions remembered
// across charts that share a day, and bisection to a quarter minute.
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
 * Positions by body and instant, remembered: everyone whose day has the same bounds samples the
 * sky on the same grid, so a run over many charts computes each sample once. Bounded; cleared
 * when full (bisection points rarely repeat).
 */
const remembered = new Map<BodyId, Map<number, BodyPosition>>();
let rememberedCount = 0;
const REMEMBER_LIMIT = 100_000;

export function positionAt(body: BodyId, jd: number): BodyPosition {
  // By body, then by the instant itself: a number key needs no string made from it.
  let ofBody = remembered.get(body);
  if (!ofBody) {
    ofBody = new Map();
    remembered.set(body, ofBody);
  }
  let position = ofBody.get(jd);
  if (!position) {
    if (rememberedCount >= REMEMBER_LIMIT) {
      for (const positions of remembered.values()) positions.clear();
      rememberedCount = 0;
    }
    position = bodyPosition(body, makeInstant(jd));
    ofBody.set(jd, position);
    rememberedCount++;
  }
  return position;
}

export const lonAt = (body: BodyId, jd: number) => positionAt(body, jd).longitude;
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
