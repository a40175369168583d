import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  register,
  secretFromOutbox,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';

// The daily landscape against the real app and database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL). Paid access comes from the admin role (ADMIN_EMAILS), whose allowance is
// the most generous plan's (three regenerations a day).

const ADMINS = Array.from({ length: 40 }, (_, i) => `sky.${i}@landscape.test`);
let nextAdmin = 0;
let t: TestApp;
const places: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: ADMINS } });
  for (const [key, q, country] of [
    ['tokyo', 'Tokyo', 'JP'],
    ['losAngeles', 'Los Angeles', 'US'],
    ['oslo', 'Oslo', 'NO'],
  ] as const) {
    const found = await t.app.inject(`/api/places?q=${encodeURIComponent(q)}&country=${country}&limit=1`);
    places[key] = found.json().places[0].id;
  }
});
afterAll(() => t.close());

async function verifiedUser(email: string): Promise<string> {
  const { token } = await register(t.app, email);
  const secret = await secretFromOutbox(t.app, email, 'verify-email');
  expect((await t.app.inject(`/api/auth/verify-email/${secret}`)).statusCode).toBe(200);
  return token;
}

function call(token: string | null, method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/cosmic-landscape${url}`,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined && { payload: payload as object }),
  });
}

async function subscriber(place: keyof typeof places = 'oslo', timeUnknown = false): Promise<string> {
  const token = await verifiedUser(ADMINS[nextAdmin++]!);
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/birth-data/save',
    headers: bearer(token),
    payload: {
      name: 'Ada',
      date: '1990-04-21',
      ...(timeUnknown ? { timeUnknown: true } : { time: '14:30' }),
      city: 'x',
      country: 'y',
      placeId: places[place],
    },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  return token;
}

/** Moves the shared test clock to an instant (sessions idle past 30 days end: sign up after a jump). */
function setClock(iso: string): void {
  t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
}

function expectError(response: LightMyRequestResponse, status: number, code?: string): string {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body.success).toBe(false);
  if (code) expect(body.code).toBe(code);
  expect(body.error.length).toBeGreaterThan(10);
  return body.error;
}

describe('who may read a landscape', () => {
  it('refuses a guest, an unverified account, an account without a plan and one without birth data', async () => {
    expectError(await call(null, 'GET', '/today'), 401);
    const unverified = (await register(t.app, uniqueEmail())).token;
    expectError(await call(unverified, 'GET', '/today'), 403);
    const unpaid = await verifiedUser(uniqueEmail());
    for (const path of ['/today', '/status', '/usage', '/dashboard', '/history'])
      expectError(await call(unpaid, 'GET', path), 403, 'PAYMENT_REQUIRED');
    const noBirth = await verifiedUser(ADMINS[nextAdmin++]!);
    const message = expectError(await call(noBirth, 'GET', '/today'), 409, 'BIRTH_DATA_REQUIRED');
    expect(message).toMatch(/birth data/);
    expectError(await call(noBirth, 'POST', '/generate'), 409, 'BIRTH_DATA_REQUIRED');
  });
});

describe('today', () => {
  it('builds today on first request, in the birth place zone, and answers the same one after', async () => {
    const token = await subscriber('oslo');
    const first = await call(token, 'GET', '/today');
    expect(first.statusCode, first.body).toBe(200);
    const { data } = first.json();
    expect(data.zone).toBe('Europe/Oslo');
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(t.clock.now());
    expect(data.date).toBe(local);
    expect(data.headline.length).toBeGreaterThan(10);
    expect(data.summary.split('. ').length).toBeGreaterThanOrEqual(3);
    expect(data.moon).toMatchObject({ sign: expect.any(String), phase: expect.any(String) });
    for (const transit of data.transits) {
      expect(transit).toMatchObject({
        body: expect.any(String),
        natalPoint: expect.any(String),
        aspect: expect.stringMatching(/^(conjunction|sextile|square|trine|opposition)$/),
        applying: expect.any(Boolean),
        weight: expect.any(Number),
        starter: expect.stringMatching(/^What does .+ mean for me today\?$/),
      });
    }
    expect(data.sky.length).toBeGreaterThanOrEqual(10);
    const again = (await call(token, 'GET', '/today')).json().data;
    expect(again.id).toBe(data.id);
    const generated = await call(token, 'POST', '/generate');
    expect(generated.json().data.id).toBe(data.id);
  });

  it('leaves out houses and angles when the birth time is unknown, and says why', async () => {
    const token = await subscriber('oslo', true);
    const { data } = (await call(token, 'GET', '/today')).json();
    expect(data.timeKnown).toBe(false);
    expect(data.note).toMatch(/birth time is not known/);
    const text = [data.summary, ...data.transits.map((x: { text: string }) => x.text)].join(' ');
    expect(text).not.toMatch(/ house\b|Ascendant|Midheaven/);
    expect(data.transits.some((x: { natalPoint: string }) => /ascendant|midheaven/.test(x.natalPoint))).toBe(
      false,
    );
  });

  it('is rebuilt after the birth data changes', async () => {
    const token = await subscriber('oslo');
    const before = (await call(token, 'GET', '/today')).json().data;
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/birth-data/update',
      headers: bearer(token),
      payload: {
        name: 'Ada',
        date: '1984-11-02',
        time: '06:10',
        city: 'x',
        country: 'y',
        placeId: places.tokyo,
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await call(token, 'GET', '/status')).json().data.exists).toBe(false);
    const after = (await call(token, 'GET', '/today')).json().data;
    expect(after.id).not.toBe(before.id);
    expect(after.zone).toBe('Asia/Tokyo');
  });
});

describe('regenerating', () => {
  it('composes today again until the daily allowance is spent, then answers 429', async () => {
    const token = await subscriber();
    const today = (await call(token, 'GET', '/today')).json().data;
    const status = (await call(token, 'GET', '/status')).json().data;
    expect(status).toMatchObject({ exists: true, regenerationsUsed: 0, regenerationsAllowed: 3 });
    for (let i = 1; i <= 3; i++) {
      const again = await call(token, 'POST', '/regenerate');
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toMatchObject({ date: today.date, variant: i });
    }
    expect((await call(token, 'GET', '/usage')).json().data).toMatchObject({
      used: 3,
      limit: 3,
      remaining: 0,
    });
    expect(expectError(await call(token, 'POST', '/regenerate'), 429)).toMatch(/daily limit/);
    expect((await call(token, 'GET', '/today')).json().data.variant).toBe(3);
  });
});

describe('the daily allowance', () => {
  it("starts again at the person's own midnight, as their day does, not at midnight UTC", async () => {
    // 13:00 UT is 22:00 in Tokyo: two hours before the Tokyo day ends, eleven before the UTC day.
    setClock('2031-04-02T13:00:00Z');
    const tokyo = await subscriber('tokyo');
    await call(tokyo, 'GET', '/today');
    for (let i = 0; i < 3; i++) expect((await call(tokyo, 'POST', '/regenerate')).statusCode).toBe(200);
    const spent = (await call(tokyo, 'GET', '/usage')).json().data;
    expect(spent).toMatchObject({ used: 3, remaining: 0, resetsAt: '2031-04-02T15:00:00.000Z' });
    const limits = await t.app.inject({ url: '/api/subscription/constraints', headers: bearer(tokyo) });
    expect(limits.json()).toMatchObject({ day: '2031-04-02', resetsAt: '2031-04-02T15:00:00.000Z' });
    // Past Tokyo's midnight (still 2 April in UTC) the new day has its full allowance.
    setClock('2031-04-02T15:00:00Z');
    await call(tokyo, 'GET', '/today');
    expect((await call(tokyo, 'GET', '/usage')).json().data).toMatchObject({ used: 0, remaining: 3 });
    expect((await call(tokyo, 'POST', '/regenerate')).statusCode).toBe(200);
  });
});

describe('history and the local day', () => {
  it('starts a new day at local midnight east and west of UTC, and lists the days newest first', async () => {
    setClock('2031-03-10T14:00:00Z');
    const tokyo = await subscriber('tokyo');
    const la = await subscriber('losAngeles');
    // 14:59 UT is 23:59 in Tokyo (UTC+9).
    setClock('2031-03-10T14:59:00Z');
    expect((await call(tokyo, 'GET', '/today')).json().data.date).toBe('2031-03-10');
    setClock('2031-03-10T15:00:00Z');
    expect((await call(tokyo, 'GET', '/today')).json().data.date).toBe('2031-03-11');
    // Los Angeles is on daylight time from 9 March 2031 (UTC−7): midnight is 07:00 UT.
    setClock('2031-03-11T06:59:00Z');
    expect((await call(la, 'GET', '/today')).json().data.date).toBe('2031-03-10');
    setClock('2031-03-11T07:00:00Z');
    expect((await call(la, 'GET', '/today')).json().data.date).toBe('2031-03-11');

    const history = (await call(la, 'GET', '/history')).json().data;
    expect(history.map((d: { date: string }) => d.date)).toEqual(['2031-03-11', '2031-03-10']);
    expect((await call(la, 'GET', '/history?limit=1')).json().data).toHaveLength(1);
    const dashboard = (await call(la, 'GET', '/dashboard')).json().data;
    expect(dashboard.landscape.date).toBe('2031-03-11');
    expect(dashboard.status.date).toBe('2031-03-11');
    expect(dashboard.history).toHaveLength(2);
    // Another person's days never appear.
    expect(
      (await call(tokyo, 'GET', '/history'))
        .json()
        .data.every((d: { zone: string }) => d.zone === 'Asia/Tokyo'),
    ).toBe(true);
  });

  it('refuses a bad history limit with a message and changes nothing', async () => {
    const token = await subscriber();
    for (const limit of ['0', 'abc', '61', '2.5', '-3'])
      expect(expectError(await call(token, 'GET', `/history?limit=${limit}`), 422)).toMatch(/limit/);
  });

  it('follows a current location when one is set', async () => {
    const token = await subscriber('oslo');
    const set = await call(token, 'PUT', '/location', { placeId: places.tokyo });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ zone: 'Asia/Tokyo', name: expect.stringContaining('Japan') });
    expect((await call(token, 'GET', '/today')).json().data.zone).toBe('Asia/Tokyo');
    expectError(await call(token, 'PUT', '/location', { placeId: 4_000_000_000 }), 422);
    expectError(await call(token, 'PUT', '/location', { placeId: 'Tokyo' }), 422);
    await call(token, 'PUT', '/location', { placeId: null });
    expect((await call(token, 'GET', '/today')).json().data.zone).toBe('Europe/Oslo');
  });
});

describe('calendar feed', () => {
  it('serves the coming exact transits at a private address that can be replaced', async () => {
    const token = await subscriber();
    const link = (await call(token, 'POST', '/calendar-link')).json().data.url as string;
    const url = new URL(link);
    expect(url.pathname).toBe('/api/cosmic-landscape/calendar.ics');
    const feed = await t.app.inject(`${url.pathname}${url.search}`);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.body).toMatch(/^BEGIN:VCALENDAR/);
    expect(feed.body).toContain('BEGIN:VEVENT');
    expect(feed.body).toMatch(/SUMMARY:.*your natal/);

    const newer = new URL((await call(token, 'POST', '/calendar-link')).json().data.url);
    expectError(await t.app.inject(`${url.pathname}${url.search}`), 404);
    expect((await t.app.inject(`${newer.pathname}${newer.search}`)).statusCode).toBe(200);
    expectError(await t.app.inject(`${newer.pathname}${newer.search.replace('days=30', 'days=500')}`), 422);
    expectError(await t.app.inject('/api/cosmic-landscape/calendar.ics?days=30'), 422);
  });
});

describe('pre-generation', () => {
  it('builds each subscriber’s day once, even with two processes running it at the same time', async () => {
    setClock('2031-06-01T12:00:00Z');
    const other = await t.startAnotherServer();
    const bothAtOnce = async () => {
      const built = await Promise.all([t.app.landscapePregeneration(), other.landscapePregeneration()]);
      return built[0] + built[1];
    };
    await bothAtOnce(); // the days of the people the other tests made
    const tokens = [await subscriber('tokyo'), await subscriber('losAngeles')];
    expect(await bothAtOnce()).toBe(2);
    expect(await bothAtOnce()).toBe(0);
    // Changed birth data makes the day out of date: rebuilt once, by one of them.
    t.clock.advance(60_000);
    for (const token of tokens) {
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/birth-data/update',
        headers: bearer(token),
        payload: {
          name: 'Ada',
          date: '1990-04-22',
          time: '09:15',
          city: 'x',
          country: 'y',
          placeId: places.oslo,
        },
      });
      expect(changed.statusCode, changed.body).toBeLessThan(300);
    }
    expect(await bothAtOnce()).toBe(2);
    for (const token of tokens) {
      const status = (await call(token, 'GET', '/status')).json().data;
      expect(status.exists).toBe(true);
    }
    const rows = await t.app.database.db
      .selectFrom('landscapes')
      .select(['user_id', 'local_date'])
      .where('state', '=', 'pending')
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('the newest landscape kept in memory', () => {
  it('is never served after another process changed it, nor after a change here', async () => {
    setClock('2031-07-01T12:00:00Z');
    const token = await subscriber('oslo');
    const first = (await call(token, 'GET', '/today')).json().data;
    // Read again: served as kept.
    expect((await call(token, 'GET', '/today')).json().data.variant).toBe(first.variant);

    // Another server process regenerates today's landscape through its own connection.
    const other = await t.startAnotherServer();
    const regenerated = await other.inject({
      method: 'POST',
      url: '/api/cosmic-landscape/regenerate',
      headers: bearer(token),
    });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const fresh = regenerated.json().data.variant;
    expect(fresh).toBeGreaterThan(first.variant);
    // The notice (PostgreSQL) or the file's data version (SQLite) reaches this process.
    await expect
      .poll(async () => (await call(token, 'GET', '/today')).json().data.variant, { timeout: 5_000 })
      .toBe(fresh);

    // A change made here is seen at once: the current location moves the day to another zone.
    const moved = await call(token, 'PUT', '/location', { placeId: places.tokyo });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call(token, 'GET', '/today')).json().data.zone).toBe('Asia/Tokyo');
  });
});
