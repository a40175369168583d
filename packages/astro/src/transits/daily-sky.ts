// The sky of one day measured against a natal chart: the transits that are in orb during the day
// (with when each enters orb, perfects and leaves orb), the Moon's day (sign, ingress, phase,
// void-of-course span and its passing aspects), stations, retrograde planets and sign ingresses.
// A "day" is any span of UT given by its bounds: the caller decides whose midnight it starts at.
import { ASPECT_ANGLES, type AspectKind } from '../chart/aspects.ts';
import type { NatalChart } from '../chart/natal-chart.ts';
import { moonPhaseOf } from '../chart/natal-chart.ts';
import { SIGNS, type Sign } from '../chart/zodiac.ts';
import { norm360, signedDelta } from '../ephemeris/angles.ts';
import { type BodyPosition, bodyPosition } from '../ephemeris/bodies.ts';
import type { BodyId } from '../ephemeris/body-ids.ts';
import { makeInstant } from '../ephemeris/instant.ts';
import { AstroInputError } from '../errors.ts';
import { epochSecondsToJd, jdToEpochSeconds } from '../time/civil.ts';
import { isoUtc } from '../time/instant-input.ts';
import { natalPoints, type TransitWindow } from './transits.ts';

/** The aspects read in transits: the five of Ptolemy. */
export const TRANSIT_ASPECTS: readonly AspectKind[] = [
  'conjunction',
  'sextile',
  'square',
  'trine',
  'opposition',
];

/** Bodies whose transits shape the day (the Moon is listed apart: its transits last hours). */
export const DAY_TRANSITING_BODIES: readonly BodyId[] = [
  'sun',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
  'trueNode',
];

