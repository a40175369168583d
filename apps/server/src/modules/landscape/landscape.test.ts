import { describe, expect, it } from 'vitest';
import { bearer, register, uniqueEmail } from '../../testing/harness.ts';
import { landscapeTestKit } from './testing.ts';

// The daily landscape against the real app and database (see testing.ts). Regenerations are
// tested in regenerate.test.ts.

const kit = landscapeTestKit();
const { places, subscriber, verifiedUser, call, setClock, expectError } = kit;

describe('who may read a landscape', () => {
  it('refuses a guest, an unverified account, an account without a plan and one without birth data', async () => {
    expectError(await call(null, 'GET', '/today'), 401);
    const unverified = (await register(kit.t.app, uniqueEmail())).token;
    expectError(await call(unverified, 'GET', '/today'), 403);
    const unpaid = await verifiedUser(uniqueEmail());
    for (const path of ['/today', '/status', '/usage', '/dashboard', '/history'])
      expectError(await call(unpaid, 'GET', path), 403, 'PAYMENT_REQUIRED');
    const noBirth = await verifiedUser(kit.nextAdminEmail());
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
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(kit.t.clock.now());
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
    const updated = await kit.t.app.inject({
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

  it('tags today with an ETag: the same landscape answers 304 without a body to its tag, a new one 200', async () => {
    const token = await subscriber('oslo');
    const first = await call(token, 'GET', '/today');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await call(token, 'GET', '/today');
    expect([again.headers.etag, again.body]).toEqual([etag, first.body]);
    const conditional = (tag: string) =>
      kit.t.app.inject({
        url: '/api/cosmic-landscape/today',
        headers: { ...bearer(token), 'if-none-match': tag },
      });
    const unchanged = await conditional(etag);
    expect([unchanged.statusCode, unchanged.body, unchanged.headers.etag]).toEqual([304, '', etag]);
    expect((await conditional('"another"')).statusCode).toBe(200);
    // Another person's tag is not this person's landscape.
    const other = await subscriber('tokyo');
    const theirs = await kit.t.app.inject({
      url: '/api/cosmic-landscape/today',
      headers: { ...bearer(other), 'if-none-match': etag },
    });
    expect(theirs.statusCode).toBe(200);

    const regenerated = await call(token, 'POST', '/regenerate');
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const fresh = await conditional(etag);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(etag);
    expect(fresh.json().data.id).toBe(regenerated.json().data.id);
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
    const feed = await kit.t.app.inject(`${url.pathname}${url.search}`);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.body).toMatch(/^BEGIN:VCALENDAR/);
    expect(feed.body).toContain('BEGIN:VEVENT');
    expect(feed.body).toMatch(/SUMMARY:.*your natal/);

    const newer = new URL((await call(token, 'POST', '/calendar-link')).json().data.url);
    expectError(await kit.t.app.inject(`${url.pathname}${url.search}`), 404);
    expect((await kit.t.app.inject(`${newer.pathname}${newer.search}`)).statusCode).toBe(200);
    expectError(
      await kit.t.app.inject(`${newer.pathname}${newer.search.replace('days=30', 'days=500')}`),
      422,
    );
    expectError(await kit.t.app.inject('/api/cosmic-landscape/calendar.ics?days=30'), 422);
  });
});

describe('pre-generation', () => {
  it('builds each subscriber’s day once, even with two processes running it at the same time', async () => {
    setClock('2031-06-01T12:00:00Z');
    const other = await kit.t.startAnotherServer();
    const bothAtOnce = async () => {
      const built = await Promise.all([kit.t.app.landscapePregeneration(), other.landscapePregeneration()]);
      return built[0] + built[1];
    };
    await bothAtOnce(); // the days of the people the other tests made
    const tokens = [await subscriber('tokyo'), await subscriber('losAngeles')];
    expect(await bothAtOnce()).toBe(2);
    expect(await bothAtOnce()).toBe(0);
    // Changed birth data makes the day out of date: rebuilt once, by one of them.
    kit.t.clock.advance(60_000);
    for (const token of tokens) {
      const changed = await kit.t.app.inject({
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
    const rows = await kit.t.app.database.db
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

    // Another server process moves the person's day to Tokyo and builds that day's landscape,
    // through its own connection.
    const other = await kit.t.startAnotherServer();
    const elsewhere = (path: string, method: 'GET' | 'PUT' = 'GET', payload?: object) =>
      other.inject({
        method,
        url: `/api/cosmic-landscape${path}`,
        headers: bearer(token),
        ...(payload && { payload }),
      });
    expect((await elsewhere('/location', 'PUT', { placeId: places.tokyo })).statusCode).toBe(200);
    const built = (await elsewhere('/today')).json().data;
    expect(built).toMatchObject({ zone: 'Asia/Tokyo' });
    expect(built.id).not.toBe(first.id);
    // The notice (PostgreSQL) or the file's data version (SQLite) reaches this process.
    await expect
      .poll(async () => (await call(token, 'GET', '/today')).json().data.id, { timeout: 5_000 })
      .toBe(built.id);

    // A change made here is seen at once: back to the birth place moves the day to Oslo again.
    const moved = await call(token, 'PUT', '/location', { placeId: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call(token, 'GET', '/today')).json().data.zone).toBe('Europe/Oslo');
  });
});
