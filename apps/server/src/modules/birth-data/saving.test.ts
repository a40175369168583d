import { describe, expect, it } from 'vitest';
import { base, expectError, useBirthDataApp } from './testing/birth-data-app.ts';

// Saving, reading, updating and deleting one's birth data, and the routes' OpenAPI listing.

const birth = useBirthDataApp();
const { save, update, get, remove, chart, paidUser, withPlace, newYorkCity } = birth;

describe('saving and reading birth data', () => {
  it('answers null before anything is saved, then the saved record resolved to place and UT', async () => {
    const token = await paidUser();
    expect((await get(token)).json()).toEqual({ success: true, birthData: null });

    const saved = await save(token, withPlace());
    expect(saved.statusCode, saved.body).toBe(201);
    const expected = {
      ...base,
      timeUnknown: false,
      placeId: newYorkCity(),
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

describe('updating and deleting', () => {
  it('updates the whole record and keeps the creation time', async () => {
    const token = await paidUser();
    const first = (await save(token, withPlace())).json().birthData;
    birth.t.clock.advance(60_000);
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

describe('the API document', () => {
  it('the OpenAPI document lists the birth-data and chart routes', async () => {
    const document = (await birth.t.app.inject('/api/docs/json')).json();
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
