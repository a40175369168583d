// The chart entry point: moments, chart facts, unknown birth time and bad input.
import { describe, expect, it } from 'vitest';
import { computeNatalChart, moonPhaseOf } from '../src/chart/natal-chart.ts';
import { dignitiesOf, elementOf, modalityOf, rulerOf, signOf } from '../src/chart/zodiac.ts';
import { AstroInputError } from '../src/errors.ts';
import { LocalTimeError } from '../src/time/zones.ts';

const oslo = { latitude: 59.9139, longitude: 10.7522 };

describe('computeNatalChart', () => {
  it('reads a local time at a zone and a UT instant alike', () => {
    const local = computeNatalChart({ moment: { local: '1990-04-21T14:30', zone: 'Europe/Oslo' }, ...oslo });
    const utc = computeNatalChart({ moment: { utc: '1990-04-21T12:30:00Z' }, ...oslo });
    expect(local.moment.utc).toBe('1990-04-21T12:30:00.000Z');
    expect(local.moment.zoneAbbreviation).toBe('CEST');
    expect(local.moment.utcOffsetSeconds).toBe(7200);
    expect(local.bodies.map((b) => b.longitude)).toEqual(utc.bodies.map((b) => b.longitude));
    expect(local.houses!.cusps).toEqual(utc.houses!.cusps);
  });

  it('gives every body a sign, a degree within it and a house, and the facts that follow', () => {
    const chart = computeNatalChart({
      moment: { utc: '1990-04-21T12:30:00Z' },
      ...oslo,
      houseSystem: 'placidus',
    });
    expect(chart.bodies).toHaveLength(13);
    for (const b of chart.bodies) {
      expect(b.sign).toBe(signOf(b.longitude));
      expect(b.signDegree).toBeGreaterThanOrEqual(0);
      expect(b.signDegree).toBeLessThan(30);
      expect(b.house).toBeGreaterThanOrEqual(1);
      expect(b.house).toBeLessThanOrEqual(12);
    }
    const e = chart.elements;
    expect(e.fire + e.earth + e.air + e.water).toBe(10);
    const m = chart.modalities;
    expect(m.cardinal + m.fixed + m.mutable).toBe(10);
    expect(chart.angles!.ascendantSign).toBe(signOf(chart.angles!.ascendant));
    expect(chart.chartRuler).toEqual(rulerOf(chart.angles!.ascendantSign));
    expect(chart.houses!.cusps[0]).toBeCloseTo(chart.angles!.ascendant, 9);
    expect(chart.aspects.some((a) => a.a === 'meanNode' && a.b === 'trueNode')).toBe(false);
    expect(chart.aspects.some((a) => a.b === 'ascendant')).toBe(true);
    // Saturn in Capricorn, Pluto in Scorpio on that day: both at home.
    expect(chart.bodies.find((b) => b.body === 'saturn')!.dignities).toEqual(['domicile']);
    expect(chart.bodies.find((b) => b.body === 'pluto')!.dignities).toEqual(['domicile']);
  });

  it('names the phase of the Moon (full Moon of 25 March 2024, 07:00 UT)', () => {
    const chart = computeNatalChart({ moment: { utc: '2024-03-25T07:00:00Z' }, ...oslo });
    expect(chart.moonPhase!.name).toBe('full');
    expect(chart.moonPhase!.illumination).toBeGreaterThan(0.999);
    expect(moonPhaseOf(10, 100).name).toBe('first-quarter');
    expect(moonPhaseOf(350, 5).name).toBe('new');
    expect(moonPhaseOf(0, 300).waxing).toBe(false);
  });

  it('leaves out houses and angles when the birth time is unknown, and says why', () => {
    const chart = computeNatalChart({
      moment: { local: '1990-04-21T12:00', zone: 'Europe/Oslo' },
      ...oslo,
      options: { timeKnown: false },
    });
    expect(chart.houses).toBeNull();
    expect(chart.angles).toBeNull();
    expect(chart.chartRuler).toBeNull();
    expect(chart.bodies.every((b) => b.house === null)).toBe(true);
    expect(chart.housesOmittedReason).toMatch(/birth time is unknown/);
    expect(chart.aspects.some((a) => a.b === 'ascendant' || a.b === 'midheaven')).toBe(false);
  });

  it('accepts each house system by name or letter', () => {
    for (const [code, name] of [
      ['P', 'placidus'],
      ['K', 'koch'],
      ['W', 'whole-sign'],
      ['E', 'equal'],
      ['O', 'porphyry'],
      ['R', 'regiomontanus'],
      ['C', 'campanus'],
    ] as const) {
      const byCode = computeNatalChart({
        moment: { utc: '2000-01-01T00:00:00Z' },
        ...oslo,
        houseSystem: code,
      });
      const byName = computeNatalChart({
        moment: { utc: '2000-01-01T00:00:00Z' },
        ...oslo,
        houseSystem: name,
      });
      expect(byCode.houses!.system).toBe(name);
      expect(byName.houses!.cusps).toEqual(byCode.houses!.cusps);
    }
  });

  it('rejects bad input with a clear error', () => {
    const base = { moment: { utc: '2000-01-01T00:00:00Z' }, ...oslo };
    expect(() => computeNatalChart({ ...base, latitude: 91 })).toThrow(/Latitude/);
    expect(() => computeNatalChart({ ...base, longitude: Number.NaN })).toThrow(/Longitude/);
    expect(() => computeNatalChart({ ...base, houseSystem: 'X' })).toThrow(/Unknown house system/);
    expect(() => computeNatalChart({ ...base, moment: { utc: '2000-01-01T00:00:00' } })).toThrow(
      /zone designator/,
    );
    expect(() => computeNatalChart({ ...base, moment: { local: '2000-02-30T10:00', zone: 'UTC' } })).toThrow(
      AstroInputError,
    );
    expect(() =>
      computeNatalChart({ ...base, moment: { local: '2000-01-01T10:00', zone: 'Atlantis/Capital' } }),
    ).toThrow(/Unknown time zone/);
  });

  it('reports a skipped local time with its choices, and takes a choice when told', () => {
    const input = {
      moment: { local: '2024-03-31T02:30', zone: 'Europe/Berlin' },
      latitude: 52.52,
      longitude: 13.4,
    };
    try {
      computeNatalChart(input);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(LocalTimeError);
      const r = (e as LocalTimeError).resolution;
      expect(r.status).toBe('skipped');
      expect(r.choices.map((c) => c.localTime)).toEqual(['2024-03-31T01:30:00', '2024-03-31T03:30:00']);
    }
    const later = computeNatalChart({ ...input, moment: { ...input.moment, disambiguation: 'later' } });
    expect(later.moment.utc).toBe('2024-03-31T01:30:00.000Z');
  });
});

