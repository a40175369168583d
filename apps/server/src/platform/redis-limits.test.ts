import { randomBytes } from 'node:crypto';
import { STATUS_MESSAGES } from '@app/contracts/error-catalogue.ts';
import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_REDIS_URL, testRateLimit } from '../testing/harness.ts';

// Several server processes with REDIS_URL share their request limits; with Redis away each keeps
// serving with its own counters. Needs a Redis server: `npm test` starts one (TEST_REDIS_URL).

const MINUTE = 60_000;

/** Two server processes on the same data and the same Redis keys, with tight API limits. */
async function twoProcesses(redisUrl: string) {
  const redis = { url: redisUrl, keyPrefix: `test-${randomBytes(4).toString('hex')}` };
  const t = await createTestApp({
    config: { redis, rateLimit: testRateLimit({ apiPerIp: { max: 4, windowMs: MINUTE } }) },
  });
  const other = await t.startAnotherServer();
  return { t, other };
}

if (TEST_REDIS_URL) {
  const redisUrl = TEST_REDIS_URL;
  describe('request limits through Redis', () => {
    it('counts one client across every process: the limit is not multiplied by the processes', async () => {
      const { t, other } = await twoProcesses(redisUrl);
      try {
        const from = { remoteAddress: '10.30.0.1' };
        const codes = [];
        for (let i = 0; i < 6; i += 1) {
          const app = i % 2 === 0 ? t.app : other;
          codes.push((await app.inject({ url: '/api/partners/programme', ...from })).statusCode);
        }
        expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
        const refused = await other.inject({ url: '/api/partners/programme', ...from });
        expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', error: STATUS_MESSAGES[429] });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await t.close();
      }
    });
  });
}

describe('request limits with Redis away', () => {
  it('keep serving and keep limiting, each process on its own counters', async () => {
    // Nothing listens on this port: every Redis command fails at once.
    const { t } = await twoProcesses('redis://127.0.0.1:1');
    try {
      const from = { remoteAddress: '10.30.0.2' };
      const codes = [];
      for (let i = 0; i < 6; i += 1) {
        codes.push((await t.app.inject({ url: '/api/partners/programme', ...from })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
