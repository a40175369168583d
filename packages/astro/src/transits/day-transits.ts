// The transits of one day to a natal chart: those of the planets and the node that are in orb
// during the day, with when each enters orb, perfects and leaves orb, ranked by weight; and the
// Moon's transits that perfect within the day.
import { ASPECT_ANGLES, type AspectKind } from '../chart/aspects.ts';
import type { NatalChart } from '../chart/natal-chart.ts';
import { norm360, signedDelta } from '../ephemeris/angles.ts';
import type { BodyId } from '../ephemeris/body-ids.ts';
import { epochSecondsToJd, jdToEpochSeconds } from '../time/civil.ts';
import { gridSpeedNear, isoOf, lonAt, positionAt, root } from './sky-sampling.ts';
import { transitWeight } from './transit-weight.ts';
import { natalPoints, type TransitWindow } from './transits.ts';

/** The aspects read in transits: the five of Ptolemy. */
export const TRANSIT_ASPECTS: readonly AspectKind[] = [
  'conjunction',
  'sextile',
  'square',
  'trine',
  'opposition',
];

/** The Sun and the planets from Mercury to Pluto. */
export const SUN_AND_PLANETS: readonly BodyId[] = [
  'sun',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
];

/** Bodies whose transits shape the day (the Moon is listed apart: its transits last hours). */
export const DAY_TRANSITING_BODIES: readonly BodyId[] = [...SUN_AND_PLANETS, 'trueNode'];

/** Transit orb, degrees: transits are read tight, the Moon tighter still for its few hours. */
export const TRANSIT_ORB = 1;
export const MOON_TRANSIT_ORB = 1;

/**
 * How far either side of the day each body's orb window is followed, in days. Long enough for a
 * slow planet's retrograde loop over a point; enters/leaves beyond it are reported as null.
 */
const SEARCH_DAYS: Partial<Record<BodyId, number>> = {
  sun: 4,
  mercury: 40,
  venus: 60,
  mars: 90,
  jupiter: 150,
  saturn: 200,
  uranus: 250,
  neptune: 250,
  pluto: 250,
  trueNode: 120,
};

export interface DayTransit {
  body: BodyId;
  point: string;
  kind: AspectKind;
  /** Distance from exact at the day's reference moment (its middle), degrees. */
  orb: number;
  applying: boolean;
  /** ISO instants to the minute; null when beyond the span searched. */
  enters: string | null;
  exactAt: string | null;
  leaves: string | null;
  weight: number;
}

/** Targets on the ecliptic where `kind` to a point at `longitude` is exact. */
function targetsOf(longitude: number, kind: AspectKind): number[] {
  const angle = ASPECT_ANGLES[kind];
  return angle === 0 || angle === 180
    ? [norm360(longitude + angle)]
    : [norm360(longitude + angle), norm360(longitude - angle)];
}

/** Fastest daily motion of each body (degrees), so a scan step never jumps over an orb window. */
const MAX_SPEED: Partial<Record<BodyId, number>> = {
  sun: 1.02,
  mercury: 2.3,
  venus: 1.3,
  mars: 0.8,
  jupiter: 0.25,
  saturn: 0.14,
  uranus: 0.07,
  neptune: 0.045,
  pluto: 0.045,
  trueNode: 0.4,
};

/**
 * The orb window of `body` around `target` that contains some moment of [start, end]: scans
 * outward from the day until the body leaves orb on each side (or the span searched ends), then
 * refines the edges and every exact hit by bisection.
 */
function windowAround(body: BodyId, target: number, start: number, end: number): TransitWindow | null {
  const orb = TRANSIT_ORB;
  const step = Math.min(2, (orb / (MAX_SPEED[body] ?? 0.5)) * 0.5, (end - start) / 2);
  const span = SEARCH_DAYS[body] ?? 60;
  const lon = (jd: number) => lonAt(body, jd);
  const dev = (jd: number) => signedDelta(lon(jd), target);
  const edge = (jd: number) => Math.abs(dev(jd)) - orb;
  const event = (jd: number) => {
    const rounded = epochSecondsToJd(Math.round(jdToEpochSeconds(jd) / 60) * 60);
    return { utc: isoOf(jd), jdUt: rounded, longitude: lon(jd) };
  };
  const exact: number[] = [];
  // Samples across the day itself, then outward on each side while in orb.
  const samples: [number, number][] = [];
  for (let t = start; t < end; t += step) samples.push([t, dev(t)]);
  samples.push([end, dev(end)]);
  if (!samples.some(([, d], i) => Math.abs(d) <= orb || (i > 0 && crosses(samples[i - 1]![1], d))))
    return null;
  let enters: number | null = null;
  let [t0, d0] = samples[0]!;
  while (Math.abs(d0) <= orb) {
    if (t0 <= start - span) break;
    const t = t0 - step;
    const d = dev(t);
    if (crosses(d, d0)) exact.push(root(dev, t, t0));
    if (Math.abs(d) > orb) enters = root(edge, t, t0);
    t0 = t;
    d0 = d;
  }
  let leaves: number | null = null;
  let [t1, d1] = samples[samples.length - 1]!;
  while (Math.abs(d1) <= orb) {
    if (t1 >= end + span) break;
    const t = t1 + step;
    const d = dev(t);
    if (crosses(d1, d)) exact.push(root(dev, t1, t));
    if (Math.abs(d) > orb) leaves = root(edge, t1, t);
    t1 = t;
    d1 = d;
  }
  for (let i = 1; i < samples.length; i++) {
    const [ta, da] = samples[i - 1]!;
    const [tb, db] = samples[i]!;
    if (crosses(da, db)) exact.push(root(dev, ta, tb));
  }
  // A day that only touches the orb's edge between samples still counts; its edges are found above.
  const first = samples.find(([, d]) => Math.abs(d) <= orb);
  if (!first && exact.length === 0) return null;
  if (enters === null && first && first[0] > start) {
    const i = samples.indexOf(first);
    enters = root(edge, samples[i - 1]![0], first[0]);
  }
  const last = samples.findLast(([, d]) => Math.abs(d) <= orb);
  if (leaves === null && last && last[0] < end) {
    const i = samples.indexOf(last);
    leaves = root(edge, last[0], samples[i + 1]![0]);
  }
  return {
    body,
    point: '',
    kind: 'conjunction',
    exactLongitude: target,
    enters: enters === null ? null : event(enters),
    exact: exact.sort((a, b) => a - b).map(event),
    leaves: leaves === null ? null : event(leaves),
  };
}

