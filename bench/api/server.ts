import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { apiSecurityHeaders } from '../../apps/server/src/platform/security.ts';

// One server for the benchmark, in its own process so the load generator does not share its heap:
// BENCH_MODE=app starts the product's server, BENCH_MODE=bare a plain Fastify with one route, and
// BENCH_MODE=bare-headers the same route answering with the headers every API answer of the
// product carries (security headers, the request id, Vary). Prints one JSON line with the port.

const mode = process.env.BENCH_MODE ?? 'app';
const logLevel = 'warn';

if (mode === 'bare' || mode === 'bare-headers') {
  const app = Fastify({ logger: { level: logLevel }, genReqId: () => randomUUID() });
  if (mode === 'bare-headers') {
    const headers = { ...apiSecurityHeaders(undefined), vary: 'Origin' };
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers).header('x-request-id', request.id);
      done();
    });
  }
  const user = {
    id: 'bench',
    email: 'bench@example.com',
    name: 'Bench',
    role: 'user',
    emailVerified: true,
    createdAt: new Date(0).toISOString(),
  };
  app.get('/bare', async () => ({ success: true, user }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
} else {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'astro-bench-')),
    PORT: '0',
    LOG_LEVEL: logLevel,
    // Every request comes from one address here; the global limit would measure itself.
    RATE_LIMIT_ENABLED: 'false',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'astro-bench-no-web'),
  });
  // Many logins from one address would trip the per-address throttles.
  const open = { max: 1_000_000, windowMs: 60_000 };
  const app = await buildApp(
    { ...config, throttle: { ...config.throttle, loginFailuresPerIp: open, registrationsPerIp: open } },
    { mailLoop: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
}
