import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { seedPeople } from '../support/seed-people.ts';

// The product's server for the landscape benchmark, in its own process, with three bench-only
// routes that reach past the API for set-up and for the scheduled pass:
//   POST /bench/verify { email }   marks an address verified (no mail round trip)
//   POST /bench/seed { count }     inserts that many paid people (admin role) with birth data
//   POST /bench/pregenerate        runs one pre-generation pass and answers how long it took and
//                                  the process's memory before, after and at its peak
// Prints one JSON line with the port once it listens.

const config = loadConfig({
  ...process.env,
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'astro-bench-landscape-')),
  PORT: '0',
  LOG_LEVEL: 'warn',
  // Every request comes from one address here; the global limit would measure itself.
  RATE_LIMIT_ENABLED: 'false',
  ADMIN_EMAILS: process.env.BENCH_ADMIN_EMAILS ?? '',
  WEB_DIST_DIR: path.join(os.tmpdir(), 'astro-bench-no-web'),
});
const open = { max: 1_000_000, windowMs: 60_000 };
const app = await buildApp(
  { ...config, throttle: { ...config.throttle, registrationsPerIp: open, mailPerIp: open } },
  { mailLoop: false },
);
const db = app.database.db;

app.post<{ Body: { email: string } }>('/bench/verify', async (request) => {
  await db.updateTable('users').set({ email_verified: 1 }).where('email', '=', request.body.email).execute();
  return { ok: true };
});

/** Births spread over 1940–2005 and over the inhabited latitudes, in a few zones. */
const ZONES = [
  ['Europe/Oslo', 59.91, 10.75],
  ['America/New_York', 40.71, -74.0],
  ['Asia/Tokyo', 35.68, 139.69],
  ['Australia/Sydney', -33.87, 151.21],
  ['America/Sao_Paulo', -23.55, -46.63],
  ['Asia/Kolkata', 22.57, 88.36],
] as const;

app.post<{ Body: { count: number } }>('/bench/seed', async (request) => {
  const now = new Date().toISOString();
  for (let from = 0; from < request.body.count; from += 500) {
    const count = Math.min(500, request.body.count - from);
    await seedPeople(db, { from, count, zones: ZONES, emailPrefix: 'seed', now });
  }
  return { ok: true };
});

app.post('/bench/pregenerate', async () => {
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  await app.landscapePregeneration();
  const built = await db
    .selectFrom('landscapes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'ready')
    .executeTakeFirst();
  return {
    ms: performance.now() - started,
    ready: Number(built?.n ?? 0),
    rssBeforeMb: rssBefore / 2 ** 20,
    rssAfterMb: process.memoryUsage().rss / 2 ** 20,
    // The process's peak so far (kilobytes), which includes the pass.
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
});

await app.listen({ port: 0, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
