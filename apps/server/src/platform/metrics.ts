import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db/database.ts';
import type { Tables } from './db/schema.ts';
import { unauthenticated } from './errors.ts';
import type { QueueDepth } from './job-queue.ts';

/**
 * Prometheus metrics at GET /metrics, only when METRICS_TOKEN is set and only for a scraper that
 * sends it as a bearer token: request latency by route pattern and status (never the raw path, so
 * no ids or addresses reach the metrics), the process's CPU, memory and event-loop lag, and the
 * mail waiting in the outbox, the shared job queue's depth (with REDIS_URL) and the PostgreSQL pool's
 * use. Queue, outbox and pool are read when scraped. Each app has its own registry (tests build
 * many apps in one process).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: {
    token: string | undefined;
    database: Database;
    /** The shared queue's counts; null without one or while Redis is away. */
    queueDepth: () => Promise<QueueDepth | null>;
  },
) {
  const { token, database, queueDepth } = options;
  const db: Kysely<Tables> = database.db;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'mail_outbox_pending',
    help: 'Mails accepted but not yet delivered.',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      this.set(Number(row?.count ?? 0));
    },
  });

  new Gauge({
    name: 'job_queue_jobs',
    help: 'Scheduled jobs in the shared queue (REDIS_URL): waiting, running (active), or due later (delayed).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const depth = await queueDepth();
      // No queue, or Redis away: no figures rather than stale ones.
      this.reset();
      if (depth) for (const [state, count] of Object.entries(depth)) this.set({ state }, count);
    },
  });
  const poolUse = database.poolUse;
  if (poolUse) {
    new Gauge({
      name: 'db_pool_clients',
      help: 'PostgreSQL pool: connections open (total) and idle, and queries waiting for a connection.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        for (const [state, count] of Object.entries(poolUse())) this.set({ state }, count);
      },
    });
  }

  // A callback hook: it runs on every request, where an async one costs a promise and a microtask.
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched paths (static files, probes of unknown URLs) share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    latency.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw unauthenticated();
    }
    return reply
      .header('Cache-Control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
