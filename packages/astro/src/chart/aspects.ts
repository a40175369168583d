// Aspects between points of the zodiac: orbs per aspect and per point, applying or separating.
import { signedDelta } from '../ephemeris/angles.ts';

export const ASPECT_ANGLES = {
  conjunction: 0,
  semiSextile: 30,
  sextile: 60,
  square: 90,
  trine: 120,
  quincunx: 150,
  opposition: 180,
} as const;
export type AspectKind = keyof typeof ASPECT_ANGLES;
export const ASPECT_KINDS = Object.keys(ASPECT_ANGLES) as AspectKind[];

export const DEFAULT_ASPECT_ORBS: Record<AspectKind, number> = {
  conjunction: 8,
  semiSextile: 2,
  sextile: 5,
  square: 7,
  trine: 7,
  quincunx: 3,
  opposition: 8,
};

/** The luminaries get wider orbs by custom. */
export const DEFAULT_POINT_ORBS: Record<string, Partial<Record<AspectKind, number>>> = {
  sun: { conjunction: 10, opposition: 10, square: 9, trine: 9, sextile: 6 },
  moon: { conjunction: 10, opposition: 10, square: 9, trine: 9, sextile: 6 },
};

export interface OrbSettings {
  /** Orb for each aspect, degrees (missing kinds use the defaults). */
  aspects?: Partial<Record<AspectKind, number>>;
  /**
   * Orbs for aspects that involve a given point (replacing the defaults for points). Where either
   * point has one for the kind, the larger of the points' orbs applies; otherwise the aspect's orb.
   */
  points?: Record<string, Partial<Record<AspectKind, number>>>;
  /** Aspect kinds to look for (default: all seven). */
  kinds?: readonly AspectKind[];
}

export interface AspectPoint {
  id: string;
  longitude: number;
  /** Degrees per day; 0 for points that do not move on their own in this context. */
  speed: number;
}

export interface Aspect {
  a: string;
  b: string;
  kind: AspectKind;
  /** The aspect's exact angle. */
  angle: number;
  /** Actual angular distance between the points, 0..180. */
  separation: number;
  /** separation − angle: how far from exact, signed. */
  deviation: number;
  /** The orb that applied. */
  orb: number;
  /** 1 when exact, falling to 0 at the edge of the orb. */
  exactness: number;
  /** 'applying' when the deviation is shrinking, 'separating' when growing, 'exact' within 1″. */
  motion: 'applying' | 'separating' | 'exact';
}

export interface ResolvedOrbs {
  kinds: readonly AspectKind[];
  orbFor(a: string, b: string, kind: AspectKind): number;
}

export function resolveOrbs(settings: OrbSettings = {}): ResolvedOrbs {
  const aspectOrbs = { ...DEFAULT_ASPECT_ORBS, ...settings.aspects };
  const pointOrbs = settings.points ?? DEFAULT_POINT_ORBS;
  const kinds = settings.kinds ?? ASPECT_KINDS;
  return {
    kinds,
    orbFor: (a, b, kind) => {
      const oa = pointOrbs[a]?.[kind];
      const ob = pointOrbs[b]?.[kind];
      if (oa === undefined && ob === undefined) return aspectOrbs[kind];
      return Math.max(oa ?? 0, ob ?? 0);
    },
  };
}

/** The aspect between two points, or undefined when none is within orb. The closest kind wins. */
export function aspectBetween(p: AspectPoint, q: AspectPoint, orbs: ResolvedOrbs): Aspect | undefined {
  const delta = signedDelta(q.longitude, p.longitude);
  const separation = Math.abs(delta);
  let best: Aspect | undefined;
  for (const kind of orbs.kinds) {
    const angle = ASPECT_ANGLES[kind];
    const deviation = separation - angle;
    const orb = orbs.orbFor(p.id, q.id, kind);
    if (Math.abs(deviation) > orb) continue;
    if (best && Math.abs(best.deviation) <= Math.abs(deviation)) continue;
    // d(separation)/dt: the separation grows when q pulls away from p in the direction of delta.
    const rate = (delta >= 0 ? 1 : -1) * (q.speed - p.speed);
    const shrinking = deviation * rate < 0;
    const still = Math.abs(deviation) < 1 / 3600;
    best = {
      a: p.id,
      b: q.id,
      kind,
      angle,
      separation,
      deviation,
      orb,
      exactness: 1 - Math.abs(deviation) / orb,
      motion: still ? 'exact' : shrinking ? 'applying' : 'separating',
    };
  }
  return best;
}

/** All aspects among a set of points (each pair once, in input order). */
export function findAspects(points: readonly AspectPoint[], orbs: ResolvedOrbs): Aspect[] {
  const out: Aspect[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const a = aspectBetween(points[i]!, points[j]!, orbs);
      if (a) out.push(a);
    }
  }
  return out;
}

/** Aspects from each moving point to each fixed point (e.g. transits to a natal chart). */
export function findCrossAspects(
  moving: readonly AspectPoint[],
  fixed: readonly AspectPoint[],
  orbs: ResolvedOrbs,
): Aspect[] {
  const out: Aspect[] = [];
  for (const m of moving) {
    for (const f of fixed) {
      const a = aspectBetween(f, m, orbs);
      if (a) out.push({ ...a, a: m.id, b: f.id });
    }
  }
  return out;
}