const PLANETS: readonly BodyId[] = [
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

/**
 * Ranking weight (documented in docs/decisions/0180-daily-landscape.md): slower transiting
 * bodies weigh more (their themes last), luminaries and angles as natal points weigh more,
 * conjunctions and the hard aspects more than the soft, a tighter orb more, and applying
 * transits more than separating ones.
 */
const BODY_WEIGHT: Partial<Record<BodyId, number>> = {
  moon: 1,
  sun: 3,
  mercury: 3,
  venus: 3,
  mars: 4,
  jupiter: 5,
  saturn: 6,
  uranus: 7,
  neptune: 7,
  pluto: 8,
  trueNode: 4,
};
const POINT_WEIGHT: Record<string, number> = {
  sun: 1.5,
  moon: 1.5,
  ascendant: 1.5,
  midheaven: 1.4,
  mercury: 1.2,
  venus: 1.2,
  mars: 1.2,
};
const ASPECT_WEIGHT: Partial<Record<AspectKind, number>> = {
  conjunction: 1,
  opposition: 0.9,
  square: 0.9,
  trine: 0.7,
  sextile: 0.55,
};

export function transitWeight(t: {
  body: BodyId;
  point: string;
  kind: AspectKind;
  orb: number;
  maxOrb: number;
  applying: boolean;
}): number {
  const tightness = 0.5 + 0.5 * Math.max(0, 1 - t.orb / t.maxOrb);
  const weight =
    (BODY_WEIGHT[t.body] ?? 2) *
    (POINT_WEIGHT[t.point] ?? 1) *
    (ASPECT_WEIGHT[t.kind] ?? 0.5) *
    tightness *
    (t.applying ? 1.15 : 1);
  return Math.round(weight * 100) / 100;
}

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

export interface MoonOfDay {
  sign: Sign;
  /** The Moon's sign at the day's end, and when it got there, when it changes sign during the day. */
  ingress: { sign: Sign; at: string } | null;
  phase: ReturnType<typeof moonPhaseOf>['name'];
  /** 0..1 at the day's middle. */
  illumination: number;
  waxing: boolean;
  /** The void-of-course span that touches the day, if any: from the last exact aspect to a planet until the next sign. */
  voidOfCourse: { start: string; end: string } | null;
}

export interface Station {
  body: BodyId;
  turns: 'retrograde' | 'direct';
  at: string;
}

export interface Ingress {
  body: BodyId;
  sign: Sign;
  at: string;
}

export interface DailySky {
  /** Ranked, heaviest first. */
  transits: DayTransit[];
  /** The Moon's transits that perfect during the day, in time order. */
  moonTransits: DayTransit[];
  moon: MoonOfDay;
  /** Planets retrograde at the day's middle. */
  retrograde: BodyId[];
  stations: Station[];
  ingresses: Ingress[];
}

const MINUTE = 1 / 1440;

function jdOf(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new AstroInputError(`Not an instant: ${iso}`, 'INVALID_DATE');
  return epochSecondsToJd(ms / 1000);
}

function isoOf(jd: number): string {
  return isoUtc(Math.round(jdToEpochSeconds(jd) / 60) * 60);
}

/**
 * Positions by body and instant, remembered: everyone whose day has the same bounds samples the
 * sky on the same grid, so a run over many charts computes each sample once. Bounded; cleared
 * when full (bisection points rarely repeat).
 */
const remembered = new Map<string, BodyPosition>();
const REMEMBER_LIMIT = 100_000;

function positionAt(body: BodyId, jd: number): BodyPosition {
  const key = `${body}${jd}`;
  let position = remembered.get(key);
  if (!position) {
    if (remembered.size >= REMEMBER_LIMIT) remembered.clear();
    position = bodyPosition(body, makeInstant(jd));
    remembered.set(key, position);
  }
  return position;
}

const lonAt = (body: BodyId, jd: number) => positionAt(body, jd).longitude;
const speedAt = (body: BodyId, jd: number) => positionAt(body, jd).speed;

/** Bisection to a quarter minute on a function whose sign differs at a and b. */
function root(f: (jd: number) => number, a: number, b: number): number {
  let fa = f(a);
  while (b - a > MINUTE / 4) {
    const m = (a + b) / 2;
    const fm = f(m);
    if (fa < 0 === fm < 0) {
      a = m;
      fa = fm;
    } else b = m;
  }
  return (a + b) / 2;
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

function dayTransitsOf(chart: NatalChart, start: number, end: number): DayTransit[] {
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
function moonTransitsOf(chart: NatalChart, start: number, end: number): DayTransit[] {
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
          const speed = speedAt('moon', exact);
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

const signIndex = (longitude: number) => Math.floor(norm360(longitude) / 30) % 12;

/** The first moment after `from` (within `days`) when the body enters a new sign. */
function nextIngress(body: BodyId, from: number, days: number, step: number): number | null {
  let t0 = from;
  let s0 = signIndex(lonAt(body, t0));
  while (t0 < from + days) {
    const t1 = t0 + step;
    const s1 = signIndex(lonAt(body, t1));
    if (s1 !== s0) {
      const boundary = (s1 === (s0 + 1) % 12 ? s1 : s0) * 30;
      return root((jd) => signedDelta(lonAt(body, jd), boundary), t0, t1);
    }
    t0 = t1;
    s0 = s1;
  }
  return null;
}

/** The last moment before `until` (within `days`) when the Moon entered its sign. */
function previousMoonIngress(until: number): number {
  const sign = signIndex(lonAt('moon', until - MINUTE));
  let t = until - MINUTE;
  while (signIndex(lonAt('moon', t - 1 / 8)) === sign) t -= 1 / 8;
  const boundary = sign * 30;
  return root((jd) => signedDelta(lonAt('moon', jd), boundary), t - 1 / 8, t);
}

/** Moment of the Moon's last exact Ptolemaic aspect to a planet in [from, until), or null. */
function lastMoonAspect(from: number, until: number): number | null {
  const step = 1 / 12;
  let last: number | null = null;
  for (const planet of PLANETS) {
    const elongation = (jd: number) => norm360(lonAt('moon', jd) - lonAt(planet, jd));
    for (let t0 = from; t0 < until; t0 += step) {
      const t1 = Math.min(until, t0 + step);
      const e0 = elongation(t0);
      const e1 = elongation(t1);
      for (const kind of TRANSIT_ASPECTS) {
        const angle = ASPECT_ANGLES[kind];
        for (const target of angle === 0 || angle === 180 ? [angle] : [angle, 360 - angle]) {
          const d0 = signedDelta(e0, target);
          const d1 = signedDelta(e1, target);
          if (d0 < 0 && d1 >= 0) {
            const hit = root((jd) => signedDelta(elongation(jd), target), t0, t1);
            if (last === null || hit > last) last = hit;
          }
        }
      }
    }
  }
  return last;
}

function moonOf(start: number, end: number): MoonOfDay {
  const middle = (start + end) / 2;
  const moonStart = lonAt('moon', start);
  const ingressJd = nextIngress('moon', start, end - start, 1 / 8);
  const phase = moonPhaseOf(lonAt('sun', middle), lonAt('moon', middle));
  let voidOfCourse: MoonOfDay['voidOfCourse'] = null;
  // The void spans ending at the next one or two ingresses are the only ones that can touch the day.
  let from = start;
  for (let i = 0; i < 2 && !voidOfCourse; i++) {
    const ingress = nextIngress('moon', from, 3, 1 / 8);
    if (ingress === null) break;
    const entered = previousMoonIngress(ingress);
    const lastAspect = lastMoonAspect(entered, ingress) ?? entered;
    if (lastAspect < end && ingress > start) voidOfCourse = { start: isoOf(lastAspect), end: isoOf(ingress) };
    if (ingress >= end) break;
    from = ingress + MINUTE;
  }
  return {
    sign: SIGNS[signIndex(moonStart)]!,
    ingress:
      ingressJd === null
        ? null
        : { sign: SIGNS[signIndex(lonAt('moon', ingressJd + MINUTE))]!, at: isoOf(ingressJd) },
    phase: phase.name,
    illumination: Math.round(phase.illumination * 1000) / 1000,
    waxing: phase.waxing,
    voidOfCourse,
  };
}

function stationsOf(start: number, end: number): Station[] {
  const stations: Station[] = [];
  for (const body of PLANETS.filter((b) => b !== 'sun')) {
    const v0 = speedAt(body, start);
    const v1 = speedAt(body, end);
    if (v0 < 0 === v1 < 0) continue;
    const at = root((jd) => speedAt(body, jd), start, end);
    stations.push({ body, turns: v1 < 0 ? 'retrograde' : 'direct', at: isoOf(at) });
  }
  return stations;
}

function ingressesOf(start: number, end: number): Ingress[] {
  const ingresses: Ingress[] = [];
  for (const body of PLANETS) {
    // A planet crosses at most one sign boundary in a day (the Moon is reported with the Moon).
    const at = nextIngress(body, start, end - start, end - start);
    if (at === null) continue;
    ingresses.push({ body, sign: SIGNS[signIndex(lonAt(body, at + MINUTE))]!, at: isoOf(at) });
  }
  return ingresses.sort((a, b) => a.at.localeCompare(b.at));
}

/** What the day's sky is for everyone (no chart needed): the Moon, stations, retrograde planets, ingresses. */
export type SharedSky = Omit<DailySky, 'transits' | 'moonTransits'>;

function dayBounds(day: { startUtc: string; endUtc: string }): [number, number] {
  const start = jdOf(day.startUtc);
  const end = jdOf(day.endUtc);
  if (!(end > start) || end - start > 26 / 24)
    throw new AstroInputError('A day must end after it starts and last at most 26 hours', 'INVALID_RANGE');
  return [start, end];
}

/** The parts of the day's sky that do not depend on a chart; the same for everyone whose day has these bounds. */
export function sharedSkyOfDay(day: { startUtc: string; endUtc: string }): SharedSky {
  const [start, end] = dayBounds(day);
  const middle = (start + end) / 2;
  return {
    moon: moonOf(start, end),
    retrograde: PLANETS.filter((b) => b !== 'sun' && speedAt(b, middle) < 0),
    stations: stationsOf(start, end),
    ingresses: ingressesOf(start, end),
  };
}

/** The transits of the day to the chart: ranked day transits and the Moon's transits. */
export function transitsOfDay(
  chart: NatalChart,
  day: { startUtc: string; endUtc: string },
): Pick<DailySky, 'transits' | 'moonTransits'> {
  const [start, end] = dayBounds(day);
  return { transits: dayTransitsOf(chart, start, end), moonTransits: moonTransitsOf(chart, start, end) };
}

/** The day's sky against the chart; `startUtc`/`endUtc` bound the day (at most 26 hours, for days that gain an hour). */
export function dailySky(chart: NatalChart, day: { startUtc: string; endUtc: string }): DailySky {
  return { ...transitsOfDay(chart, day), ...sharedSkyOfDay(day) };
}

/** Every day transit that perfects within its own day, over consecutive days (for calendars and "this month"). */
export function exactTransitsOfDays(
  chart: NatalChart,
  days: readonly { startUtc: string; endUtc: string }[],
): DayTransit[] {
  const seen = new Map<string, DayTransit>();
  for (const day of days) {
    for (const t of transitsOfDay(chart, day).transits) {
      if (!t.exactAt || t.exactAt < day.startUtc || t.exactAt >= day.endUtc) continue;
      seen.set(`${t.body}|${t.point}|${t.kind}|${t.exactAt}`, t);
    }
  }
  return [...seen.values()].sort((a, b) => (a.exactAt ?? '').localeCompare(b.exactAt ?? ''));
}
