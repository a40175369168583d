// Two charts compared, checked against an independent computation from the Swiss Ephemeris
// reference positions of both births: the inter-aspects and their orbs, the composite midpoints
// and angles, and the houses each one's bodies fall in.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveOrbs } from '../src/chart/aspects.ts';
import { computeNatalChart } from '../src/chart/natal-chart.ts';
import {
  compositeChart,
  houseOverlay,
  interAspects,
  midpoint,
  SYNASTRY_KINDS,
  SYNASTRY_ORBS,
} from '../src/chart/synastry.ts';
import { DEG, norm360, RAD, signedDelta } from '../src/ephemeris/angles.ts';
import { BODY_IDS } from '../src/ephemeris/body-ids.ts';

interface Case {
  jdUt: number;
  latitude: number;
  longitude: number;
  bodies: Record<string, { longitude: number }>;
  houses: Record<'P', { cusps: number[]; ascendant: number; midheaven: number }>;
}
const fixture: { cases: Case[] } = JSON.parse(
  readFileSync(new URL('./fixtures/swiss-reference.json', import.meta.url), 'utf8'),
);
const ARCMIN = 1 / 60;
const BODIES: string[] = BODY_IDS.filter((id) => id !== 'meanNode' && id !== 'lilith');
const ANGLE_OF = { conjunction: 0, sextile: 60, square: 90, trine: 120, opposition: 180 } as const;

const chartOf = (c: Case, timeKnown = true) =>
  computeNatalChart({
    moment: { utc: new Date(Math.round((c.jdUt - 2440587.5) * 86_400_000)).toISOString() },
    latitude: c.latitude,
    longitude: c.longitude,
    options: { timeKnown },
  });

/** The reference positions of one birth, with its angles when the time is known. */
function referencePoints(c: Case, withAngles: boolean): [string, number][] {
  const points: [string, number][] = BODIES.map((b) => [b, c.bodies[b]!.longitude]);
  if (withAngles) points.push(['ascendant', c.houses.P.ascendant], ['midheaven', c.houses.P.midheaven]);
  return points;
}

/** Inter-aspects from the reference positions, written out from the definition. */
function referenceAspects(x: Case, y: Case, withAngles: boolean) {
  const orbs = resolveOrbs(SYNASTRY_ORBS);
  const out: { a: string; b: string; kind: string; orb: number; margin: number }[] = [];
  for (const [a, la] of referencePoints(x, withAngles)) {
    for (const [b, lb] of referencePoints(y, withAngles)) {
      const separation = Math.abs(signedDelta(lb, la));
      let best: { kind: string; orb: number; margin: number } | undefined;
      for (const kind of SYNASTRY_KINDS) {
        const k = orbs.kinds.indexOf(kind);
        // A point's own orb where either has one (the larger), else the aspect's.
        const own = [orbs.pointOrbs.get(a)?.[k], orbs.pointOrbs.get(b)?.[k]].filter(
          (o): o is number => o !== undefined && !Number.isNaN(o),
        );
        const limit = own.length > 0 ? Math.max(...own) : orbs.aspectOrbs[k]!;
        const orb = Math.abs(separation - ANGLE_OF[kind as keyof typeof ANGLE_OF]);
        if (orb <= limit && (!best || orb < best.orb)) best = { kind, orb, margin: limit - orb };
      }
      if (best) out.push({ a, b, ...best });
    }
  }
  return out;
}

const PAIRS = Array.from(
  { length: 40 },
  (_, i) => [fixture.cases[2 * i]!, fixture.cases[2 * i + 1]!] as const,
);

