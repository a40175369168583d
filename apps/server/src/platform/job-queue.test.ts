import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  passSecondFactor,
  registerVerified,
  TEST_REDIS_URL,
  uniqueEmail,
} from '../testing/harness.ts';

// Scheduled jobs of several server processes through the queue in Redis (REDIS_URL): each
// period's run happens in one process only, and a failed run is retried and reported. Needs a
// Redis server: `npm test` starts one and sets TEST_REDIS_URL.

const until = async (check: () => boolean | Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** Two server processes on one database and one Redis, each running `addJob` with its jobs on. */
async function twoProcesses(redisUrl: string, addJob: (app: FastifyInstance) => void) {
  const admin = uniqueEmail('admin');
  const t = await createTestApp({
    mailLoop: true,
    config: {
      redis: { url: redisUrl, keyPrefix: `test-${randomBytes(4).toString('hex')}` },
      adminEmails: [admin],
    },
    beforeReady: addJob,
  });
  const other = await t.startAnotherServer({ mailLoop: true, beforeReady: addJob });
  return { t, other, admin };
}

if (!TEST_REDIS_URL) {
  console.warn(
    'job-queue.test.ts: TEST_REDIS_URL is not set, so the scheduled jobs through Redis were NOT tested; set it to a Redis server (npm test starts one).',
  );
} else {
  const redisUrl = TEST_REDIS_URL;
  describe('scheduled jobs through Redis', () => {
    it('run once per period across two processes, never in both', { timeout: 30_000 }, async () => {
      const intervalMs = 500;
      const runs: { at: number; dueAt: number; process: string }[] = [];
      let serial = 0;
      const { t, other } = await twoProcesses(redisUrl, (app) => {
        serial += 1;
        const process = `process ${serial}`;
        app.scheduledJobs.every(app, {
          name: 'tick',
          intervalMs,
          task: async ({ dueAt }) => {
            runs.push({ at: Date.now(), dueAt, process });
            // Long enough that both processes would have taken the run if both could.
            await new Promise((resolve) => setTimeout(resolve, 50));
          },
        });
      });
      try {
        await until(() => runs.length >= 6, 15_000);
        // One run for each period (each due time), never two, whichever process took it.
        const periods = runs.map((run) => run.dueAt);
        expect(new Set(periods).size).toBe(runs.length);
        // In order, and never two within one interval. A busy machine may skip a period, as a late
        // run does in one process; BullMQ then moves to the next whole multiple of the interval,
        // which need not keep the phase of the first due time (the second process's scheduling
        // meeting a run in progress resets it), so the gaps are at least one interval, not exact
        // multiples of it.
        for (let i = 1; i < periods.length; i += 1) {
          expect(periods[i]! - periods[i - 1]!).toBeGreaterThanOrEqual(intervalMs);
        }
        // Both reports show the last run, wherever it happened.
        const [one, two] = await Promise.all([t.app.scheduledJobs.report(), other.scheduledJobs.report()]);
        expect(one.find((job) => job.name === 'tick')?.lastRunAt).toEqual(expect.any(String));
        expect(two.find((job) => job.name === 'tick')?.lastRunAt).toEqual(expect.any(String));
      } finally {
        await t.close();
      }
      // Stopped with the servers: no run after the close.
      const count = runs.length;
      await new Promise((resolve) => setTimeout(resolve, intervalMs * 2));
      expect(runs.length).toBe(count);
    });

    it('retry a failed run with growing pauses and report the failure in system health', {
      timeout: 30_000,
    }, async () => {
      // A period of 10 s: retries after 500 ms, then 1 s, well inside it.
      const attempts: number[] = [];
      const { t, other, admin } = await twoProcesses(redisUrl, (app) => {
        app.scheduledJobs.every(app, {
          name: 'broken',
          intervalMs: 10_000,
          task: async () => {
            attempts.push(Date.now());
            throw new Error('disk full');
          },
        });
      });
      try {
        const { token } = await registerVerified(t.app, admin);
        await passSecondFactor(t.app, token);
        const brokenJob = async (app: FastifyInstance) => {
          const response = await app.inject({ url: '/api/admin/system-health', headers: bearer(token) });
          expect(response.statusCode).toBe(200);
          const runs = response.json().data.jobs.runs as { name: string; lastError: string | null }[];
          return runs.find((job) => job.name === 'broken');
        };
        await until(async () => (await brokenJob(t.app))?.lastError === 'disk full (attempt 3 of 3)', 15_000);
        expect(attempts.length).toBeGreaterThanOrEqual(3);
        // One attempt at a time, each after a longer pause (500 ms, then 1 s).
        expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(450);
        expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(950);
        // The other process reports the same failure, wherever the run happened.
        expect(await brokenJob(other)).toMatchObject({
          lastError: 'disk full (attempt 3 of 3)',
          lastRunAt: expect.any(String),
        });
      } finally {
        await t.close();
      }
    });
  });
}

describe('scheduled jobs with Redis away', () => {
  it('hold neither the start nor the stop of the server', { timeout: 60_000 }, async () => {
    // Nothing listens on this port: the queue waits for a Redis that never comes.
    const t = await createTestApp({
      mailLoop: true,
      config: { redis: { url: 'redis://127.0.0.1:1', keyPrefix: 'test-away' } },
    });
    let closing = 0;
    try {
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
      const runs = await t.app.scheduledJobs.report();
      expect(runs.map((job) => job.name)).toContain('sent mail clean-up');
      expect(runs.every((job) => job.lastRunAt === null)).toBe(true);
    } finally {
      closing = Date.now();
      await t.close();
    }
    expect(Date.now() - closing).toBeLessThan(5_000);
  });
});
