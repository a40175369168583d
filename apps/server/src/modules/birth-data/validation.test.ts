import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../testing/harness.ts';
import { base, expectError, useBirthDataApp } from './testing/birth-data-app.ts';

// Bad birth data is refused with 422 and the field's reason, and nothing is stored.

const birth = useBirthDataApp();
const { save, get, remove, paidUser, withPlace } = birth;

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
    const malformed = await birth.t.app.inject({
      method: 'POST',
      url: '/api/birth-data/save',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expectError(malformed, 400, 'BAD_REQUEST');
  });

  it('refuses a birth in the future by the server clock', async () => {
    const tomorrow = new Date(birth.t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const body = expectError(await save(token, { ...withPlace(), date: tomorrow }), 422, 'VALIDATION_FAILED');
    expect(body.error).toBe('The date and time of birth are in the future.');
    // An hour ago today is fine once the clock has moved on.
    birth.t.clock.advance(3 * 86_400_000);
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
});
