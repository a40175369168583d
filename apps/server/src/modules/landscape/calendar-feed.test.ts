import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  GOOD_PASSWORD,
  login,
  registerVerified,
  secretFromOutbox,
  type TestApp,
  testConfig,
} from '../../testing/harness.ts';

// The private calendar feed: computed once per person and day and answered from memory (with an
// ETag for conditional reads), limited per address, and voided when the person's sessions all end
// for their safety.

const ADMINS = Array.from({ length: 12 }, (_, i) => `feed.${i}@calendar.test`);
let nextAdmin = 0;
const READS_PER_HOUR = 6;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      adminEmails: ADMINS,
      throttle: {
        ...testConfig().throttle,
        calendarReadsPerToken: { max: READS_PER_HOUR, windowMs: 60 * 60_000 },
      },
    },
  });
});
afterAll(() => t.close());

const BIRTH = {
  name: 'Ada',
  date: '1990-04-21',
  time: '14:30',
  city: 'Oslo',
  country: 'Norway',
  latitude: 59.91,
  longitude: 10.75,
  timeZone: 'Europe/Oslo',
};

/** A subscriber with birth data and a calendar address: their token, email and the feed's path. */
async function withFeed(): Promise<{ token: string; email: string; feed: string }> {
  const { token, email } = await registerVerified(t.app, ADMINS[nextAdmin++]!);
  await t.app.inject({ method: 'POST', url: '/api/birth-data/save', headers: bearer(token), payload: BIRTH });
  const link = await t.app.inject({
    method: 'POST',
    url: '/api/cosmic-landscape/calendar-link',
    headers: bearer(token),
  });
  const url = new URL(link.json().data.url);
  return { token, email, feed: `${url.pathname}${url.search}` };
}

const read = (feed: string, etag?: string) =>
  t.app.inject({ url: feed, headers: etag ? { 'if-none-match': etag } : {} });

describe('the calendar feed', () => {
  it('puts each event at the instant its transit is exact, in UTC', async () => {
    const { feed } = await withFeed();
    const body = (await read(feed)).body;
    expect(body).not.toMatch(/^DT(START|END|STAMP):\d{8}T\d{6}\r?$/m);
    const events = new ICAL.Component(ICAL.parse(body)).getAllSubcomponents('vevent');
    expect(events.length).toBeGreaterThan(3);
    for (const component of events) {
      const event = new ICAL.Event(component);
      // The UID names the exact instant the event stands for.
      const exactAt = /-(\d{4}-\d\d-\d\dT[\d:.]+Z)@/.exec(event.uid)?.[1];
      expect(exactAt, event.uid).toBeDefined();
      expect(event.startDate.zone?.tzid).toBe('UTC');
      expect(Math.abs(event.startDate.toJSDate().getTime() - Date.parse(exactAt!))).toBeLessThan(1000);
    }
  });

  it('is computed once a day and answers 304 to a reader that has it', async () => {
    const { token, feed } = await withFeed();
    const first = await read(feed);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a recomputed feed would carry a new DTSTAMP
    const second = await read(feed);
    expect(second.body).toBe(first.body);
    const unchanged = await read(feed, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    // New birth data, or a new day, is a new feed.
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/birth-data/update',
      headers: bearer(token),
      payload: { ...BIRTH, time: '15:30' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const moved = await read(feed, etag);
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
    t.clock.advance(24 * 60 * 60_000);
    const tomorrow = await read(feed, moved.headers.etag as string);
    expect(tomorrow.statusCode).toBe(200);
    expect(tomorrow.body).not.toBe(moved.body);
  });

  it('is read a limited number of times an hour per address', async () => {
    const { feed } = await withFeed();
    const other = await withFeed();
    for (let i = 0; i < READS_PER_HOUR; i++) expect((await read(feed)).statusCode).toBe(200);
    const refused = await read(feed);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await read(other.feed)).statusCode).toBe(200);
    t.clock.advance(60 * 60_000);
    expect((await read(feed)).statusCode).toBe(200);
  });

  it('stops working when the person signs out everywhere, changes or resets the password', async () => {
    const everywhere = await withFeed();
    expect((await read(everywhere.feed)).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: bearer(everywhere.token) });
    expect((await read(everywhere.feed)).statusCode).toBe(404);

    const changed = await withFeed();
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: bearer(changed.token),
      payload: { currentPassword: GOOD_PASSWORD, newPassword: 'amber-comet-93-harbour' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await read(changed.feed)).statusCode).toBe(404);

    const reset = await withFeed();
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: reset.email } });
    await t.app.auth.idle();
    const secret = await secretFromOutbox(t.app, reset.email, 'reset-password');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: secret, newPassword: 'amber-comet-93-harbour' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await read(reset.feed)).statusCode).toBe(404);

    // A new address works again.
    const again = (await login(t.app, reset.email, 'amber-comet-93-harbour')).json().token as string;
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/cosmic-landscape/calendar-link',
      headers: bearer(again),
    });
    const url = new URL(link.json().data.url);
    expect((await read(`${url.pathname}${url.search}`)).statusCode).toBe(200);
  });
});
