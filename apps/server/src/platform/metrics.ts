import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Tables } from './db/schema.ts';
import { unauthenticated } from './errors.ts';

/**
 * Prometheus metrics at GET /metrics, only when METRICS_TOKEN is set and only for a scraper that
 * sends it as a bearer token: request latency by route pattern and status (never the raw path, so
 * no ids or addresses reach the metrics), the process's CPU, memory and event-loop lag, and the
 * mail waiting in the outbox. Each app has its own registry (tests build many apps in one process).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { token: string | undefined; db: Kysely<Tables> },
) {
  const { token, db } = options;
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

  app.addHook('onResponse', async (request, reply) => {
    // Unmatched paths (static files, probes of unknown URLs) share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    latency.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
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