describe('zodiac facts', () => {
  it('knows the essential dignities', () => {
    expect(dignitiesOf('sun', 'leo')).toEqual(['domicile']);
    expect(dignitiesOf('sun', 'aquarius')).toEqual(['detriment']);
    expect(dignitiesOf('moon', 'scorpio')).toEqual(['fall']);
    expect(dignitiesOf('mercury', 'virgo')).toEqual(['domicile', 'exaltation']);
    expect(dignitiesOf('mercury', 'pisces')).toEqual(['detriment', 'fall']);
    expect(dignitiesOf('venus', 'virgo')).toEqual(['fall']);
    expect(dignitiesOf('mars', 'libra')).toEqual(['detriment']);
    expect(dignitiesOf('saturn', 'aries')).toEqual(['fall']);
    expect(dignitiesOf('trueNode', 'aries')).toEqual([]);
  });

  it('knows elements, modalities and rulers', () => {
    expect(elementOf('aries')).toBe('fire');
    expect(elementOf('pisces')).toBe('water');
    expect(modalityOf('leo')).toBe('fixed');
    expect(modalityOf('sagittarius')).toBe('mutable');
    expect(rulerOf('scorpio')).toEqual({ modern: 'pluto', traditional: 'mars' });
    expect(signOf(359.9999999)).toBe('pisces');
    expect(signOf(0)).toBe('aries');
  });
});
