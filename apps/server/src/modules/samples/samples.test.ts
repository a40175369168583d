import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chartOfBirth } from '@app/astro/chart/natal-chart';
import type { LocalDay } from '@app/astro/time/local-day';
import { SamplesResultSchema } from '@app/contracts/samples.ts';
import { SIGNS } from '@app/interpretations/knowledge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp, testRateLimit } from '../../testing/harness.ts';
import { composeSamples, DailySamples, SAMPLE_BIRTH, SAMPLE_QUESTION } from './samples.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 86_400_000;
const utcDate = (at: Date) => at.toISOString().slice(0, 10);
const msToUtcMidnight = (at: Date) => Date.parse(`${utcDate(at)}T00:00:00Z`) + DAY_MS - at.getTime();

async function samples() {
  const response = await t.app.inject({ method: 'GET', url: '/api/samples' });
  expect(response.statusCode, response.body).toBe(200);
  return { response, data: SamplesResultSchema.parse(response.json()).data };
}

describe('GET /api/samples', () => {
  it("answers a guest with today's landscape and an assistant's answer for the sample birth", async () => {
    const { response, data } = await samples();
    expect(data.birth).toEqual({
      date: '1990-04-21',
      time: '14:30',
      place: 'Oslo, Norway',
      zone: 'Europe/Oslo',
    });

    // Today's landscape: the UTC date's day, at the birthplace, in the landscape's own words.
    expect(data.landscape.date).toBe(utcDate(t.clock.now()));
    expect(data.landscape.zone).toBe('Europe/Oslo');
    expect(data.landscape.timeKnown).toBe(true);
    expect(data.landscape.headline.length).toBeGreaterThan(10);
    expect(data.landscape.summary.length).toBeGreaterThan(40);
    expect(data.landscape.sky.length).toBeGreaterThan(9);
    expect(data.landscape.transits.filter((transit) => transit.text).length).toBeGreaterThan(0);

    // The answer is about the sample chart's own Moon (14:30 in Oslo is 12:30 UT under summer time).
    expect(data.chat.question).toBe(SAMPLE_QUESTION);
    const chart = chartOfBirth({
      utc: '1990-04-21T12:30:00.000Z',
      latitude: SAMPLE_BIRTH.latitude,
      longitude: SAMPLE_BIRTH.longitude,
      timeKnown: true,
    });
    const moon = chart.bodies.find((body) => body.body === 'moon');
    const moonSign = SIGNS[moon?.sign ?? '']?.name;
    expect(moonSign).toBeTruthy();
    expect(data.chat.answer).toContain(`Moon in ${moonSign}`);
    expect(data.chat.facts).toContainEqual({
      kind: 'placement',
      text: expect.stringMatching(new RegExp(`^Moon in ${moonSign} in the \\d+(st|nd|rd|th) house`)),
    });

    // The same for everyone: a browser may keep it, at most an hour and never past UTC midnight.
    const maxAge = Number(/^public, max-age=(\d+)$/.exec(String(response.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(Math.min(3600, Math.ceil(msToUtcMidnight(t.clock.now()) / 1000)));
  });

  it('is computed once per UTC day and kept until the next', async () => {
    const first = (await samples()).data;
    const left = msToUtcMidnight(t.clock.now());
    t.clock.advance(Math.floor(left / 2));
    expect((await samples()).data).toEqual(first);

    t.clock.advance(left);
    const next = (await samples()).data;
    expect(next.landscape.date).toBe(utcDate(t.clock.now()));
    expect(next.landscape.date).not.toBe(first.landscape.date);
    expect(next.landscape.generatedAt).toBe(t.clock.now().toISOString());
  });

  it('is sent compressed to browsers that accept it, the same answer in every encoding', async () => {
    const plain = await t.app.inject({ url: '/api/samples' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', decode: brotliDecompressSync },
      { accept: 'gzip', encoding: 'gzip', decode: gunzipSync },
      { accept: 'br;q=0, gzip;q=0.8', encoding: 'gzip', decode: gunzipSync },
    ];
    for (const { accept, encoding, decode } of cases) {
      const response = await t.app.inject({ url: '/api/samples', headers: { 'accept-encoding': accept } });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type'], accept).toBe('application/json; charset=utf-8');
      // A cache keeps one copy per encoding, beside CORS's own Vary.
      expect(String(response.headers.vary), accept).toMatch(/^Origin, Accept-Encoding$/);
      const body = decode(response.rawPayload);
      expect(body.toString(), accept).toBe(plain.body);
      expect(response.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 2);
    }
    expect(SamplesResultSchema.parse(plain.json()).success).toBe(true);
    for (const accept of ['identity', 'deflate', '*;q=0']) {
      const response = await t.app.inject({ url: '/api/samples', headers: { 'accept-encoding': accept } });
      expect(response.headers['content-encoding'], accept).toBeUndefined();
      expect(response.body, accept).toBe(plain.body);
    }
  });

  it('is counted by the request limits like any API call', async () => {
    const limited = await createTestApp({
      config: { rateLimit: testRateLimit({ apiPerIp: { max: 2, windowMs: 60_000 } }) },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await limited.app.inject({ url: '/api/samples' })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('daily samples', () => {
  it('composes once per UTC day, for the UTC date at the birthplace', () => {
    const clock = new ManualClock('2031-03-10T23:30:00.000Z');
    const days: LocalDay[] = [];
    const daily = new DailySamples(clock, (day, generatedAt) => {
      days.push(day);
      return composeSamples(day, generatedAt);
    });
    // 00:30 in Oslo on the 11th, but still the 10th in UTC.
    expect(daily.today().samples.landscape.date).toBe('2031-03-10');
    expect(daily.today().secondsLeft).toBe(30 * 60);
    clock.advance(29 * 60_000);
    daily.today();
    expect(days.map((day) => day.date)).toEqual(['2031-03-10']);
    expect(days[0]?.zone).toBe('Europe/Oslo');
    clock.advance(60_000);
    expect(daily.today().samples.landscape.date).toBe('2031-03-11');
    expect(days.map((day) => day.date)).toEqual(['2031-03-10', '2031-03-11']);
    // Serialized and compressed with the day's samples, not again on each request.
    expect(daily.today().answer.br).toBe(daily.today().answer.br);
    expect(JSON.parse(daily.today().answer.identity.toString()).data).toEqual(daily.today().samples);
  });
});
