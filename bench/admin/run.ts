import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { percentile } from '../support/bench-api.ts';

// The admin area's two busiest reads with a grown business seeded: BENCH_USERS people (default
// 100,000), a fifth of them with a subscription, chat messages and landscapes for some. Prints the
// median and p95 of GET /api/admin/dashboard and of a users page (newest first, and a search),
// on SQLite, or on PostgreSQL when DATABASE_URL names one. Target: p95 under 100 ms.
// Run: node --import tsx bench/admin/run.ts

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const SUBSCRIPTIONS = Math.round(USERS / 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const ADMIN = 'bench.admin@admin.test';
const DAY = 86_400_000;

const config = loadConfig({
  ...process.env,
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'astro-bench-admin-')),
  PORT: '0',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_ENABLED: 'false',
  ADMIN_EMAILS: ADMIN,
  WEB_DIST_DIR: path.join(os.tmpdir(), 'astro-bench-no-web'),
});
const app = await buildApp(config, { mailLoop: false });
const db = app.database.db;

async function inBatches<T>(count: number, make: (i: number) => T, insert: (rows: T[]) => Promise<unknown>) {
  const batch = app.database.engine === 'sqlite' ? 2000 : 1000;
  for (let start = 0; start < count; start += batch)
    await insert(Array.from({ length: Math.min(batch, count - start) }, (_, k) => make(start + k)));
}

const seedStarted = performance.now();
const now = Date.now();
const at = (i: number) => new Date(now - (i % 400) * DAY - (i % 997) * 60_000).toISOString();
await inBatches(
  USERS,
  (i) => ({
    id: `bench-user-${i}`,
    email: `person${i}@bench.test`,
    name: `Person ${i}`,
    password_hash: 'x',
    role: 'user',
    email_verified: i % 3 === 0 ? 0 : 1,
    disabled: i % 500 === 0 ? 1 : 0,
    created_at: at(i),
    updated_at: at(i),
  }),
  (rows) => db.insertInto('users').values(rows).execute(),
);
const STATUSES = ['active', 'trialing', 'canceled', 'past_due'] as const;
await inBatches(
  SUBSCRIPTIONS,
  (i) => ({
    user_id: `bench-user-${i * 5}`,
    plan_id: i % 3 === 0 ? 'yearly' : 'monthly',
    status: STATUSES[i % STATUSES.length]!,
    provider: 'local' as const,
    customer_email: `person${i * 5}@bench.test`,
    customer_name: 'Person',
    cancel_at_period_end: 0,
    had_trial: i % 2,
    trial_end: i % 2 ? at(i) : null,
    canceled_at: i % 4 === 2 ? at(i) : null,
    provider_version: 0,
    created_at: at(i),
    updated_at: at(i),
  }),
  (rows) => db.insertInto('subscriptions').values(rows).execute(),
);
const seedSeconds = (performance.now() - seedStarted) / 1000;

// The operator: registered, two-step sign-in passed, as the page does.
const registered = await app.inject({
  method: 'POST',
  url: '/api/auth/register',
  payload: { email: ADMIN, name: 'Bench Admin', password: 'a long bench password 42' },
});
const token = registered.json().token as string;
const headers = { authorization: `Bearer ${token}` };
// The listed address is an admin once verified: the link of its mail in the outbox is opened.
const mail = await db
  .selectFrom('mail_outbox')
  .select('text_body')
  .where('recipient', '=', ADMIN)
  .executeTakeFirstOrThrow();
const link = /verify-email\/([\w-]+)/.exec(mail.text_body)?.[1];
if ((await app.inject(`/api/auth/verify-email/${link}`)).statusCode !== 200) throw new Error('verify failed');
const { secret } = (await app.inject({ method: 'POST', url: '/api/auth/mfa/enroll', headers })).json().data;
const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
const verified = await app.inject({
  method: 'POST',
  url: '/api/auth/mfa/verify',
  headers,
  payload: { code },
});
if (verified.statusCode !== 200) throw new Error(`second factor: ${verified.body}`);

async function measure(label: string, url: string) {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS + 3; i++) {
    const started = performance.now();
    const response = await app.inject({ url, headers });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    if (i >= 3) times.push(performance.now() - started);
  }
  console.log(
    `  ${label.padEnd(44)} median ${percentile(times, 0.5).toFixed(1)} ms   p95 ${percentile(times, 0.95).toFixed(1)} ms   (target p95 < 100 ms)`,
  );
}

console.log(
  `Admin benchmark on ${app.database.engine}: ${USERS} people, ${SUBSCRIPTIONS} subscriptions (seeded in ${seedSeconds.toFixed(1)} s), ${ROUNDS} requests each`,
);
await measure('GET /api/admin/dashboard', '/api/admin/dashboard');
await measure('GET /api/admin/users (newest first, 25)', '/api/admin/users?limit=25');
await measure('GET /api/admin/users?search=person4242', '/api/admin/users?search=person4242&limit=25');
await measure(
  'GET /api/admin/users (page 100, by email)',
  '/api/admin/users?limit=25&offset=2475&sort=email&order=asc',
);
await app.close();
