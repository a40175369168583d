// Transits: aspects to a natal chart and the search for orb entry, exactness and exit.
import { describe, expect, it } from 'vitest';
import { computeNatalChart } from '../src/chart/natal-chart.ts';
import { signedDelta } from '../src/ephemeris/angles.ts';
import { positionsAt, searchTransit, transitAspects } from '../src/transits/transits.ts';

describe('transits', () => {
  it('finds the Sun reaching 0° Aries at the March equinox of 2024 (03:06 UT), to the minute', () => {
    const windows = searchTransit({
      body: 'sun',
      point: { id: 'aries-point', longitude: 0 },
      kind: 'conjunction',
      orb: 1,
      from: { utc: '2024-03-01T00:00:00Z' },
      to: { utc: '2024-04-10T00:00:00Z' },
    });
    expect(windows).toHaveLength(1);
    const w = windows[0]!;
    expect(w.exact).toHaveLength(1);
    const exact = Date.parse(w.exact[0]!.utc);
    expect(Math.abs(exact - Date.parse('2024-03-20T03:06:00Z'))).toBeLessThanOrEqual(60_000);
    // The Sun moves about a degree a day: in orb about a day either side.
    const enters = Date.parse(w.enters!.utc);
    const leaves = Date.parse(w.leaves!.utc);
    expect((exact - enters) / 86400000).toBeCloseTo(1.01, 1);
    expect((leaves - exact) / 86400000).toBeCloseTo(1.01, 1);
    expect(Math.abs(signedDelta(w.enters!.longitude, 359))).toBeLessThan(0.001);
  });

  it('follows a retrograde loop: Mercury over 27° Aries in spring 2024', () => {
    const windows = searchTransit({
      body: 'mercury',
      point: { id: 'natal', longitude: 27 },
      kind: 'conjunction',
      orb: 1,
      from: { utc: '2024-03-01T00:00:00Z' },
      to: { utc: '2024-06-01T00:00:00Z' },
    });
    // Direct pass and station inside the orb (station at 27°13′ Aries), then the later direct pass.
    const exacts = windows.flatMap((w) => w.exact);
    expect(exacts.length).toBe(3);
    for (const e of exacts) {
      const lon = positionsAt({ utc: e.utc }, ['mercury'])[0]!.longitude;
      expect(Math.abs(signedDelta(lon, 27))).toBeLessThan(0.01);
    }
    for (const w of windows) {
      if (w.enters && w.leaves) expect(w.leaves.jdUt).toBeGreaterThan(w.enters.jdUt);
    }
  });

  it('searches both sides of a square and reports windows open at the ends', () => {
    const windows = searchTransit({
      body: 'moon',
      point: { id: 'natal-sun', longitude: 31.1 },
      kind: 'square',
      orb: 2,
      from: { utc: '2024-01-01T00:00:00Z' },
      to: { utc: '2024-02-01T00:00:00Z' },
    });
    expect(windows).toHaveLength(2);
    expect(new Set(windows.map((w) => Math.round(w.exactLongitude)))).toEqual(new Set([121, 301]));
    const open = searchTransit({
      body: 'moon',
      point: { id: 'natal-sun', longitude: 31.1 },
      kind: 'square',
      orb: 2,
      from: { utc: windows[0]!.exact[0]!.utc },
      to: { utc: windows[0]!.leaves!.utc },
    });
    expect(open[0]!.enters).toBeNull();
  });

  it('lists aspects from transiting bodies to natal points', () => {
    const natal = computeNatalChart({
      moment: { utc: '1990-04-21T12:30:00Z' },
      latitude: 59.91,
      longitude: 10.75,
    });
    // A year later to the hour the Sun is back on its natal place.
    const aspects = transitAspects(natal, { utc: '1991-04-21T18:30:00Z' });
    const sunReturn = aspects.find((a) => a.a === 'sun' && a.b === 'sun');
    expect(sunReturn?.kind).toBe('conjunction');
    expect(Math.abs(sunReturn!.deviation)).toBeLessThan(0.5);
    expect(aspects.every((a) => Math.abs(a.deviation) <= a.orb)).toBe(true);
  });

  it('rejects an empty range and silly orbs', () => {
    const base = {
      body: 'sun' as const,
      point: { id: 'x', longitude: 0 },
      kind: 'conjunction' as const,
      from: { utc: '2024-01-01T00:00:00Z' },
      to: { utc: '2024-02-01T00:00:00Z' },
    };
    expect(() => searchTransit({ ...base, to: base.from })).toThrow(/end after/);
    expect(() => searchTransit({ ...base, orb: 0 })).toThrow(/orb/);
  });
});
