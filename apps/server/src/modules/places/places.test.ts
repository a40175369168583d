import { canonicalZoneName } from '@app/astro/time/zones';
import { PlacesResultSchema } from '@app/contracts/places.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestApp, testRateLimit } from '../../testing/harness.ts';
import { createPlacesService, getSharedAtlas } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const places = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return PlacesResultSchema.parse(response.json()).places;
};

describe('GET /api/places', () => {
  it('answers without login, best match first, with region, country and zone', async () => {
    const response = await get('/api/places?q=Sao%20Paulo');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    // Other São Paulos (São Paulo de Olivença...) follow the city.
    expect(body.places.length).toBeGreaterThan(2);
    expect(body.places[0]).toEqual({
      id: 3448439,
      name: 'São Paulo',
      region: 'São Paulo',
      country: 'Brazil',
      countryCode: 'BR',
      lat: expect.closeTo(-23.5475, 3),
      lon: expect.closeTo(-46.63611, 3),
      population: expect.any(Number),
      timeZone: 'America/Sao_Paulo',
    });
  });

  it('folds accents and case and finds alternate names', async () => {
    expect((await places('/api/places?q=zurich&limit=1'))[0]?.name).toBe('Zürich');
    expect((await places('/api/places?q=MUNCHEN&limit=1'))[0]).toMatchObject({
      name: 'Munich',
      countryCode: 'DE',
    });
    expect((await places('/api/places?q=reykjavik&limit=1'))[0]).toMatchObject({
      name: 'Reykjavík',
      timeZone: 'Atlantic/Reykjavik',
    });
    expect((await places('/api/places?q=oslo&limit=1'))[0]?.timeZone).toBe('Europe/Oslo');
  });

  it('filters by country and honours the limit', async () => {
    const found = await places('/api/places?q=Springfield&country=us&limit=20');
    expect(found).toHaveLength(20);
    expect(found.every((p) => p.countryCode === 'US')).toBe(true);
    expect(new Set(found.filter((p) => p.name === 'Springfield').map((p) => p.region)).size).toBeGreaterThan(
      10,
    );
    expect(await places('/api/places?q=Paris&country=NO')).toEqual([]);
    expect(await places('/api/places?q=xqzvw')).toEqual([]);
    expect(await places('/api/places?q=a&limit=3')).toHaveLength(3);
  });

  it.each([
    ['/api/places', 'q', 'Please type the start of a place name.'],
    ['/api/places?q=', 'q', 'Please type the start of a place name.'],
    ['/api/places?q=%20%20', 'q', 'Please type the start of a place name.'],
    [`/api/places?q=${'a'.repeat(101)}`, 'q', 'A place name search can be at most 100 characters.'],
    ['/api/places?q=Oslo&country=NOR', 'country', 'Country must be a two-letter ISO code, such as US or NO.'],
    ['/api/places?q=Oslo&country=1A', 'country', 'Country must be a two-letter ISO code, such as US or NO.'],
    ['/api/places?q=Oslo&limit=0', 'limit', 'Limit must be a whole number from 1 to 20.'],
    ['/api/places?q=Oslo&limit=21', 'limit', 'Limit must be a whole number from 1 to 20.'],
    ['/api/places?q=Oslo&limit=2.5', 'limit', 'Limit must be a whole number from 1 to 20.'],
    ['/api/places?q=Oslo&limit=ten', 'limit', 'Limit must be a whole number from 1 to 20.'],
    ['/api/places?q=Oslo&sort=name', 'query', 'Unknown query parameter: sort.'],
  ])('%s -> 400 with a clear message', async (url, path, message) => {
    const response = await get(url);
    expect(errorOf(response)).toEqual({ status: 400, code: 'BAD_REQUEST', error: message });
    expect(response.json().details).toContainEqual({ path, message });
  });

  it('accepts a query of exactly 100 characters', async () => {
    expect(await places(`/api/places?q=${'a'.repeat(100)}`)).toEqual([]);
  });
});

describe('GET /api/places/:id', () => {
  it('answers one place by id, 404 for an unknown id and 400 for a malformed one', async () => {
    const response = await get('/api/places/3143244');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      place: expect.objectContaining({
        id: 3143244,
        name: 'Oslo',
        countryCode: 'NO',
        timeZone: 'Europe/Oslo',
      }),
    });
    expect(errorOf(await get('/api/places/42'))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      error: 'This place is not in the atlas.',
    });
    for (const bad of ['oslo', '-3', '1.5', '99999999999']) {
      expect(errorOf(await get(`/api/places/${bad}`))).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        error: 'A place id is a positive whole number.',
      });
    }
  });
});

describe('GET /api/places rate limit', () => {
  it('counts place searches like every other request', async () => {
    const limited = await createTestApp({
      config: { rateLimit: testRateLimit({ apiPerIp: { max: 3, windowMs: 60_000 } }) },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await limited.app.inject({ url: '/api/places?q=Oslo' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('places service', () => {
  it('looks a place up by id and loads the atlas once', () => {
    const service = createPlacesService();
    service.load();
    const oslo = service.getById(3143244);
    expect(oslo).toMatchObject({ name: 'Oslo', countryCode: 'NO', region: 'Oslo', timeZone: 'Europe/Oslo' });
    expect(service.getById(42)).toBeUndefined();
    expect(service.search({ q: 'Oslo', limit: 1 })).toEqual([oslo]);
  });
});

describe('atlas zones and the chart library', () => {
  it('uses only zones whose history the chart library carries', () => {
    // Birth data turns local time into UT with these zones: none may be missing.
    const zones = getSharedAtlas().timeZones();
    expect(zones.length).toBeGreaterThan(300);
    expect(zones.filter((zone) => canonicalZoneName(zone) === undefined)).toEqual([]);
  });
});
