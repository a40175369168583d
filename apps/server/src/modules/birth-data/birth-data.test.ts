import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  GOOD_PASSWORD,
  register,
  secretFromOutbox,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';

// The birth-data endpoints and the natal chart against the real app and database (SQLite, or
// PostgreSQL with TEST_DATABASE_URL). Paid access comes from the admin role (ADMIN_EMAILS).

const ADMINS = Array.from({ length: 30 }, (_, i) => `owner.${i}@birth.test`);
let nextAdmin = 0;
let t: TestApp;
let newYorkId: number;

beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: ADMINS } });
  const found = await t.app.inject('/api/places?q=New%20York%20City&country=US&limit=1');
  newYorkId = found.json().places[0].id;
});
afterAll(() => t.close());

async function verify(email: string): Promise<void> {
  const secret = await secretFromOutbox(t.app, email, 'verify-email');
  const response = await t.app.inject(`/api/auth/verify-email/${secret}`);
  expect(response.statusCode).toBe(200);
}

/** A signed-in person with a verified email and paid access (the admin role). */
async function paidUser(): Promise<string> {
  const email = ADMINS[nextAdmin++]!;
  const { token } = await register(t.app, email);
  await verify(email);
  return token;
}

const base = {
  name: 'Ada',
  date: '1990-04-21',
  time: '14:30',
  city: 'New York City',
  country: 'United States',
};
const withPlace = () => ({ ...base, placeId: newYorkId });

function call(token: string, method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload !== undefined && { payload: payload as object }),
  });
}
const save = (token: string, body: unknown) => call(token, 'POST', '/api/birth-data/save', body);
const update = (token: string, body: unknown) => call(token, 'PUT', '/api/birth-data/update', body);
const get = (token: string) => call(token, 'GET', '/api/birth-data/get');
const remove = (token: string) => call(token, 'DELETE', '/api/birth-data/delete');
const chart = (token: string, query = '') => call(token, 'GET', `/api/chart/natal${query}`);

function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body).toMatchObject({ success: false, code });
  expect(typeof body.error).toBe('string');
  return body as { error: string; code: string; details?: unknown };
}