/** A sign change of the deviation near the target (not the jump at the far side of the circle). */
function crosses(d0: number, d1: number): boolean {
  return d0 < 0 !== d1 < 0 && Math.abs(d0 - d1) < 90;
}

/** The natal points transits are read against: the true node stands for the nodes (not the mean one too). */
function readPoints(chart: NatalChart) {
  return natalPoints(chart).filter((p) => p.id !== 'meanNode');
}

export function dayTransitsOf(chart: NatalChart, start: number, end: number): DayTransit[] {
  const middle = (start + end) / 2;
  const points = readPoints(chart);
  const found: DayTransit[] = [];
  for (const body of DAY_TRANSITING_BODIES) {
    const l0 = lonAt(body, start);
    const l1 = lonAt(body, end);
    const mid = positionAt(body, middle);
    for (const point of points) {
      for (const kind of TRANSIT_ASPECTS) {
        for (const target of targetsOf(point.longitude, kind)) {
          // Cheap test first: a body moves little in a day, so only targets near it are searched.
          if (
            Math.abs(signedDelta(l0, target)) > TRANSIT_ORB + 3 &&
            Math.abs(signedDelta(l1, target)) > TRANSIT_ORB + 3
          )
            continue;
          const window = windowAround(body, target, start, end);
          if (!window) continue;
          const deviation = signedDelta(mid.longitude, target);
          found.push(describe(body, point.id, kind, window, middle, deviation, mid.speed, TRANSIT_ORB));
        }
      }
    }
  }
  return found.sort((a, b) => b.weight - a.weight || a.orb - b.orb);
}

function describe(
  body: BodyId,
  point: string,
  kind: AspectKind,
  window: TransitWindow,
  reference: number,
  deviation: number,
  speed: number,
  maxOrb: number,
): DayTransit {
  // The exact hit nearest the day's middle (a retrograde loop can have three).
  const exact = [...window.exact].sort(
    (a, b) => Math.abs(a.jdUt - reference) - Math.abs(b.jdUt - reference),
  )[0];
  const orb = Math.abs(deviation);
  // Applying while the motion carries the body toward the exact longitude.
  const applying = deviation * speed < 0;
  return {
    body,
    point,
    kind,
    orb: Math.round(orb * 1000) / 1000,
    applying,
    enters: window.enters?.utc ?? null,
    exactAt: exact?.utc ?? null,
    leaves: window.leaves?.utc ?? null,
    weight: transitWeight({ body, point, kind, orb, maxOrb, applying }),
  };
}

/** The Moon's transits that perfect within the day, from samples every half hour refined by bisection. */
export function moonTransitsOf(chart: NatalChart, start: number, end: number): DayTransit[] {
  const step = 1 / 48;
  const from = start - 0.25;
  const count = Math.ceil((end + 0.25 - from) / step);
  const times = Array.from({ length: count + 1 }, (_, i) => from + i * step);
  const lons = times.map((t) => lonAt('moon', t));
  const found: DayTransit[] = [];
  for (const point of readPoints(chart)) {
    for (const kind of TRANSIT_ASPECTS) {
      for (const target of targetsOf(point.longitude, kind)) {
        const dev = (jd: number) => signedDelta(lonAt('moon', jd), target);
        for (let i = 0; i < count; i++) {
          const d0 = signedDelta(lons[i]!, target);
          const d1 = signedDelta(lons[i + 1]!, target);
          // The Moon never turns back, so a crossing from below is the one perfection.
          if (!(d0 < 0 && d1 >= 0)) continue;
          const exact = root(dev, times[i]!, times[i + 1]!);
          if (exact < start || exact >= end) continue;
          const speed = gridSpeedNear('moon', exact);
          const halfSpan = MOON_TRANSIT_ORB / speed;
          const edge = (jd: number) => Math.abs(dev(jd)) - MOON_TRANSIT_ORB;
          const enters = root(edge, exact - 2 * halfSpan, exact);
          const leaves = root(edge, exact, exact + 2 * halfSpan);
          const middle = (start + end) / 2;
          const deviation = dev(middle);
          const window: TransitWindow = {
            body: 'moon',
            point: point.id,
            kind,
            exactLongitude: target,
            enters: { utc: isoOf(enters), jdUt: enters, longitude: lonAt('moon', enters) },
            exact: [{ utc: isoOf(exact), jdUt: exact, longitude: target }],
            leaves: { utc: isoOf(leaves), jdUt: leaves, longitude: lonAt('moon', leaves) },
          };
          found.push(describe('moon', point.id, kind, window, exact, deviation, speed, MOON_TRANSIT_ORB));
        }
      }
    }
  }
  return found.sort((a, b) => (a.exactAt ?? '').localeCompare(b.exactAt ?? ''));
}
