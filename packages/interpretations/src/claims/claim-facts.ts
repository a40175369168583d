import type { ChartAspect, ChartPlacement, SkyTransit } from '../chat-composer.ts';

/**
 * What the claim checker compares a statement with: one person's computed chart and the sky at
 * the moment of the question. Body, point, sign and aspect names are the lower-case ids the chart
 * facts use ('sun', 'northNode', 'aries', 'square').
 */
export interface ClaimFacts {
  /** The moment of the question (ISO) and the person's zone, for "today" and dated transits. */
  now: string;
  zone: string;
  timeKnown: boolean;
  /** The natal placements (house null without a birth time). */
  placements: ChartPlacement[];
  ascendant: string | null;
  midheaven: string | null;
  /** The natal aspects within the orbs the chart uses. */
  aspects: ChartAspect[];
  /** Where each body is in the sky at `now`: its sign and whether it is retrograde. */
  sky: { body: string; sign: string; retrograde: boolean }[];
  /** Transits to the natal points with the instant each is exact (today's and the coming ones). */
  transits: SkyTransit[];
}

/** What the model said and what the chart says instead, for the note under a corrected answer. */
export interface Correction {
  said: string;
  chart: string;
}

/** A sentence after checking: kept as it was, corrected in place, or dropped (text null). */
export interface CheckedSentence {
  text: string | null;
  corrections: Correction[];
}
