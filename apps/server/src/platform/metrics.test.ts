import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  register,
  TEST_REDIS_URL,
  type TestApp,
  uniqueEmail,
} from '../testing/harness.ts';

const TOKEN = 'scraper-token-0123456789abcdef';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(() => t.close());

  it('answers only the scraper that sends the token', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: bearer(`${TOKEN}x`) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
    const ok = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('reports latency by route pattern (no ids), the event loop, memory and the mail outbox', async () => {
    await t.app.inject('/api/health');
    const person = await register(t.app, uniqueEmail('metrics'));
    await t.app.inject({ url: '/api/chat/sessions/some-secret-id', headers: bearer(person.token) });
    const text = (await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) })).body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} \d+/,
    );
    expect(text).toMatch(/route="\/api\/auth\/register",status_code="201"/);
    expect(text).not.toContain('some-secret-id');
    expect(text).not.toContain(person.email);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    // The verification mail of the registration waits in the outbox (no mail loop in tests).
    expect(Number(/^mail_outbox_pending (\d+)/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
  });

  it('reports the PostgreSQL pool in use when scraped (SQLite has no pool)', async () => {
    const scrape = async () => (await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) })).body;
    const figure = (text: string, state: string) =>
      Number(new RegExp(`^db_pool_clients\\{state="${state}"\\} (\\d+)`, 'm').exec(text)?.[1]);
    if (t.app.database.engine === 'sqlite') {
      expect(await scrape()).not.toContain('db_pool_clients');
      return;
    }
    // A transaction holds one connection while the scrape happens.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = () => {};
    const started = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const transaction = t.app.database.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      holding();
      await held;
    });
    await started;
    const during = await scrape();
    release();
    await transaction;
    expect(figure(during, 'total')).toBeGreaterThanOrEqual(1);
    expect(figure(during, 'total') - figure(during, 'idle')).toBeGreaterThanOrEqual(1);
    expect(figure(during, 'waiting')).toBe(0);
    const after = await scrape();
    expect(figure(after, 'idle')).toBe(figure(after, 'total'));
  });

  it('has no job queue figures without Redis', async () => {
    const text = (await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) })).body;
    expect(text).toContain('# TYPE job_queue_jobs gauge');
    expect(text).not.toMatch(/^job_queue_jobs\{/m);
  });
});

if (!TEST_REDIS_URL) {
  console.warn(
    'metrics.test.ts: TEST_REDIS_URL is not set, so the job queue figures were NOT tested; set it to a Redis server (npm test starts one).',
  );
} else {
  const redisUrl = TEST_REDIS_URL;
  describe('GET /metrics with the job queue in Redis', () => {
    it('reports the queue depth: the hourly clean-up waits for its next period', {
      timeout: 20_000,
    }, async () => {
      const t = await createTestApp({
        mailLoop: true,
        config: {
          metricsToken: TOKEN,
          redis: { url: redisUrl, keyPrefix: `test-${randomBytes(4).toString('hex')}` },
        },
      });
      try {
        let text = '';
        const deadline = Date.now() + 10_000;
        while (!/^job_queue_jobs\{state="delayed"\} [1-9]/m.test(text) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          text = (await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) })).body;
        }
        expect(text).toMatch(/^job_queue_jobs\{state="delayed"\} [1-9]\d*$/m);
        expect(text).toMatch(/^job_queue_jobs\{state="waiting"\} \d+$/m);
        expect(text).toMatch(/^job_queue_jobs\{state="active"\} \d+$/m);
      } finally {
        await t.close();
      }
    });
  });
}

describe('without METRICS_TOKEN', () => {
  it('has no /metrics route at all', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject('/metrics');
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
