// Aspect edge cases: wrap-around at 0°/360°, orb limits, applying and separating.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AspectPoint,
  aspectBetween,
  findAspects,
  findCrossAspects,
  resolveOrbs,
} from '../src/chart/aspects.ts';

const p = (id: string, longitude: number, speed = 0): AspectPoint => ({ id, longitude, speed });
const defaults = resolveOrbs();

describe('aspects', () => {
  it('finds a conjunction across 0° Aries', () => {
    const a = aspectBetween(p('mars', 358), p('venus', 3), defaults)!;
    expect(a.kind).toBe('conjunction');
    expect(a.separation).toBeCloseTo(5, 10);
  });

  it('finds an opposition across the wrap in either order', () => {
    for (const [x, y] of [
      [1, 179],
      [179, 1],
      [359, 181],
      [181, 359],
    ] as const) {
      const a = aspectBetween(p('mars', x), p('saturn', y), defaults)!;
      expect(a.kind).toBe('opposition');
      expect(a.separation).toBeCloseTo(178, 10);
      expect(a.deviation).toBeCloseTo(-2, 10);
    }
  });

  it('measures a square the short way round', () => {
    const a = aspectBetween(p('mars', 350), p('saturn', 80), defaults)!;
    expect(a.kind).toBe('square');
    expect(a.deviation).toBeCloseTo(0, 10);
    expect(a.motion).toBe('exact');
    expect(a.exactness).toBeCloseTo(1, 10);
  });

  it('includes the orb edge and excludes just beyond it', () => {
    const orbs = resolveOrbs({ aspects: { trine: 6 }, points: {} });
    expect(aspectBetween(p('mars', 0), p('saturn', 126), orbs)?.kind).toBe('trine');
    expect(aspectBetween(p('mars', 0), p('saturn', 126.0001), orbs)).toBeUndefined();
    expect(aspectBetween(p('mars', 0), p('saturn', 113.9999), orbs)).toBeUndefined();
  });

  it('uses point orbs where set (the wider of the two), else the aspect orb', () => {
    // Sun: 10° for a conjunction by default; Mars alone would allow 8°.
    expect(aspectBetween(p('sun', 0), p('mars', 9.5), defaults)?.kind).toBe('conjunction');
    expect(aspectBetween(p('jupiter', 0), p('mars', 9.5), defaults)).toBeUndefined();
    const custom = resolveOrbs({ points: { mars: { conjunction: 1 } } });
    expect(aspectBetween(p('jupiter', 0), p('mars', 1.5), custom)).toBeUndefined();
    expect(aspectBetween(p('jupiter', 0), p('mars', 0.5), custom)?.orb).toBe(1);
    expect(aspectBetween(p('jupiter', 0), p('saturn', 1.5), custom)?.orb).toBe(8);
  });

  it('tells applying from separating, also across 0°', () => {
    // Moon behind the Sun and faster: the conjunction is applying.
    expect(aspectBetween(p('sun', 1, 1), p('moon', 357, 13), defaults)!.motion).toBe('applying');
    // Moon ahead and faster: separating.
    expect(aspectBetween(p('sun', 359, 1), p('moon', 3, 13), defaults)!.motion).toBe('separating');
    // A retrograde planet backing towards an exact trine.
    expect(aspectBetween(p('venus', 10), p('saturn', 131, -0.05), defaults)!.motion).toBe('applying');
    // The faster Sun at 0° leaves Mars at 177° further behind (separation falls from 177°) ...
    expect(aspectBetween(p('sun', 0, 1), p('mars', 177, 0.5), defaults)!.motion).toBe('separating');
    // ... but catches up the 177° that Mars at 183° lies ahead the other way (separation rises to 180°).
    expect(aspectBetween(p('sun', 0, 1), p('mars', 183, 0.5), defaults)!.motion).toBe('applying');
  });

  it('picks the closest kind when two orbs overlap', () => {
    const orbs = resolveOrbs({ aspects: { semiSextile: 20, sextile: 20 }, points: {} });
    expect(aspectBetween(p('a', 0), p('b', 50), orbs)!.kind).toBe('sextile');
    expect(aspectBetween(p('a', 0), p('b', 40), orbs)!.kind).toBe('semiSextile');
  });

  it('reports each pair once, and transits by transiting point first', () => {
    const pts = [p('sun', 0), p('moon', 120), p('mars', 240)];
    const found = findAspects(pts, defaults);
    expect(found.map((a) => `${a.a}-${a.b}-${a.kind}`)).toEqual([
      'sun-moon-trine',
      'sun-mars-trine',
      'moon-mars-trine',
    ]);
    const cross = findCrossAspects([p('saturn', 90.5, 0.1)], [p('sun', 0)], defaults);
    expect(cross).toHaveLength(1);
    expect(cross[0]).toMatchObject({ a: 'saturn', b: 'sun', kind: 'square', motion: 'separating' });
  });

  it('is symmetric and shift-invariant (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 360, noNaN: true, maxExcluded: true }),
        fc.double({ min: 0, max: 360, noNaN: true, maxExcluded: true }),
        fc.double({ min: -720, max: 720, noNaN: true }),
        (x, y, shift) => {
          const a = aspectBetween(p('a', x), p('b', y), defaults);
          const b = aspectBetween(p('b', y), p('a', x), defaults);
          const s = aspectBetween(
            p('a', (((x + shift) % 360) + 360) % 360),
            p('b', (((y + shift) % 360) + 360) % 360),
            defaults,
          );
          expect(b?.kind).toBe(a?.kind);
          if (a && s && Math.abs(Math.abs(a.deviation) - a.orb) > 1e-6) expect(s.kind).toBe(a.kind);
          if (a) expect(Math.abs(a.deviation)).toBeLessThanOrEqual(a.orb);
          if (a) expect(a.separation).toBeLessThanOrEqual(180);
        },
      ),
    );
  });

  it('finds the same aspects through the nearest multiple of 30° as by trying every kind (property)', () => {
    const orbs = resolveOrbs();
    expect(orbs.kindAtMultiple).not.toBeNull();
    const everyKind = { ...orbs, kindAtMultiple: null };
    const ids = ['sun', 'moon', 'mercury', 'venus', 'mars', 'ascendant'];
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 360, noNaN: true, maxExcluded: true }), {
          minLength: 6,
          maxLength: 6,
        }),
        fc.array(fc.double({ min: -2, max: 14, noNaN: true }), { minLength: 6, maxLength: 6 }),
        (longitudes, speeds) => {
          const points = ids.map((id, i) => p(id, longitudes[i]!, speeds[i]!));
          expect(findAspects(points, orbs)).toEqual(findAspects(points, everyKind));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('tries every kind when an orb reaches 15° or a kind is no multiple of 30°', () => {
    expect(resolveOrbs({ aspects: { conjunction: 15 } }).kindAtMultiple).toBeNull();
    const wide = resolveOrbs({ aspects: { conjunction: 16 } });
    // 16° apart: a conjunction by the wide orb, though the semi-sextile's multiple is nearer.
    expect(aspectBetween(p('a', 0), p('b', 16), wide)?.kind).toBe('conjunction');
  });
});
