import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../testing/harness.ts';
import { useBirthDataApp } from './testing/birth-data-app.ts';

// GET /api/chart/natal?zodiac=…: the tropical chart by default, a sidereal one on request, against
// the real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

const birth = useBirthDataApp();
let token: string;

beforeAll(async () => {
  token = await birth.paidUser();
  const saved = await birth.save(token, birth.withPlace());
  expect(saved.statusCode, saved.body).toBe(201);
});

const chart = (query = '') => birth.chart(token, query);

describe('the natal chart in a chosen zodiac', () => {
  it('is tropical unless asked otherwise', async () => {
    const natal = (await chart()).json().chart;
    expect(natal.zodiac).toEqual({ id: 'tropical', ayanamsa: null });
  });

  it('subtracts the Lahiri or Fagan-Bradley ayanamsa from bodies, angles and cusps', async () => {
    const tropical = (await chart('?houseSystem=P')).json().chart;
    for (const [id, near] of [
      ['lahiri', 23.72],
      ['fagan-bradley', 24.6],
    ] as const) {
      const response = await chart(`?houseSystem=P&zodiac=${id}`);
      expect(response.statusCode, response.body).toBe(200);
      const sidereal = response.json().chart;
      expect(sidereal.zodiac.id).toBe(id);
      expect(sidereal.zodiac.ayanamsa).toBeCloseTo(near, 1);
      const shift = (a: number, b: number) => (((a - b) % 360) + 360) % 360;
      sidereal.bodies.forEach((body: { longitude: number; house: number }, i: number) => {
        expect(shift(tropical.bodies[i].longitude, body.longitude)).toBeCloseTo(sidereal.zodiac.ayanamsa, 6);
        // The houses hold the same bodies: only the zodiac moved.
        expect(body.house).toBe(tropical.bodies[i].house);
      });
      expect(shift(tropical.angles.ascendant.longitude, sidereal.angles.ascendant.longitude)).toBeCloseTo(
        sidereal.zodiac.ayanamsa,
        6,
      );
      expect(shift(tropical.cusps[4].longitude, sidereal.cusps[4].longitude)).toBeCloseTo(
        sidereal.zodiac.ayanamsa,
        6,
      );
    }
    // 1°Taurus tropical is in Aries sidereally.
    const lahiri = (await chart('?zodiac=lahiri')).json().chart;
    expect(lahiri.bodies[0]).toMatchObject({ id: 'sun', sign: 'aries', degree: 7 });
  });

  it('starts sidereal whole-sign houses at 0° of the sidereal rising sign', async () => {
    const whole = (await chart('?houseSystem=W&zodiac=lahiri')).json().chart;
    expect(whole.cusps[0].sign).toBe(whole.angles.ascendant.sign);
    expect(
      whole.cusps.every((c: { degree: number; minute: number }) => c.degree === 0 && c.minute === 0),
    ).toBe(true);
  });

  it('refuses an unknown zodiac with 422', async () => {
    const response = await chart('?zodiac=raman');
    const error = errorOf(response);
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    expect(error.error).toMatch(/zodiac must be one of tropical, lahiri, fagan-bradley/);
  });
});