describe('saving and reading birth data', () => {
  it('answers null before anything is saved, then the saved record resolved to place and UT', async () => {
    const token = await paidUser();
    expect((await get(token)).json()).toEqual({ success: true, birthData: null });

    const saved = await save(token, withPlace());
    expect(saved.statusCode, saved.body).toBe(201);
    const expected = {
      ...base,
      timeUnknown: false,
      placeId: newYorkId,
      region: 'New York',
      countryCode: 'US',
      timeZone: 'America/New_York',
      // EDT (UTC-4) on 21 April 1990.
      utc: '1990-04-21T18:30:00.000Z',
      utcOffsetSeconds: -14_400,
      zoneAbbreviation: 'EDT',
      resolution: null,
    };
    expect(saved.json().birthData).toMatchObject(expected);
    expect(saved.json().birthData.latitude).toBeCloseTo(40.71, 1);
    expect((await get(token)).json().birthData).toMatchObject(expected);
  });

  it('accepts explicit coordinates and a zone, and refuses an unknown zone', async () => {
    const token = await paidUser();
    const bad = await save(token, {
      ...base,
      city: 'Oslo',
      country: 'Norway',
      latitude: 59.91,
      longitude: 10.75,
      timeZone: 'Mars/Olympus',
    });
    const body = expectError(bad, 422, 'VALIDATION_FAILED');
    expect(body.details).toEqual([
      { path: 'timeZone', message: expect.stringContaining('not a known time zone') },
    ]);
    expect((await get(token)).json().birthData).toBeNull();

    // Oslo in 1930 kept its own pre-1970 history (UTC+1, no summer time that year).
    const ok = await save(token, {
      ...base,
      date: '1930-03-01',
      time: '12:00',
      city: 'Oslo',
      country: 'Norway',
      latitude: 59.91,
      longitude: 10.75,
      timeZone: 'Europe/Oslo',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().birthData).toMatchObject({
      placeId: null,
      utc: '1930-03-01T11:00:00.000Z',
      utcOffsetSeconds: 3600,
    });
  });

  it("reads a time from before standard time at the birthplace's own meridian and says so", async () => {
    const token = await paidUser();
    // Bergen in 1880: Norway's clocks were local mean time; Bergen's is +0:21:17, not Oslo's +0:43.
    const saved = await save(token, {
      ...base,
      date: '1880-05-17',
      time: '12:00',
      city: 'Bergen',
      country: 'Norway',
      latitude: 60.3913,
      longitude: 5.3221,
      timeZone: 'Europe/Oslo',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().birthData).toMatchObject({
      utc: '1880-05-17T11:38:43.000Z',
      utcOffsetSeconds: 1277,
      zoneAbbreviation: 'LMT',
    });
    const moment = (await chart(token)).json().chart.moment;
    expect(moment).toMatchObject({
      utc: '1880-05-17T11:38:43.000Z',
      utcOffsetSeconds: 1277,
      zoneAbbreviation: 'LMT',
      timeBasis: 'local mean time of Bergen (+0:21:17)',
    });
  });

  it('finds the place from city and country when no place was chosen', async () => {
    const token = await paidUser();
    const saved = await save(token, { ...base, city: 'São Paulo', country: 'Brazil' });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().birthData).toMatchObject({ countryCode: 'BR', timeZone: 'America/Sao_Paulo' });
  });

  it('understands everyday country names and ISO codes', async () => {
    for (const country of ['USA', 'us', 'United States of America']) {
      const token = await paidUser();
      const saved = await save(token, { ...base, city: 'Chicago', country });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json().birthData).toMatchObject({
        countryCode: 'US',
        timeZone: 'America/Chicago',
        country,
      });
    }
  });

  it('stores noon for an unknown time and the chart leaves out houses and angles, saying why', async () => {
    const token = await paidUser();
    const { time: _time, ...noTime } = withPlace();
    const saved = await save(token, { ...noTime, timeUnknown: true });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().birthData).toMatchObject({ time: '12:00', timeUnknown: true });
    const natal = (await chart(token)).json().chart;
    expect(natal.timeKnown).toBe(false);
    expect(natal.angles).toBeNull();
    expect(natal.cusps).toBeNull();
    expect(natal.chartRuler).toBeNull();
    expect(natal.bodies.every((body: { house: unknown }) => body.house === null)).toBe(true);
    expect(natal.notes.join(' ')).toMatch(/birth time is unknown/i);
    expect(natal.aspects.some((a: { a: string; b: string }) => [a.a, a.b].includes('ascendant'))).toBe(false);
  });

  it('refuses a second save (409) and changes nothing', async () => {
    const token = await paidUser();
    await save(token, withPlace());
    expectError(await save(token, { ...withPlace(), name: 'Other' }), 409, 'CONFLICT');
    expect((await get(token)).json().birthData.name).toBe('Ada');
  });
});

