import { describe, expect, it } from 'vitest';
import { createTestApp, testRateLimit } from '../testing/harness.ts';
import { ManualClock } from './clock.ts';
import { AppError } from './errors.ts';
import { clientKey, memoryLimiters, Throttle } from './throttle.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) =>
      error instanceof AppError ? { status: error.status, headers: error.headers } : error,
  );

describe('Throttle', () => {
  it('checks every limit first and then counts them all, so a refusal uses up none', async () => {
    const throttle = new Throttle(memoryLimiters(new ManualClock()));
    const perIp = { rule: { max: 2, windowMs: HOUR }, key: 'form:ip:1' };
    const perAddress = (n: number) => ({ rule: { max: 1, windowMs: HOUR }, key: `form:address:${n}` });
    await throttle.take(perIp, perAddress(1));
    expect(await refusal(throttle.take(perIp, perAddress(1)))).toMatchObject({ status: 429 });
    // The refused attempt did not count against the address limit it passed.
    await throttle.take(perIp, perAddress(2));
    const refused = await refusal(throttle.take(perIp, perAddress(3)));
    expect(refused).toMatchObject({ status: 429, headers: { 'retry-after': '3600' } });
  });

  it("expires each counter by its own rule: a crowd of short-rule keys never drops a long rule's counts", async () => {
    const clock = new ManualClock();
    const throttle = new Throttle(memoryLimiters(clock));
    const mail = { rule: { max: 3, windowMs: HOUR }, key: 'mail:address:ada@example.com' };
    const login = { rule: { max: 5, windowMs: 15 * MINUTE }, key: '' };
    for (let i = 0; i < 3; i += 1) await throttle.take(mail);
    // More keys than any clean-up threshold, counted under a 15-minute rule, then left to expire.
    for (let i = 0; i < 60_000; i += 1) await throttle.count({ ...login, key: `login:ip:${i}` });
    clock.advance(16 * MINUTE);
    for (let i = 0; i < 60_000; i += 1) await throttle.count({ ...login, key: `login:ip:new-${i}` });
    expect(await throttle.waitFor(mail)).toBe(HOUR - 16 * MINUTE);
    clock.advance(HOUR);
    await throttle.take(mail);
  });

  it('keys IPv6 clients by their /64 and IPv4 clients (also mapped ones) by address', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(clientKey('2001:db8:1:2::')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('192.0.2.7')).not.toBe(clientKey('192.0.2.8'));
  });
});

describe('request limits at scale', () => {
  it('shares a limit within one IPv6 /64 and not across /64s', async () => {
    const t = await createTestApp({
      config: { rateLimit: testRateLimit({ apiPerIp: { max: 2, windowMs: MINUTE } }) },
    });
    try {
      const call = (remoteAddress: string) => t.app.inject({ url: '/api/nothing', remoteAddress });
      expect((await call('2001:db8:5:6::1')).statusCode).toBe(404);
      expect((await call('2001:db8:5:6:ffff::2')).statusCode).toBe(404);
      expect((await call('2001:db8:5:6:1234:5678:9abc:def0')).statusCode).toBe(429);
      expect((await call('2001:db8:5:7::1')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
