// What one day's sky is for everyone, no chart needed: the Moon's day (sign, ingress, phase and
// void-of-course span), planets turning at a station, retrograde planets and sign ingresses.
import { ASPECT_ANGLES } from '../chart/aspects.ts';
import { moonPhaseOf } from '../chart/natal-chart.ts';
import { SIGNS, type Sign } from '../chart/zodiac.ts';
import { norm360, signedDelta } from '../ephemeris/angles.ts';
import type { BodyId } from '../ephemeris/body-ids.ts';
import { SUN_AND_PLANETS, TRANSIT_ASPECTS } from './day-transits.ts';
import { isoOf, lonAt, MINUTE, root, speedAt } from './sky-sampling.ts';

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
  for (const planet of SUN_AND_PLANETS) {
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

export function moonOf(start: number, end: number): MoonOfDay {
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

export function stationsOf(start: number, end: number): Station[] {
  const stations: Station[] = [];
  for (const body of SUN_AND_PLANETS.filter((b) => b !== 'sun')) {
    const v0 = speedAt(body, start);
    const v1 = speedAt(body, end);
    if (v0 < 0 === v1 < 0) continue;
    const at = root((jd) => speedAt(body, jd), start, end);
    stations.push({ body, turns: v1 < 0 ? 'retrograde' : 'direct', at: isoOf(at) });
  }
  return stations;
}

export function ingressesOf(start: number, end: number): Ingress[] {
  const ingresses: Ingress[] = [];
  for (const body of SUN_AND_PLANETS) {
    // A planet crosses at most one sign boundary in a day (the Moon is reported with the Moon).
    const at = nextIngress(body, start, end - start, end - start);
    if (at === null) continue;
    ingresses.push({ body, sign: SIGNS[signIndex(lonAt(body, at + MINUTE))]!, at: isoOf(at) });
  }
  return ingresses.sort((a, b) => a.at.localeCompare(b.at));
}

/** Planets (not the Sun) moving backward at the moment `jd`. */
export function retrogradeAt(jd: number): BodyId[] {
  return SUN_AND_PLANETS.filter((b) => b !== 'sun' && speedAt(b, jd) < 0);
}