describe('bad input is refused with 422 and details, and nothing is stored', () => {
  let token: string;
  beforeAll(async () => {
    token = await paidUser();
  });

  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['an impossible date', { date: '2023-02-29' }, 'date', /not a date in the calendar/],
    ['the 31st of April', { date: '1990-04-31' }, 'date', /not a date in the calendar/],
    ['a year before 1800', { date: '1799-12-31' }, 'date', /from 1800/],
    ['a date in another format', { date: '21/04/1990' }, 'date', /YYYY-MM-DD/],
    ['a time out of range', { time: '24:00' }, 'time', /HH:MM/],
    ['a time without minutes', { time: '14' }, 'time', /HH:MM/],
    ['a missing time without the unknown-time choice', { time: undefined }, 'time', /time of birth/],
    ['a number for the name', { name: 42 }, 'name', /must be text/],
    ['an empty city', { city: '  ' }, 'city', /fill in city/],
    ['a string placeId', { placeId: '5128581' }, 'placeId', /must be a number/],
    ['a latitude without the rest', { latitude: 40 }, 'longitude', /together/],
    [
      'a latitude out of range',
      { latitude: 91, longitude: 0, timeZone: 'UTC' },
      'latitude',
      /between -90 and 90/,
    ],
    ['a resolution that is not a choice', { resolution: 'middle' }, 'resolution', /./],
    ['timeUnknown as text', { timeUnknown: 'yes' }, 'timeUnknown', /true or false/],
  ];
  it.each(cases)('%s', async (_label, change, path, message) => {
    const response = await save(token, { ...withPlace(), ...change });
    const body = expectError(response, 422, 'VALIDATION_FAILED');
    const details = body.details as { path: string; message: string }[];
    const issue = details.find((d) => d.path === path);
    expect(issue, JSON.stringify(details)).toBeDefined();
    expect(issue?.message).toMatch(message);
    expect((await get(token)).json().birthData).toBeNull();
  });

  it('refuses unknown fields', async () => {
    const body = expectError(
      await save(token, { ...withPlace(), userId: 'someone-else' }),
      422,
      'VALIDATION_FAILED',
    );
    expect(body.error).toMatch(/Unknown field: userId/);
  });

  it('refuses a body that is not an object, and malformed JSON', async () => {
    expectError(await save(token, [withPlace()]), 422, 'VALIDATION_FAILED');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/birth-data/save',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expectError(malformed, 400, 'BAD_REQUEST');
  });

  it('refuses a birth in the future by the server clock', async () => {
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const body = expectError(await save(token, { ...withPlace(), date: tomorrow }), 422, 'VALIDATION_FAILED');
    expect(body.error).toBe('The date and time of birth are in the future.');
    // An hour ago today is fine once the clock has moved on.
    t.clock.advance(3 * 86_400_000);
    expect((await save(token, { ...withPlace(), date: tomorrow })).statusCode).toBe(201);
    await remove(token);
  });

  it('refuses a place id that is not in the atlas', async () => {
    const body = expectError(
      await save(token, { ...base, placeId: 4_294_967_000 }),
      422,
      'VALIDATION_FAILED',
    );
    expect(body.details).toEqual([{ path: 'placeId', message: expect.stringMatching(/not in the atlas/) }]);
  });

  it('answers an ambiguous place with the candidates to choose from', async () => {
    const body = expectError(
      await save(token, { ...base, city: 'Springfield', country: 'United States' }),
      422,
      'PLACE_AMBIGUOUS',
    );
    const details = body.details as {
      field: string;
      candidates: { id: number; name: string; region: string }[];
    };
    expect(details.field).toBe('city');
    expect(details.candidates.length).toBeGreaterThan(2);
    expect(details.candidates.every((c) => c.name === 'Springfield')).toBe(true);
    expect(new Set(details.candidates.map((c) => c.region)).size).toBe(details.candidates.length);
    expect(body.error).toMatch(/places called Springfield/);
    // Choosing one of them saves.
    const chosen = await save(token, {
      ...base,
      city: 'Springfield',
      country: 'United States',
      placeId: details.candidates[0]!.id,
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    await remove(token);
  });

  it('answers an unknown place with PLACE_NOT_FOUND', async () => {
    const body = expectError(
      await save(token, { ...base, city: 'Qqzzyx', country: 'Norway' }),
      422,
      'PLACE_NOT_FOUND',
    );
    expect(body.details).toEqual({ field: 'city', candidates: [] });
    // The right name in the wrong country is not found either.
    expectError(await save(token, { ...base, city: 'Oslo', country: 'Sweden' }), 422, 'PLACE_NOT_FOUND');
  });

  it('offers both readings of a time that happened twice, and saves the one chosen', async () => {
    const ambiguous = { ...withPlace(), date: '2021-11-07', time: '01:30' };
    const body = expectError(await save(token, ambiguous), 422, 'TIME_AMBIGUOUS');
    expect(body.error).toMatch(/happened twice/);
    expect(body.details).toEqual({
      field: 'time',
      kind: 'ambiguous',
      choices: [
        expect.objectContaining({
          resolution: 'earlier',
          utc: '2021-11-07T05:30:00.000Z',
          utcOffsetSeconds: -14_400,
          abbreviation: 'EDT',
          isDst: true,
        }),
        expect.objectContaining({
          resolution: 'later',
          utc: '2021-11-07T06:30:00.000Z',
          utcOffsetSeconds: -18_000,
          abbreviation: 'EST',
          isDst: false,
        }),
      ],
    });
    expect((await get(token)).json().birthData).toBeNull();
    const later = await save(token, { ...ambiguous, resolution: 'later' });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().birthData).toMatchObject({
      utc: '2021-11-07T06:30:00.000Z',
      resolution: 'later',
      time: '01:30',
    });
    const earlier = await update(token, { ...ambiguous, resolution: 'earlier' });
    expect(earlier.json().birthData).toMatchObject({
      utc: '2021-11-07T05:30:00.000Z',
      resolution: 'earlier',
    });
    await remove(token);
  });

  it('keeps the chosen reading when an update leaves date, time and zone as they were', async () => {
    const ambiguous = { ...withPlace(), date: '2021-11-07', time: '01:30' };
    const saved = await save(token, { ...ambiguous, resolution: 'later' });
    expect(saved.json().birthData).toMatchObject({
      utcOffsetSeconds: -18_000,
      zoneAbbreviation: 'EST',
      resolution: 'later',
    });
    // Only the name changes and no choice is sent: no second question, the same instant.
    const renamed = await update(token, { ...ambiguous, name: 'Ada L.' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get(token)).json().birthData).toMatchObject({
      name: 'Ada L.',
      utc: '2021-11-07T06:30:00.000Z',
      zoneAbbreviation: 'EST',
      resolution: 'later',
    });
    // The same place typed by city and country instead of chosen: same zone, choice kept.
    const typed = await update(token, { ...base, date: '2021-11-07', time: '01:30' });
    expect(typed.json().birthData).toMatchObject({ utc: '2021-11-07T06:30:00.000Z', resolution: 'later' });
    // A new time asks again, and a refused update changes nothing.
    expectError(await update(token, { ...ambiguous, time: '01:45' }), 422, 'TIME_AMBIGUOUS');
    expect((await get(token)).json().birthData).toMatchObject({ time: '01:30', resolution: 'later' });
    // Another zone with its own clock change that night (Chicago) asks again too.
    expectError(
      await update(token, { ...ambiguous, placeId: undefined, city: 'Chicago', country: 'US' }),
      422,
      'TIME_AMBIGUOUS',
    );
    await remove(token);
  });

  it('offers both readings of a time the clocks skipped', async () => {
    const skipped = { ...withPlace(), date: '2021-03-14', time: '02:30' };
    const body = expectError(await save(token, skipped), 422, 'TIME_SKIPPED');
    expect(body.error).toMatch(/did not exist/);
    expect(body.details).toEqual({
      field: 'time',
      kind: 'skipped',
      choices: [
        expect.objectContaining({
          resolution: 'earlier',
          utc: '2021-03-14T06:30:00.000Z',
          localTime: '2021-03-14T01:30:00',
        }),
        expect.objectContaining({
          resolution: 'later',
          utc: '2021-03-14T07:30:00.000Z',
          localTime: '2021-03-14T03:30:00',
        }),
      ],
    });
    const saved = await save(token, { ...skipped, resolution: 'later' });
    expect(saved.json().birthData).toMatchObject({ utc: '2021-03-14T07:30:00.000Z', resolution: 'later' });
    await remove(token);
  });
});