describe('two charts compared, against the Swiss reference positions', () => {
  it.each(PAIRS.map((p, i) => [i, p] as const))(
    'pair %i: the same inter-aspects, orbs within 1′',
    (_i, [x, y]) => {
      const ours = interAspects(chartOf(x), chartOf(y));
      // Contacts within an arcminute of their orb's edge may fall either side; all others must match.
      const reference = referenceAspects(x, y, true).filter((r) => r.margin > ARCMIN);
      for (const r of reference) {
        const found = ours.find((o) => o.a === r.a && o.b === r.b);
        expect(found, `${r.a}–${r.b} ${r.kind}`).toBeDefined();
        expect(found!.kind).toBe(r.kind);
        expect(Math.abs(found!.orb - r.orb)).toBeLessThan(ARCMIN);
      }
      const marginal = referenceAspects(x, y, true).filter((r) => r.margin <= ARCMIN).length;
      expect(ours.length).toBeGreaterThanOrEqual(reference.length);
      expect(ours.length).toBeLessThanOrEqual(reference.length + marginal);
      expect(ours.map((o) => o.orb)).toEqual([...ours.map((o) => o.orb)].sort((a, b) => a - b));
    },
  );

  it('leaves the angles out when either birth time is unknown', () => {
    const [x, y] = PAIRS[0]!;
    const ours = interAspects(chartOf(x), chartOf(y, false));
    expect(ours.some((o) => /ascendant|midheaven/.test(o.a) || /ascendant|midheaven/.test(o.b))).toBe(false);
    const reference = referenceAspects(x, y, false).filter((r) => r.margin > ARCMIN);
    expect(ours.length).toBeGreaterThanOrEqual(reference.length);
  });

  it.each(PAIRS.slice(0, 20).map((p, i) => [i, p] as const))(
    'pair %i: composite bodies at the midpoints and the composite Midheaven and Ascendant, within 1′',
    (_i, [x, y]) => {
      const first = chartOf(x);
      const second = chartOf(y);
      const composite = compositeChart(first, second);
      for (const body of BODIES) {
        const a = x.bodies[body]!.longitude;
        const b = y.bodies[body]!.longitude;
        // The midpoint on the shorter arc, computed with vectors rather than angle arithmetic.
        const expected = norm360(
          Math.atan2(Math.sin(a * DEG) + Math.sin(b * DEG), Math.cos(a * DEG) + Math.cos(b * DEG)) * RAD,
        );
        const got = composite.bodies.find((c) => c.body === body)!.longitude;
        expect(Math.abs(signedDelta(got, expected)), body).toBeLessThan(ARCMIN);
      }
      const mc = midpoint(x.houses.P.midheaven, y.houses.P.midheaven);
      expect(Math.abs(signedDelta(composite.angles!.midheaven, mc))).toBeLessThan(ARCMIN);
      // The Ascendant of the sidereal angle that culminates the composite MC, by the textbook formula.
      const eps = ((first.obliquity + second.obliquity) / 2) * DEG;
      const phi = ((x.latitude + y.latitude) / 2) * DEG;
      const ramc = Math.atan2(Math.sin(mc * DEG) * Math.cos(eps), Math.cos(mc * DEG));
      const asc = norm360(
        Math.atan2(Math.cos(ramc), -(Math.sin(ramc) * Math.cos(eps) + Math.tan(phi) * Math.sin(eps))) * RAD,
      );
      expect(Math.abs(signedDelta(composite.angles!.ascendant, asc))).toBeLessThan(ARCMIN);
      expect(composite.cusps![0]).toBeCloseTo(composite.angles!.ascendant, 6);
      expect(composite.cusps![9]).toBeCloseTo(composite.angles!.midheaven, 6);
    },
  );

  it('lists the major aspects among the composite points, each with its true orb', () => {
    const [x, y] = PAIRS[2]!;
    const composite = compositeChart(chartOf(x), chartOf(y));
    const at = new Map([
      ...composite.bodies.map((b) => [b.body, b.longitude] as const),
      ['ascendant', composite.angles!.ascendant] as const,
      ['midheaven', composite.angles!.midheaven] as const,
    ]);
    expect(composite.aspects.length).toBeGreaterThan(3);
    for (const aspect of composite.aspects) {
      expect(SYNASTRY_KINDS).toContain(aspect.kind);
      const separation = Math.abs(signedDelta(at.get(aspect.b)!, at.get(aspect.a)!));
      expect(Math.abs(separation - ANGLE_OF[aspect.kind as keyof typeof ANGLE_OF])).toBeCloseTo(
        Math.abs(aspect.deviation),
        9,
      );
    }
  });

  it('has no composite angles or houses unless both times are known', () => {
    const [x, y] = PAIRS[1]!;
    const composite = compositeChart(chartOf(x, false), chartOf(y));
    expect(composite.angles).toBeNull();
    expect(composite.cusps).toBeNull();
    expect(composite.bodies.every((b) => b.house === null)).toBe(true);
  });

  it.each(PAIRS.slice(0, 20).map((p, i) => [i, p] as const))(
    "pair %i: each body falls in the other's house whose cusps surround it",
    (_i, [x, y]) => {
      const overlay = houseOverlay(chartOf(x), chartOf(y));
      expect(overlay.map((o) => o.body)).toEqual(BODIES);
      const cusps = y.houses.P.cusps;
      for (const { body, house } of overlay) {
        const lon = x.bodies[body]!.longitude;
        const from = cusps[house - 1]!;
        const to = cusps[house % 12]!;
        // Allow an arcminute at a cusp, where the reference and ours may disagree on the side.
        const inside = norm360(lon - from) < norm360(to - from);
        const nearCusp = Math.min(Math.abs(signedDelta(lon, from)), Math.abs(signedDelta(lon, to))) < ARCMIN;
        expect(inside || nearCusp, `${body} in house ${house}`).toBe(true);
      }
      expect(houseOverlay(chartOf(x), chartOf(y, false))).toEqual([]);
    },
  );
});
