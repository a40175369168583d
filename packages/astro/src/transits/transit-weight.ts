// How much a transit weighs in the day's ranking.
import type { AspectKind } from '../chart/aspects.ts';
import type { BodyId } from '../ephemeris/body-ids.ts';

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
