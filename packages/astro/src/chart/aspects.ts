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

const DEFAULT_ASPECT_ORBS: Record<AspectKind, number> = {
  conjunction: 8,
  semiSextile: 2,
  sextile: 5,
  square: 7,
  trine: 7,
  quincunx: 3,
  opposition: 8,
};

/** The luminaries get wider orbs by custom. */
const DEFAULT_POINT_ORBS: Record<string, Partial<Record<AspectKind, number>>> = {
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

/** Orb settings turned into flat tables, so the pair loop only does arithmetic. */
export interface ResolvedOrbs {
  kinds: readonly AspectKind[];
  angles: Float64Array;
  /** Orb of each kind (same order as `kinds`). */
  aspectOrbs: Float64Array;
  /** Per point, the orb of each kind, NaN where the point sets none. */
  pointOrbs: Map<string, Float64Array>;
  /** The widest orb of all, to skip kinds that cannot apply before looking orbs up. */
  maxOrb: number;
  /**
   * When every kind is a multiple of 30° and every orb is under 15°, only the multiple nearest a
   * separation can be in orb: the kind at each multiple (0–6), −1 for none. Null otherwise.
   */
  kindAtMultiple: Int8Array | null;
  orbFor(a: string, b: string, kind: AspectKind): number;
}

export function resolveOrbs(settings: OrbSettings = {}): ResolvedOrbs {
  const merged = { ...DEFAULT_ASPECT_ORBS, ...settings.aspects };
  const kinds = settings.kinds ?? ASPECT_KINDS;
  const pointOrbs = new Map<string, Float64Array>();
  for (const [id, orbs] of Object.entries(settings.points ?? DEFAULT_POINT_ORBS)) {
    pointOrbs.set(
      id,
      Float64Array.from(kinds, (k) => orbs[k] ?? Number.NaN),
    );
  }
  const aspectOrbs = Float64Array.from(kinds, (k) => merged[k]);
  let maxOrb = Math.max(...aspectOrbs);
  for (const orbs of pointOrbs.values())
    for (const o of orbs) if (!Number.isNaN(o)) maxOrb = Math.max(maxOrb, o);
  const angles = Float64Array.from(kinds, (k) => ASPECT_ANGLES[k]);
  let kindAtMultiple: Int8Array | null = null;
  if (maxOrb < 15 && angles.every((angle) => angle % 30 === 0)) {
    const atMultiple = new Int8Array(7).fill(-1);
    angles.forEach((angle, k) => {
      atMultiple[angle / 30] = k;
    });
    kindAtMultiple = atMultiple;
  }
  const resolved: ResolvedOrbs = {
    maxOrb,
    kindAtMultiple,
    kinds,
    angles,
    aspectOrbs,
    pointOrbs,
    orbFor: (a, b, kind) => pairOrb(resolved, pointOrbs.get(a), pointOrbs.get(b), kinds.indexOf(kind)),
  };
  return resolved;
}

function pairOrb(
  r: ResolvedOrbs,
  pa: Float64Array | undefined,
  pb: Float64Array | undefined,
  k: number,
): number {
  const oa = pa ? pa[k]! : Number.NaN;
  const ob = pb ? pb[k]! : Number.NaN;
  const hasA = !Number.isNaN(oa);
  const hasB = !Number.isNaN(ob);
  if (!hasA && !hasB) return r.aspectOrbs[k]!;
  return Math.max(hasA ? oa : 0, hasB ? ob : 0);
}

/** The aspect between two points, or undefined when none is within orb. The closest kind wins. */
export function aspectBetween(
  p: AspectPoint,
  q: AspectPoint,
  orbs: ResolvedOrbs,
  // A caller pairing many points looks each point's orbs up once.
  pa = orbs.pointOrbs.get(p.id),
  pb = orbs.pointOrbs.get(q.id),
): Aspect | undefined {
  const delta = signedDelta(q.longitude, p.longitude);
  const separation = Math.abs(delta);
  let bestK = -1;
  let bestDev = 0;
  let bestOrb = 0;
  const atMultiple = orbs.kindAtMultiple;
  if (atMultiple) {
    // The one candidate: the kind at the nearest multiple of 30°, if it is in orb.
    const multiple = Math.round(separation / 30);
    const k = atMultiple[multiple]!;
    if (k < 0) return undefined;
    const deviation = separation - 30 * multiple;
    const orb = pairOrb(orbs, pa, pb, k);
    if ((deviation < 0 ? -deviation : deviation) > orb) return undefined;
    bestK = k;
    bestDev = deviation;
    bestOrb = orb;
  }
  // Otherwise every kind is tried and the closest in orb wins.
  const n = atMultiple ? 0 : orbs.kinds.length;
  for (let k = 0; k < n; k++) {
    const deviation = separation - orbs.angles[k]!;
    const abs = deviation < 0 ? -deviation : deviation;
    if (abs > orbs.maxOrb) continue;
    const orb = pairOrb(orbs, pa, pb, k);
    if (abs > orb) continue;
    if (bestK >= 0 && Math.abs(bestDev) <= abs) continue;
    bestK = k;
    bestDev = deviation;
    bestOrb = orb;
  }
  if (bestK < 0) return undefined;
  // d(separation)/dt: the separation grows when q pulls away from p in the direction of delta.
  const rate = (delta >= 0 ? 1 : -1) * (q.speed - p.speed);
  const abs = Math.abs(bestDev);
  return {
    a: p.id,
    b: q.id,
    kind: orbs.kinds[bestK]!,
    angle: orbs.angles[bestK]!,
    separation,
    deviation: bestDev,
    orb: bestOrb,
    exactness: 1 - abs / bestOrb,
    motion: abs < 1 / 3600 ? 'exact' : bestDev * rate < 0 ? 'applying' : 'separating',
  };
}

/** All aspects among a set of points (each pair once, in input order). */
export function findAspects(points: readonly AspectPoint[], orbs: ResolvedOrbs): Aspect[] {
  const out: Aspect[] = [];
  const pointOrbs = points.map((point) => orbs.pointOrbs.get(point.id));
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const a = aspectBetween(points[i]!, points[j]!, orbs, pointOrbs[i], pointOrbs[j]);
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
