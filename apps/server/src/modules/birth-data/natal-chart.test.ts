import { beforeAll, describe, expect, it } from 'vitest';
import { base, expectError, useBirthDataApp } from './testing/birth-data-app.ts';

// The natal chart computed from the saved birth data.

const birth = useBirthDataApp();
const { save, chart, paidUser, withPlace } = birth;

describe('the natal chart', () => {
  let token: string;
  beforeAll(async () => {
    token = await paidUser();
    await save(token, withPlace());
  });

  it('answers bodies, angles, cusps, aspects and chart facts (Placidus by default)', async () => {
    const response = await chart(token);
    expect(response.statusCode, response.body).toBe(200);
    const natal = response.json().chart;
    expect(natal.houseSystem).toEqual({ requested: 'P', used: 'P' });
    expect(natal.bodies).toHaveLength(13);
    const sun = natal.bodies.find((b: { id: string }) => b.id === 'sun');
    // 21 April 1990 18:30 UT: the Sun at 1°Taurus.
    expect(sun).toMatchObject({ sign: 'taurus', degree: 1, retrograde: false });
    expect(sun.minute).toBeGreaterThanOrEqual(0);
    expect(sun.house).toBeGreaterThanOrEqual(1);
    expect(natal.cusps).toHaveLength(12);
    expect(natal.cusps[0].longitude).toBeCloseTo(natal.angles.ascendant.longitude, 6);
    expect(natal.cusps[9].longitude).toBeCloseTo(natal.angles.midheaven.longitude, 6);
    expect(natal.aspects.length).toBeGreaterThan(5);
    const counts = Object.values(natal.elements as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(counts).toBe(10);
    expect(natal.chartRuler).not.toBeNull();
    expect(natal.moonPhase.name).toMatch(/crescent|gibbous|quarter|new|full/);
    expect(natal.moment).toMatchObject({
      timeZone: 'America/New_York',
      zoneAbbreviation: 'EDT',
      utcOffsetSeconds: -14_400,
    });
  });

  it('uses the house system asked for: cusps differ, angles do not', async () => {
    const placidus = (await chart(token, '?houseSystem=P')).json().chart;
    const whole = (await chart(token, '?houseSystem=W')).json().chart;
    expect(whole.houseSystem).toEqual({ requested: 'W', used: 'W' });
    expect(
      whole.cusps.every((c: { degree: number; minute: number }) => c.degree === 0 && c.minute === 0),
    ).toBe(true);
    expect(whole.cusps[1].longitude).not.toBeCloseTo(placidus.cusps[1].longitude, 1);
    expect(whole.angles).toEqual(placidus.angles);
  });

  it('falls back to Porphyry beyond the polar circle and says so', async () => {
    const polar = await paidUser();
    await save(polar, {
      ...base,
      city: 'Longyearbyen',
      country: 'Norway',
      latitude: 78.22,
      longitude: 15.65,
      timeZone: 'Arctic/Longyearbyen',
      date: '1990-06-21',
      time: '12:00',
    });
    const natal = (await chart(polar, '?houseSystem=K')).json().chart;
    expect(natal.houseSystem).toEqual({ requested: 'K', used: 'O' });
    expect(natal.notes.length).toBeGreaterThan(0);
  });

  it('refuses an unknown house system and unknown query parameters', async () => {
    const body = expectError(await chart(token, '?houseSystem=X'), 422, 'VALIDATION_FAILED');
    expect(body.error).toMatch(/houseSystem must be one of P, K, W, E, O, R, C/);
    expectError(await chart(token, '?houseSystem=P&user=someone'), 422, 'VALIDATION_FAILED');
  });
});
