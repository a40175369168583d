// Transits: where the bodies are at any moment, their aspects to a natal chart, and when a
// transiting aspect comes into orb, perfects and leaves orb.
import {
  ASPECT_ANGLES,
  type Aspect,
  type AspectKind,
  type AspectPoint,
  findCrossAspects,
  type OrbSettings,
  resolveOrbs,
} from '../chart/aspects.ts';
import type { NatalChart } from '../chart/natal-chart.ts';
import { norm360, signedDelta } from '../ephemeris/angles.ts';
import { type BodyPosition, bodyPosition } from '../ephemeris/bodies.ts';
import { BODY_IDS, type BodyId } from '../ephemeris/body-ids.ts';
import { makeInstant } from '../ephemeris/instant.ts';
import { AstroInputError } from '../errors.ts';
import { epochSecondsToJd, jdToEpochSeconds } from '../time/civil.ts';
import { isoUtc, type MomentInput, resolveMoment } from '../time/instant-input.ts';
import { MINUTE, root } from './sky-sampling.ts';

/** Positions of the bodies at a moment. */
export function positionsAt(moment: MomentInput, bodies: readonly BodyId[] = BODY_IDS): BodyPosition[] {
  const inst = makeInstant(resolveMoment(moment).jdUt);
  return bodies.map((b) => bodyPosition(b, inst));
}

/** The natal points transits are measured against: bodies, and the angles when the time is known. */
export function natalPoints(chart: NatalChart): AspectPoint[] {
  const points: AspectPoint[] = chart.bodies.map((b) => ({ id: b.body, longitude: b.longitude, speed: 0 }));
  if (chart.angles) {
    points.push({ id: 'ascendant', longitude: chart.angles.ascendant, speed: 0 });
    points.push({ id: 'midheaven', longitude: chart.angles.midheaven, speed: 0 });
  }
  return points;
}

/** Aspects from the transiting bodies at a moment to the natal points (a = transiting body, b = natal point). */
export function transitAspects(
  chart: NatalChart,
  moment: MomentInput,
  options: { bodies?: readonly BodyId[]; orbs?: OrbSettings } = {},
): Aspect[] {
  const moving = positionsAt(moment, options.bodies).map((p) => ({
    id: p.body,
    longitude: p.longitude,
    speed: p.speed,
  }));
  return findCrossAspects(moving, natalPoints(chart), resolveOrbs(options.orbs ?? { points: {} }));
}

interface TransitEvent {
  /** UT, rounded to the minute. */
  utc: string;
  jdUt: number;
  /** Longitude of the transiting body then. */
  longitude: number;
}

export interface TransitWindow {
  body: BodyId;
  point: string;
  kind: AspectKind;
  /** The transiting body's longitude at which the aspect is exact. */
  exactLongitude: number;
  /** When it came into orb (null: already in orb when the search began). */
  enters: TransitEvent | null;
  /** Every moment of exactness in this window (retrograde loops give up to three). */
  exact: TransitEvent[];
  /** When it leaves orb (null: still in orb when the search ended). */
  leaves: TransitEvent | null;
}

export interface TransitSearch {
  body: BodyId;
  /** The natal point: its name and longitude. */
  point: { id: string; longitude: number };
  kind: AspectKind;
  /** Degrees; defaults to 1° (transits are usually read with tight orbs). */
  orb?: number;
  from: MomentInput;
  to: MomentInput;
}

/** Sampling step per body, days: small enough that no orb entry and exit fall between two samples. */
function stepFor(body: BodyId, orb: number): number {
  const fastest: Partial<Record<BodyId, number>> = {
    moon: 16,
    mercury: 2.3,
    venus: 1.3,
    sun: 1.02,
    mars: 0.8,
  };
  const speed = fastest[body] ?? 0.5;
  return Math.max(MINUTE, Math.min(2, (orb / speed) * 0.5, 0.5 / speed));
}

/** Finds each window in which `body` is within orb of the aspect to the natal point. */
export function searchTransit(search: TransitSearch): TransitWindow[] {
  const orb = search.orb ?? 1;
  if (!(orb > 0 && orb < 30))
    throw new AstroInputError('The orb must be between 0 and 30 degrees', 'INVALID_ORB');
  const start = resolveMoment(search.from).jdUt;
  const end = resolveMoment(search.to).jdUt;
  if (!(end > start)) throw new AstroInputError('The search must end after it starts', 'INVALID_RANGE');
  if (end - start > 366 * 30) throw new AstroInputError('Search at most 30 years at a time', 'INVALID_RANGE');
  const angle = ASPECT_ANGLES[search.kind];
  const targets =
    angle === 0 || angle === 180
      ? [norm360(search.point.longitude + angle)]
      : [norm360(search.point.longitude + angle), norm360(search.point.longitude - angle)];
  const lon = (jd: number) => bodyPosition(search.body, makeInstant(jd)).longitude;
  const step = stepFor(search.body, orb);
  const windows: TransitWindow[] = [];
  for (const target of targets) {
    const dev = (jd: number) => signedDelta(lon(jd), target);
    const event = (jd: number): TransitEvent => {
      const rounded = Math.round(jdToEpochSeconds(jd) / 60) * 60;
      return { utc: isoUtc(rounded), jdUt: epochSecondsToJd(rounded), longitude: lon(jd) };
    };
    const edge = (jd: number) => Math.abs(dev(jd)) - orb;
    let current: TransitWindow | null = null;
    let t0 = start;
    let d0 = dev(t0);
    if (Math.abs(d0) <= orb) {
      current = {
        body: search.body,
        point: search.point.id,
        kind: search.kind,
        exactLongitude: target,
        enters: null,
        exact: [],
        leaves: null,
      };
    }
    while (t0 < end) {
      const t1 = Math.min(end, t0 + step);
      const d1 = dev(t1);
      const in0 = Math.abs(d0) <= orb;
      const in1 = Math.abs(d1) <= orb;
      if (!in0 && in1) {
        current = {
          body: search.body,
          point: search.point.id,
          kind: search.kind,
          exactLongitude: target,
          enters: event(root(edge, t0, t1)),
          exact: [],
          leaves: null,
        };
      }
      // Exactness: a sign change of the deviation near the target (not the jump at the far side).
      if ((in0 || in1) && d0 < 0 !== d1 < 0 && Math.abs(d0 - d1) < 90)
        current?.exact.push(event(root(dev, t0, t1)));
      if (in0 && !in1 && current) {
        current.leaves = event(root(edge, t0, t1));
        windows.push(current);
        current = null;
      }
      t0 = t1;
      d0 = d1;
    }
    if (current) windows.push(current);
  }
  return windows.sort((a, b) => (a.enters?.jdUt ?? start) - (b.enters?.jdUt ?? start));
}
