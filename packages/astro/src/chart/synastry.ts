// Two charts compared: the aspects between a point of one and a point of the other, where each
// one's bodies fall in the other's houses, and the composite chart of their midpoints.
import { DEG, norm360, RAD, signedDelta } from '../ephemeris/angles.ts';
import { BODY_IDS } from '../ephemeris/body-ids.ts';
import { computeAngles, computeHouses, type HouseSystem, houseOf } from '../houses/houses.ts';
import {
  type Aspect,
  type AspectKind,
  type AspectPoint,
  aspectBetween,
  findAspects,
  type OrbSettings,
  resolveOrbs,
} from './aspects.ts';
import type { NatalChart } from './natal-chart.ts';
import { type Sign, signOf } from './zodiac.ts';

/** The five major aspects, the ones read between two charts. */
export const SYNASTRY_KINDS: readonly AspectKind[] = [
  'conjunction',
  'sextile',
  'square',
  'trine',
  'opposition',
];

/**
 * Orbs between two charts: a little tighter than within one chart, since two people's contacts are
 * many; the luminaries keep a wider orb by custom.
 */
export const SYNASTRY_ORBS: OrbSettings = {
  aspects: { conjunction: 7, opposition: 7, square: 6, trine: 6, sextile: 4 },
  points: {
    sun: { conjunction: 8, opposition: 8, square: 7, trine: 7, sextile: 5 },
    moon: { conjunction: 8, opposition: 8, square: 7, trine: 7, sextile: 5 },
  },
  kinds: SYNASTRY_KINDS,
};

/** Bodies compared between charts: the ten planets and the true node (no second node, no Lilith). */
const COMPARED = new Set<string>(BODY_IDS.filter((id) => id !== 'meanNode' && id !== 'lilith'));

function comparedPoints(chart: NatalChart, withAngles: boolean): AspectPoint[] {
  const points: AspectPoint[] = chart.bodies
    .filter((b) => COMPARED.has(b.body))
    .map((b) => ({ id: b.body, longitude: b.longitude, speed: 0 }));
  if (withAngles && chart.angles) {
    points.push({ id: 'ascendant', longitude: chart.angles.ascendant, speed: 0 });
    points.push({ id: 'midheaven', longitude: chart.angles.midheaven, speed: 0 });
  }
  return points;
}

export interface InterAspect {
  /** A point of the first chart. */
  a: string;
  /** A point of the second chart. */
  b: string;
  kind: AspectKind;
  /** How far from exact, degrees (unsigned). */
  orb: number;
  /** The orb allowed for this pair and kind. */
  allowed: number;
}

/**
 * Every point of `first` to every point of `second` within orb, closest first. The angles take part
 * only when both birth times are known (an angle from an unknown time would be a guess).
 */
export function interAspects(
  first: NatalChart,
  second: NatalChart,
  orbs: OrbSettings = SYNASTRY_ORBS,
): InterAspect[] {
  const withAngles = first.timeKnown && second.timeKnown;
  const resolved = resolveOrbs(orbs);
  const out: InterAspect[] = [];
  for (const p of comparedPoints(first, withAngles)) {
    for (const q of comparedPoints(second, withAngles)) {
      const found: Aspect | undefined = aspectBetween(p, q, resolved);
      if (found)
        out.push({ a: p.id, b: q.id, kind: found.kind, orb: Math.abs(found.deviation), allowed: found.orb });
    }
  }
  return out.sort((x, y) => x.orb - y.orb);
}

export interface OverlayPlacement {
  /** A body of the chart whose houses are not used. */
  body: string;
  /** The house of the other chart it falls in. */
  house: number;
}

/** Where the bodies of `from` fall in the houses of `into` (none when `into` has no birth time). */
export function houseOverlay(from: NatalChart, into: NatalChart): OverlayPlacement[] {
  const cusps = into.houses?.cusps;
  if (!cusps) return [];
  return from.bodies
    .filter((b) => COMPARED.has(b.body))
    .map((b) => ({ body: b.body, house: houseOf(b.longitude, cusps) }));
}

/** The midpoint of two longitudes on the shorter arc between them. */
export function midpoint(a: number, b: number): number {
  return norm360(a + signedDelta(b, a) / 2);
}

export interface CompositeChart {
  bodies: { body: string; longitude: number; sign: Sign; house: number | null }[];
  /** The composite Midheaven (midpoint of the two) and the Ascendant derived from it; null without both times. */
  angles: { ascendant: number; midheaven: number; ascendantSign: Sign; midheavenSign: Sign } | null;
  /** Cusps of houses 1..12 from the composite Midheaven, at the mean latitude and obliquity. */
  cusps: number[] | null;
  /** The major aspects among the composite's bodies (and angles, when it has them), with natal orbs. */
  aspects: Aspect[];
}

/**
 * The composite chart: each body at the midpoint of the two charts' positions. Its houses come from
 * the composite Midheaven: the sidereal angle that culminates it at the mean obliquity, then the
 * house system at the mean of the two birth latitudes.
 */
export function compositeChart(
  first: NatalChart,
  second: NatalChart,
  system: HouseSystem = 'placidus',
): CompositeChart {
  let angles: CompositeChart['angles'] = null;
  let cusps: number[] | null = null;
  if (first.angles && second.angles) {
    const eps = (first.obliquity + second.obliquity) / 2;
    const latitude = (first.latitude + second.latitude) / 2;
    const mc = midpoint(first.angles.midheaven, second.angles.midheaven);
    const armc = norm360(Math.atan2(Math.sin(mc * DEG) * Math.cos(eps * DEG), Math.cos(mc * DEG)) * RAD);
    const derived = computeAngles(armc, latitude, eps);
    cusps = computeHouses(system, derived, latitude, eps).cusps;
    angles = {
      ascendant: derived.ascendant,
      midheaven: derived.midheaven,
      ascendantSign: signOf(derived.ascendant),
      midheavenSign: signOf(derived.midheaven),
    };
  }
  const bodies = first.bodies
    .filter((b) => COMPARED.has(b.body))
    .flatMap((b) => {
      const other = second.bodies.find((o) => o.body === b.body);
      if (!other) return [];
      const longitude = midpoint(b.longitude, other.longitude);
      return [
        { body: b.body, longitude, sign: signOf(longitude), house: cusps ? houseOf(longitude, cusps) : null },
      ];
    });
  const points: AspectPoint[] = bodies.map((b) => ({ id: b.body, longitude: b.longitude, speed: 0 }));
  if (angles)
    points.push(
      { id: 'ascendant', longitude: angles.ascendant, speed: 0 },
      { id: 'midheaven', longitude: angles.midheaven, speed: 0 },
    );
  const aspects = findAspects(points, resolveOrbs({ kinds: SYNASTRY_KINDS }));
  return { bodies, angles, cusps, aspects };
}
