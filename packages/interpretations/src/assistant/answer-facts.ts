// The facts an answer may rest on beyond the chart and today's sky, gathered by the server for the
// question understood (the sky ahead only for questions about the sky, a window of transits only
// for questions about a time to come).
import type { Window } from './question.ts';

export interface NatalExtras {
  /** Counts over the ten planets. */
  elements: Record<string, number>;
  modalities: Record<string, number>;
  /** Modern ruler of the rising sign; null without a birth time. */
  ruler: string | null;
  /** The Moon's phase at birth ("waxing-gibbous"). */
  moonPhase: string | null;
  /** The sign on each house cusp, house 1 first; null without a birth time. */
  cusps: string[] | null;
  /** The (modern) ruler of each cusp's sign, house 1 first; null without a birth time. */
  cuspRulers?: string[] | null;
}

export interface SkyAhead {
  moon: { sign: string; phase: string; illumination: number; nextSign: { sign: string; at: string } | null };
  /** Planets retrograde now, with the station that began it and the one that ends it. */
  retrograde: { body: string; since: string | null; until: string | null }[];
  /** Each planet's next station and next change of sign, soonest first. */
  stations: { body: string; turns: 'retrograde' | 'direct'; at: string }[];
  ingresses: { body: string; sign: string; at: string }[];
}

export interface WindowTransit {
  body: string;
  point: string;
  kind: string;
  enters: string | null;
  exact: string[];
  leaves: string | null;
}

export interface WindowFacts {
  window: Window;
  /** ISO bounds of the window. */
  from: string;
  to: string;
  transits: WindowTransit[];
  /** The natal houses each slow or named body moves through in the window (empty without a birth time). */
  houses: { body: string; path: { house: number; from: string }[] }[];
}

/** What the server should gather for a question. */
export interface FactsNeeded {
  upcoming: boolean;
  sky: boolean;
  /** A window of transits, for these bodies. */
  window: { window: Window; bodies: string[] } | null;
}

/** Someone in the person's life named in the question, compared with the person's chart. */
export interface PersonFacts {
  name: string;
  relation: string | null;
  /** Whether their birth time is known (without it, none of their angles or houses is named). */
  timeKnown: boolean;
  /** The closest contacts between the two charts, closest first: `a` the person's point, `b` theirs. */
  contacts: { a: string; b: string; kind: string; orb: number }[];
  /** Counts over the ten planets of each chart. */
  elements: { yours: Record<string, number>; theirs: Record<string, number> };
  /** The window the question names, with the transits exact in it to each chart. */
  window: { label: string; yours: WindowTransit[]; theirs: WindowTransit[] } | null;
}
