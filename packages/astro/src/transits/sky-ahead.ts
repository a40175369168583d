// The sky ahead of a moment, for questions that look forward: when a planet next turns
// (station) or changes sign (ingress), how long a retrograde lasts, and every transit one body
// makes to a chart over a window of days or months. Each search samples the body once a day (or
// finer for fast bodies) and refines only the events it finds, so a year of Saturn costs a few
// hundred positions, not one search per point and aspect.
import { ASPECT_ANGLES, type AspectKind } from '../chart/aspects.ts';
import type { NatalChart } from '../chart/natal-chart.ts';
import { moonPhaseOf } from '../chart/natal-chart.ts';
import { type Sign, signOf } from '../chart/zodiac.ts';
import { norm360, signedDelta } from '../ephemeris/angles.ts';
import type { BodyId } from '../ephemeris/body-ids.ts';
import { houseOf } from '../houses/houses.ts';
import { TRANSIT_ASPECTS } from './day-transits.ts';
import { isoOf, jdOf, lonAt, root, speedAt } from './sky-sampling.ts';
import { natalPoints } from './transits.ts';

/** Fastest daily motion (degrees): a sampling step shorter than the time to cross an orb of 1° either side finds every window. */
const FASTEST: Partial<Record<BodyId, number>> = {
  moon: 15.5,
  mercury: 2.3,
  venus: 1.3,
  sun: 1.02,
  mars: 0.8,
  jupiter: 0.25,
};
const stepOf = (body: BodyId) => Math.min(3, 1.6 / (FASTEST[body] ?? 0.15));

export interface Turn {
  body: BodyId;
  turns: 'retrograde' | 'direct';
  at: string;
}

/** The body's nearest station after (`direction` 1) or before (-1) `from` (ISO), within `days`; null when none. */
function stationFrom(body: BodyId, from: string, days: number, direction: 1 | -1): Turn | null {
  const start = jdOf(from);
  const step = Math.min(1, stepOf(body)) * direction;
  let t0 = start;
  let v0 = speedAt(body, t0);
  while (Math.abs(t0 - start) < days) {
    const t1 = t0 + step;
    const v1 = speedAt(body, t1);
    if (v0 < 0 !== v1 < 0) {
      // In time order, whichever way the search went.
      const [early, late] = direction === 1 ? [t0, t1] : [t1, t0];
      return {
        body,
        turns: speedAt(body, late) < 0 ? 'retrograde' : 'direct',
        at: isoOf(root((jd) => speedAt(body, jd), early, late)),
      };
    }
    t0 = t1;
    v0 = v1;
  }
  return null;
}

/** The body's next station after `from` (ISO), within `days`; null when none. */
export const nextStation = (body: BodyId, from: string, days = 500) => stationFrom(body, from, days, 1);

/** The body's previous station before `from` (ISO), within `days`; null when none. */
export const previousStation = (body: BodyId, from: string, days = 500) => stationFrom(body, from, days, -1);

/** The body's next change of sign after `from` (ISO), within `days`; null when none. */
export function nextIngress(
  body: BodyId,
  from: string,
  days = 800,
): { body: BodyId; sign: Sign; at: string } | null {
  const start = jdOf(from);
  const step = stepOf(body);
  const sign = (jd: number) => Math.floor(norm360(lonAt(body, jd)) / 30) % 12;
  let t0 = start;
  let s0 = sign(t0);
  while (t0 < start + days) {
    const t1 = t0 + step;
    const s1 = sign(t1);
    if (s1 !== s0) {
      const boundary = (s1 === (s0 + 1) % 12 ? s1 : s0) * 30;
      const at = root((jd) => signedDelta(lonAt(body, jd), boundary), t0, t1);
      return { body, sign: signOf(lonAt(body, t1)), at: isoOf(at) };
    }
    t0 = t1;
    s0 = s1;
  }
  return null;
}

/** The Moon's sign and phase at a moment. */
export function moonAt(utc: string): { sign: Sign; phase: string; illumination: number } {
  const jd = jdOf(utc);
  const moon = lonAt('moon', jd);
  const phase = moonPhaseOf(lonAt('sun', jd), moon);
  return { sign: signOf(moon), phase: phase.name, illumination: phase.illumination };
}

/** A window's edges are read as days: found to the half hour, not the quarter minute. */
const EDGE_PRECISION = 1 / 48;

interface BodyTransit {
  body: BodyId;
  point: string;
  kind: AspectKind;
  /** ISO instants; null when in orb at the window's edge. */
  enters: string | null;
  exact: string[];
  leaves: string | null;
}

export interface BodyOverWindow {
  transits: BodyTransit[];
  /** The natal houses the body moves through, with when it enters each (first: at the start). Empty without a birth time. */
  houses: { house: number; from: string }[];
}

/**
 * Every aspect `body` makes to the chart's points between `from` and `to` (ISO), within `orb`
 * degrees: exact moments to the minute (they are compared with dated statements), the edges of
 * the orb to the half hour (they are read as days).
 */
export function bodyOverWindow(
  chart: NatalChart,
  body: BodyId,
  from: string,
  to: string,
  orb = 1,
): BodyOverWindow {
  const start = jdOf(from);
  const end = jdOf(to);
  const step = stepOf(body);
  const times: number[] = [];
  for (let t = start; t < end; t += step) times.push(t);
  times.push(end);
  const lons = times.map((t) => lonAt(body, t));
  const transits: BodyTransit[] = [];
  for (const point of natalPoints(chart).filter((p) => p.id !== 'meanNode')) {
    for (const kind of TRANSIT_ASPECTS) {
      const angle = ASPECT_ANGLES[kind];
      const targets =
        angle === 0 || angle === 180
          ? [norm360(point.longitude + angle)]
          : [point.longitude + angle, point.longitude - angle].map(norm360);
      for (const target of new Set(targets)) {
        const dev = (jd: number) => signedDelta(lonAt(body, jd), target);
        const edge = (jd: number) => Math.abs(dev(jd)) - orb;
        let current: BodyTransit | null = null;
        let d0 = signedDelta(lons[0]!, target);
        if (Math.abs(d0) <= orb)
          current = { body, point: point.id, kind, enters: null, exact: [], leaves: null };
        for (let i = 1; i < times.length; i++) {
          const d1 = signedDelta(lons[i]!, target);
          const [t0, t1] = [times[i - 1]!, times[i]!];
          const in0 = Math.abs(d0) <= orb;
          const in1 = Math.abs(d1) <= orb;
          if (!in0 && in1)
            current = {
              body,
              point: point.id,
              kind,
              enters: isoOf(root(edge, t0, t1, EDGE_PRECISION)),
              exact: [],
              leaves: null,
            };
          if ((in0 || in1) && d0 < 0 !== d1 < 0 && Math.abs(d0 - d1) < 90)
            current?.exact.push(isoOf(root(dev, t0, t1)));
          if (in0 && !in1 && current) {
            current.leaves = isoOf(root(edge, t0, t1, EDGE_PRECISION));
            transits.push(current);
            current = null;
          }
          d0 = d1;
        }
        if (current) transits.push(current);
      }
    }
  }
  transits.sort((a, b) => (a.exact[0] ?? a.enters ?? from).localeCompare(b.exact[0] ?? b.enters ?? from));
  const houses: BodyOverWindow['houses'] = [];
  const cusps = chart.houses?.cusps;
  if (cusps && chart.timeKnown) {
    lons.forEach((lon, i) => {
      const house = houseOf(lon, cusps);
      if (houses.at(-1)?.house !== house) houses.push({ house, from: isoOf(times[i]!) });
    });
  }
  return { transits, houses };
}
