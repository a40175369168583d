// The sidereal zodiac against the Swiss Ephemeris (scripts/generate-sidereal-fixture.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeNatalChart } from '../src/chart/natal-chart.ts';
import { type Ayanamsa, ayanamsaAt, parseZodiac } from '../src/chart/sidereal.ts';
import { SIGNS, signIndexOf } from '../src/chart/zodiac.ts';
import { signedDelta } from '../src/ephemeris/angles.ts';
import type { BodyId } from '../src/ephemeris/body-ids.ts';
import { makeInstant } from '../src/ephemeris/instant.ts';
import { AstroInputError } from '../src/errors.ts';
import { jdToEpochSeconds } from '../src/time/civil.ts';
import { isoUtc } from '../src/time/instant-input.ts';

interface SwissHouses {
  cusps: number[];
  ascendant: number;
  midheaven: number;
  vertex: number;
}
interface SwissSidereal {
  ayanamsa: number;
  bodies: Record<BodyId, { longitude: number; speed: number }>;
  placidus: SwissHouses;
  wholeSign: SwissHouses;
}
interface Fixture {
  cases: ({ jdUt: number; latitude: number; longitude: number } & Record<
    'lahiri' | 'faganBradley',
    SwissSidereal
  >)[];
}

const fixture: Fixture = JSON.parse(
  readFileSync(new URL('./fixtures/swiss-sidereal.json', import.meta.url), 'utf8'),
);
const arcsec = (a: number, b: number) => Math.abs(signedDelta(a, b)) * 3600;
const MODES: [Ayanamsa, 'lahiri' | 'faganBradley'][] = [
  ['lahiri', 'lahiri'],
  ['fagan-bradley', 'faganBradley'],
];
// The tropical limits of accuracy.test.ts, as maxima: the ayanamsa itself adds under 0.01″.
const BODY_LIMIT: Partial<Record<BodyId, number>> = { moon: 1.5, mercury: 2, venus: 2, mars: 2, trueNode: 2 };

describe.each(MODES)('sidereal zodiac, %s', (ayanamsa, key) => {
  it('gives the ayanamsa of the Swiss Ephemeris within 0.01″ from 1900 to 2100', () => {
    const worst = Math.max(
      ...fixture.cases.map((c) => arcsec(ayanamsaAt(ayanamsa, makeInstant(c.jdUt)).value, c[key].ayanamsa)),
    );
    expect(worst).toBeLessThan(0.01);
  });

  const charts = fixture.cases.map((c) => ({
    c,
    placidus: computeNatalChart({
      moment: { utc: isoUtc(jdToEpochSeconds(c.jdUt)) },
      latitude: c.latitude,
      longitude: c.longitude,
      houseSystem: 'P',
      zodiac: { sidereal: ayanamsa },
    }),
  }));

  it('shifts every body to within its tropical accuracy of the sidereal reference', () => {
    for (const { c, placidus } of charts) {
      expect(placidus.ayanamsa).toBeCloseTo(c[key].ayanamsa, 3);
      for (const b of placidus.bodies) {
        const ref = c[key].bodies[b.body];
        expect(arcsec(b.longitude, ref.longitude), `${b.body} at ${c.jdUt}`).toBeLessThan(
          BODY_LIMIT[b.body] ?? 1,
        );
        expect(Math.abs(b.speed - ref.speed), `${b.body} speed`).toBeLessThan(0.001);
        expect(SIGNS.indexOf(b.sign), `${b.body} sign`).toBe(signIndexOf(ref.longitude));
      }
    }
  });

  it('shifts the angles and Placidus cusps, and starts whole signs at the sidereal rising sign', () => {
    // As for tropical charts (accuracy.test.ts): a small fraction of an arcsecond.
    const errors: number[] = [];
    for (const { c, placidus } of charts) {
      const ref = c[key].placidus;
      const a = placidus.angles!;
      errors.push(arcsec(a.ascendant, ref.ascendant), arcsec(a.midheaven, ref.midheaven));
      errors.push(arcsec(a.vertex, ref.vertex));
      placidus.houses!.cusps.forEach((cusp, i) => {
        errors.push(arcsec(cusp, ref.cusps[i]!));
      });
      const whole = computeNatalChart({
        moment: { utc: placidus.moment.utc },
        latitude: c.latitude,
        longitude: c.longitude,
        houseSystem: 'W',
        zodiac: ayanamsa,
      });
      expect(whole.houses!.cusps).toEqual(c[key].wholeSign.cusps.map((x) => x % 360));
    }
    expect(Math.max(...errors)).toBeLessThan(0.2);
  });
});

describe('zodiac option', () => {
  it('keeps tropical charts unchanged and labels the zodiac', () => {
    const input = { moment: { utc: '1990-04-21T12:30:00Z' }, latitude: 59.9139, longitude: 10.7522 };
    const tropical = computeNatalChart(input);
    const lahiri = computeNatalChart({ ...input, zodiac: 'lahiri' });
    expect(tropical.zodiac).toBe('tropical');
    expect(tropical.ayanamsa).toBeNull();
    expect(tropical.bodies[0]!.sign).toBe('taurus');
    expect(lahiri.zodiac).toEqual({ sidereal: 'lahiri' });
    // The Sun at 1° Taurus tropical is at 7° Aries sidereal (ayanamsa about 23.7°).
    expect(lahiri.bodies[0]!.sign).toBe('aries');
    expect(lahiri.bodies[0]!.signDegree).toBeCloseTo(
      tropical.bodies[0]!.signDegree + 30 - lahiri.ayanamsa!,
      6,
    );
    // Houses hold the same bodies: the zodiac moves, the sky does not.
    expect(lahiri.bodies.map((b) => b.house)).toEqual(tropical.bodies.map((b) => b.house));
    expect(lahiri.aspects.map((a) => `${a.a}-${a.kind}-${a.b}`)).toEqual(
      tropical.aspects.map((a) => `${a.a}-${a.kind}-${a.b}`),
    );
  });

  it('reads zodiac names and rejects unknown ones', () => {
    expect(parseZodiac(undefined)).toBe('tropical');
    expect(parseZodiac('Fagan/Bradley')).toEqual({ sidereal: 'fagan-bradley' });
    expect(parseZodiac('sidereal-lahiri')).toEqual({ sidereal: 'lahiri' });
    expect(() => parseZodiac('raman')).toThrow(AstroInputError);
    expect(() => parseZodiac({ sidereal: 'raman' as Ayanamsa })).toThrow(/Unknown ayanamsa/);
  });
});
