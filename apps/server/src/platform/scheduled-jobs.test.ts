import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ScheduledJobs } from './scheduled-jobs.ts';

describe('scheduled jobs', () => {
  it('run once at start when asked, never overlap, report their last run and failure, and stop with the server', async () => {
    const app = Fastify({ logger: false });
    const jobs = new ScheduledJobs();
    let runs = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    jobs.every(app, {
      name: 'slow',
      intervalMs: 10,
      runAtStart: true,
      task: async () => {
        runs += 1;
        await gate;
      },
    });
    jobs.every(app, {
      name: 'broken',
      intervalMs: 60_000,
      runAtStart: true,
      task: async () => Promise.reject(new Error('disk full')),
    });
    expect((await jobs.report()).map((job) => job.lastRunAt)).toEqual([null, null]);
    await app.ready();
    await new Promise((resolve) => setTimeout(resolve, 60));
    // The interval fired several times while the first run was still going: it was not started again.
    expect(runs).toBe(1);
    const closing = runs;
    release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [slow, broken] = await jobs.report();
    expect(slow).toMatchObject({ name: 'slow', lastError: null, lastRunAt: expect.any(String) });
    expect(broken).toMatchObject({ name: 'broken', lastError: 'disk full', lagMs: 0 });
    await app.close();
    expect(runs).toBeGreaterThanOrEqual(closing);
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(runs).toBe(after);
  });
});
