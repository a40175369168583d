import { beforeAll, describe, expect, it } from 'vitest';
import { base, expectError, useBirthDataApp } from './testing/birth-data-app.ts';

// A place or a local time that can be read more than one way is answered with the choices, and
// the choice made is saved and kept.

const birth = useBirthDataApp();
const { save, update, get, remove, chart, paidUser, withPlace } = birth;

describe('places and times that need a choice', () => {
  let token: string;
  beforeAll(async () => {
    token = await paidUser();
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

  it('answers the wall time a skipped time resolved to, in the record and in the chart', async () => {
    // Oslo, 25 March 1990: the clocks went from 02:00 CET to 03:00 CEST, so 02:30 never happened.
    const skipped = { ...base, city: 'Oslo', country: 'Norway', date: '1990-03-25', time: '02:30' };
    const body = expectError(await save(token, skipped), 422, 'TIME_SKIPPED');
    const details = body.details as { choices: { resolution: string; localTime: string }[] };
    const cest = details.choices.find((choice) => choice.localTime === '1990-03-25T03:30:00');
    expect(cest?.resolution).toBe('later');
    const saved = await save(token, { ...skipped, resolution: 'later' });
    expect(saved.statusCode, saved.body).toBe(201);
    const expected = {
      // What was typed stays, so an edit that keeps it keeps the choice too.
      time: '02:30',
      utc: '1990-03-25T01:30:00.000Z',
      utcOffsetSeconds: 7200,
      zoneAbbreviation: 'CEST',
      localTime: '1990-03-25T03:30:00',
    };
    expect(saved.json().birthData).toMatchObject(expected);
    expect((await get(token)).json().birthData).toMatchObject(expected);
    expect((await chart(token)).json().chart.moment).toMatchObject({
      utc: '1990-03-25T01:30:00.000Z',
      localTime: '1990-03-25T03:30:00',
      zoneAbbreviation: 'CEST',
    });
    // An ordinary time reads as typed.
    const ordinary = await update(token, { ...skipped, time: '14:30' });
    expect(ordinary.json().birthData).toMatchObject({ time: '14:30', localTime: '1990-03-25T14:30:00' });
    await remove(token);
  });
});