describe('updating and deleting', () => {
  it('updates the whole record and keeps the creation time', async () => {
    const token = await paidUser();
    const first = (await save(token, withPlace())).json().birthData;
    t.clock.advance(60_000);
    const updated = await update(token, { ...base, name: 'Ada L.', city: 'Oslo', country: 'NO' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().birthData).toMatchObject({
      name: 'Ada L.',
      timeZone: 'Europe/Oslo',
      createdAt: first.createdAt,
    });
    expect(updated.json().birthData.updatedAt > first.updatedAt).toBe(true);
    expectError(await update(token, { ...withPlace(), date: '2023-02-29' }), 422, 'VALIDATION_FAILED');
    expect((await get(token)).json().birthData.name).toBe('Ada L.');
  });

  it('update and delete without saved data answer 404', async () => {
    const token = await paidUser();
    expectError(await update(token, withPlace()), 404, 'NOT_FOUND');
    expectError(await remove(token), 404, 'NOT_FOUND');
    expectError(await chart(token), 404, 'NOT_FOUND');
  });

  it('deleting removes the data and with it the chart', async () => {
    const token = await paidUser();
    await save(token, withPlace());
    expect((await chart(token)).statusCode).toBe(200);
    const deleted = await remove(token);
    expect(deleted.json()).toEqual({ success: true, message: 'Your birth data was deleted.' });
    expect((await get(token)).json().birthData).toBeNull();
    expectError(await chart(token), 404, 'NOT_FOUND');
  });
});

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

describe('who may use it', () => {
  it("one person never sees or changes another's data", async () => {
    const alice = await paidUser();
    const bob = await paidUser();
    await save(alice, withPlace());
    expect((await get(bob)).json().birthData).toBeNull();
    expectError(await chart(bob), 404, 'NOT_FOUND');
    expectError(await update(bob, { ...withPlace(), name: 'Mallory' }), 404, 'NOT_FOUND');
    expectError(await remove(bob), 404, 'NOT_FOUND');
    expect((await get(alice)).json().birthData.name).toBe('Ada');
    // Bob's own save is his own record.
    await save(bob, { ...withPlace(), name: 'Bob' });
    expect((await get(alice)).json().birthData.name).toBe('Ada');
    expect((await get(bob)).json().birthData.name).toBe('Bob');
  });

  const routes: [InjectOptions['method'], string, unknown][] = [
    ['POST', '/api/birth-data/save', withPlace],
    ['GET', '/api/birth-data/get', undefined],
    ['PUT', '/api/birth-data/update', withPlace],
    ['DELETE', '/api/birth-data/delete', undefined],
    ['GET', '/api/chart/natal', undefined],
  ];

  it('refuses guests (401), unverified emails (403) and people without paid access (403)', async () => {
    const unverifiedAdmin = await register(t.app, ADMINS[nextAdmin++]!);
    const unpaidEmail = uniqueEmail('unpaid');
    const unpaid = await register(t.app, unpaidEmail);
    await verify(unpaidEmail);
    for (const [method, url, body] of routes) {
      const payload = typeof body === 'function' ? body() : undefined;
      const guest = await t.app.inject({ method, url, ...(payload && { payload }) });
      expectError(guest, 401, 'UNAUTHENTICATED');
      expectError(await call(unverifiedAdmin.token, method, url, payload), 403, 'EMAIL_NOT_VERIFIED');
      expectError(await call(unpaid.token, method, url, payload), 403, 'PAYMENT_REQUIRED');
    }
    // Nothing was saved for either of them.
    const rows = await t.app.database.db
      .selectFrom('birth_data')
      .select('user_id')
      .where('user_id', 'in', [unverifiedAdmin.userId, unpaid.userId])
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('the account', () => {
  it('export includes the birth data; deleting the account deletes it', async () => {
    const email = ADMINS[nextAdmin++]!;
    const { token, userId } = await register(t.app, email);
    await verify(email);
    await save(token, withPlace());
    const exported = await call(token, 'GET', '/api/auth/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json().sections.birthData).toMatchObject({ name: 'Ada', placeId: newYorkId });

    const deleted = await call(token, 'DELETE', '/api/auth/account', { password: GOOD_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows = await t.app.database.db
      .selectFrom('birth_data')
      .select('user_id')
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('any body', () => {
  it('property: a mistyped or partial body is refused with a 4xx in the error shape, never a 5xx, and stores nothing', async () => {
    const token = await paidUser();
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 2 }),
    );
    const body = fc.record(
      {
        name: fc.oneof(value, fc.constant('Ada')),
        date: fc.oneof(value, fc.constantFrom('1990-04-21', '2023-02-29', '1799-01-01', '3000-01-01')),
        time: fc.oneof(value, fc.constantFrom('14:30', '24:00', '')),
        timeUnknown: value,
        city: fc.oneof(value, fc.constant('Oslo')),
        country: fc.oneof(value, fc.constant('Norway')),
        placeId: fc.oneof(value, fc.constant(-1)),
        latitude: value,
        extra: value,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await save(token, payload);
        // A draw can be a valid body by chance: then it is saved; take it away again.
        if (response.statusCode === 201) {
          expect((await remove(token)).statusCode).toBe(200);
          return;
        }
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(response.json()).toMatchObject({
          success: false,
          error: expect.any(String),
          code: expect.any(String),
        });
      }),
      { numRuns: 80 },
    );
    expect((await get(token)).json().birthData).toBeNull();
  });

  it('the OpenAPI document lists the birth-data and chart routes', async () => {
    const document = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/birth-data/save',
        '/api/birth-data/get',
        '/api/birth-data/update',
        '/api/birth-data/delete',
        '/api/chart/natal',
      ]),
    );
    expect(
      document.paths['/api/birth-data/save'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['name', 'date', 'city', 'country']));
  });
});
