import { describe, expect, it } from 'vitest';
import { expectError, useBirthDataApp } from './testing/birth-data-app.ts';

// Which clock a birth time was read on: a stated UTC offset, the birthplace's own local mean time
// before the zone's standard time, and the question asked when the change from that mean time
// skipped or repeated the time. Real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

const client = useBirthDataApp();

const bergen = {
  name: 'Edvard',
  date: '1880-05-17',
  time: '12:00',
  city: 'Bergen',
  country: 'Norway',
  latitude: 60.3913,
  longitude: 5.3221,
  timeZone: 'Europe/Oslo',
};
const montreal = {
  ...bergen,
  city: 'Montreal',
  country: 'Canada',
  latitude: 45.5088,
  longitude: -73.5673,
  timeZone: 'America/Toronto',
};
const RANGE = 'The stated UTC offset must be between UTC−16:00 and UTC+16:00.';

describe('a stated UTC offset', () => {
  it('wins over the birthplace mean time, is returned and used by the chart; leaving it out restores LMT', async () => {
    const token = await client.paidUser();
    const saved = await client.save(token, { ...bergen, statedUtcOffsetSeconds: 3600 });
    expect(saved.statusCode, saved.body).toBe(201);
    const stated = {
      utc: '1880-05-17T11:00:00.000Z',
      utcOffsetSeconds: 3600,
      zoneAbbreviation: 'UTC+1:00',
      statedUtcOffsetSeconds: 3600,
      timeBasis: 'stated offset UTC+1:00',
    };
    expect(saved.json().birthData).toMatchObject(stated);
    expect((await client.get(token)).json().birthData).toMatchObject(stated);
    expect((await client.chart(token)).json().chart.moment).toMatchObject({
      utc: '1880-05-17T11:00:00.000Z',
      utcOffsetSeconds: 3600,
      timeBasis: 'stated offset UTC+1:00',
    });

    // An update without it reads the time at Bergen's own meridian again.
    const cleared = await client.update(token, { ...bergen, statedUtcOffsetSeconds: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().birthData).toMatchObject({
      utc: '1880-05-17T11:38:43.000Z',
      utcOffsetSeconds: 1277,
      zoneAbbreviation: 'LMT',
      statedUtcOffsetSeconds: null,
      timeBasis: 'local mean time of Bergen (+0:21:17)',
    });
    expect((await client.chart(token)).json().chart.moment.timeBasis).toBe(
      'local mean time of Bergen (+0:21:17)',
    );
  });

  it('answers no time basis for an ordinary modern birth', async () => {
    const token = await client.paidUser();
    const saved = await client.save(token, { ...bergen, date: '1990-04-21', time: '14:30' });
    expect(saved.json().birthData).toMatchObject({
      utc: '1990-04-21T12:30:00.000Z',
      zoneAbbreviation: 'CEST',
      statedUtcOffsetSeconds: null,
      timeBasis: null,
    });
    expect((await client.chart(token)).json().chart.moment.timeBasis).toBeUndefined();
  });

  it('refuses an offset beyond ±16 hours or not in whole seconds (422) and stores nothing', async () => {
    const token = await client.paidUser();
    for (const [offset, message] of [
      [57_601, RANGE],
      [-57_601, RANGE],
      [3600.5, 'The stated UTC offset must be a whole number of seconds.'],
      ['+01:00', 'The stated UTC offset must be a number of seconds.'],
    ] as const) {
      const body = expectError(
        await client.save(token, { ...bergen, statedUtcOffsetSeconds: offset }),
        422,
        'VALIDATION_FAILED',
      );
      expect(body.details).toEqual([{ path: 'statedUtcOffsetSeconds', message }]);
    }
    expect((await client.get(token)).json().birthData).toBeNull();
    // The limits themselves are accepted.
    const edge = await client.save(token, { ...bergen, statedUtcOffsetSeconds: -57_600 });
    expect(edge.json().birthData).toMatchObject({
      utc: '1880-05-18T04:00:00.000Z',
      timeBasis: 'stated offset UTC-16:00',
    });
  });
});

describe('the change from local mean time to the zone', () => {
  it("asks about a time Bergen's clocks skipped when they jumped from +0:21:17 to CET", async () => {
    const token = await client.paidUser();
    const gap = { ...bergen, date: '1894-12-31', time: '23:50' };
    const body = expectError(await client.save(token, gap), 422, 'TIME_SKIPPED');
    expect(body.error).toBe(
      '23:50 on 1894-12-31 did not exist in Bergen because the clocks went forward from local mean time to CET. Please choose what you mean.',
    );
    expect(body.details).toEqual({
      field: 'time',
      kind: 'skipped',
      choices: [
        {
          resolution: 'earlier',
          utc: '1894-12-31T22:50:00.000Z',
          utcOffsetSeconds: 1277,
          abbreviation: 'LMT',
          isDst: false,
          localTime: '1894-12-31T23:11:17',
        },
        {
          resolution: 'later',
          utc: '1894-12-31T23:28:43.000Z',
          utcOffsetSeconds: 3600,
          abbreviation: 'CET',
          isDst: false,
          localTime: '1895-01-01T00:28:43',
        },
      ],
    });
    expect((await client.get(token)).json().birthData).toBeNull();
    const earlier = await client.save(token, { ...gap, resolution: 'earlier' });
    expect(earlier.json().birthData).toMatchObject({
      utc: '1894-12-31T22:50:00.000Z',
      resolution: 'earlier',
      timeBasis: 'local mean time of Bergen (+0:21:17)',
    });
    const later = await client.update(token, { ...gap, resolution: 'later' });
    expect(later.json().birthData).toMatchObject({
      utc: '1894-12-31T23:28:43.000Z',
      zoneAbbreviation: 'CET',
      resolution: 'later',
      timeBasis: null,
    });
    // The instant of the change itself, 00:17 CET, needs no question; a minute before it is LMT.
    const atChange = await client.update(token, { ...bergen, date: '1895-01-01', time: '00:17' });
    expect(atChange.json().birthData).toMatchObject({
      utc: '1894-12-31T23:17:00.000Z',
      zoneAbbreviation: 'CET',
    });
    const before = await client.update(token, { ...bergen, date: '1894-12-31', time: '23:37' });
    expect(before.json().birthData).toMatchObject({
      utc: '1894-12-31T23:15:43.000Z',
      zoneAbbreviation: 'LMT',
    });
  });

  it('asks about a time Montreal lived twice when its clocks went back from -4:54:16 to EST', async () => {
    const token = await client.paidUser();
    const twice = { ...montreal, date: '1895-01-01', time: '00:20' };
    const body = expectError(await client.save(token, twice), 422, 'TIME_AMBIGUOUS');
    expect(body.error).toBe(
      '00:20 on 1895-01-01 happened twice in Montreal because the clocks went back from local mean time to EST. Please choose which one you mean.',
    );
    expect(body.details).toMatchObject({
      kind: 'ambiguous',
      choices: [
        {
          resolution: 'earlier',
          utc: '1895-01-01T05:14:16.000Z',
          abbreviation: 'LMT',
          utcOffsetSeconds: -17_656,
        },
        {
          resolution: 'later',
          utc: '1895-01-01T05:20:00.000Z',
          abbreviation: 'EST',
          utcOffsetSeconds: -18_000,
        },
      ],
    });
    // A stated offset needs no question.
    const stated = await client.save(token, { ...twice, statedUtcOffsetSeconds: -18_000 });
    expect(stated.json().birthData).toMatchObject({ utc: '1895-01-01T05:20:00.000Z', resolution: null });
  });
});
