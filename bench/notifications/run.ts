import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { readOrCreateVapidKeys } from '../../apps/server/src/modules/notifications/config.ts';
import { localMoment } from '../../apps/server/src/modules/notifications/local-time.ts';
import { ManualClock } from '../../apps/server/src/platform/clock.ts';
import { seedPeople } from '../support/seed-people.ts';

// The daily note at scale: BENCH_NOTE_PEOPLE (default 10,000) paid people with birth data in 26
// zones (every offset from −11 to +13, and +5:30, +5:45), each with the note on at 08:00 and one
// device at a local push service in its own process (which checks every VAPID signature and
// decrypts every payload). The server runs here on SQLite in a temporary folder with its clock
// moved through one day in quarter hours, running the minute job at each (every local hour
// begins on a quarter hour); no landscape is stored beforehand, so each note also builds the
// person's landscape of the day, as the first note of a day does when pre-generation has not run.
// Prints the largest hour's batch, the whole day, and the peak memory.
//   node --import tsx bench/notifications/run.ts

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PEOPLE = Number(process.env.BENCH_NOTE_PEOPLE ?? 10_000);
const DAY = '2031-03-05';
const QUARTER = 15 * 60_000;

const ZONES = [
  ['Pacific/Pago_Pago', -14.27, -170.7],
  ['Pacific/Honolulu', 21.31, -157.86],
  ['America/Anchorage', 61.22, -149.9],
  ['America/Los_Angeles', 34.05, -118.24],
  ['America/Denver', 39.74, -104.99],
  ['America/Chicago', 41.88, -87.63],
  ['America/New_York', 40.71, -74.0],
  ['America/Halifax', 44.65, -63.57],
  ['America/Sao_Paulo', -23.55, -46.63],
  ['Atlantic/South_Georgia', -54.28, -36.51],
  ['Atlantic/Azores', 37.74, -25.67],
  ['Europe/London', 51.51, -0.13],
  ['Europe/Paris', 48.86, 2.35],
  ['Europe/Athens', 37.98, 23.73],
  ['Europe/Moscow', 55.76, 37.62],
  ['Asia/Dubai', 25.2, 55.27],
  ['Asia/Karachi', 24.86, 67.0],
  ['Asia/Kolkata', 22.57, 88.36],
  ['Asia/Kathmandu', 27.72, 85.32],
  ['Asia/Dhaka', 23.81, 90.41],
  ['Asia/Bangkok', 13.76, 100.5],
  ['Asia/Shanghai', 31.23, 121.47],
  ['Asia/Tokyo', 35.68, 139.69],
  ['Australia/Sydney', -33.87, 151.21],
  ['Pacific/Noumea', -22.28, 166.46],
  ['Pacific/Auckland', -36.85, 174.76],
] as const;

type FromPush = {
  ready?: string;
  subscriptions?: { endpoint: string; keys: { p256dh: string; auth: string } }[];
} & Record<string, unknown>;

const pushProcess = fork(path.join(HERE, 'push-service.ts'), {
  execArgv: ['--import', 'tsx'],
  stdio: 'inherit',
});
const fromPush = () =>
  new Promise<FromPush>((resolve) => pushProcess.once('message', (m) => resolve(m as FromPush)));
await fromPush();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'astro-bench-notes-'));
const clock = new ManualClock(`${DAY}T00:00:00.000Z`);
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  PUSH_ALLOW_LOOPBACK_HTTP: 'true',
  WEB_DIST_DIR: path.join(os.tmpdir(), 'astro-bench-no-web'),
});
const app = await buildApp(config, { clock, mailLoop: false });
await app.ready();
const db = app.database.db;

try {
  console.log(
    `Daily note benchmark: ${PEOPLE} people in ${ZONES.length} zones, SQLite, one device each, local push service`,
  );
  const { publicKey } = readOrCreateVapidKeys(dataDir);
  pushProcess.send({ subscribe: { key: publicKey, count: PEOPLE } });
  const { subscriptions = [] } = await fromPush();

  const people: { id: string; zone: string }[] = [];
  const seedStarted = performance.now();
  const now = clock.now().toISOString();
  for (let from = 0; from < PEOPLE; from += 500) {
    const seeded = await seedPeople(db, {
      from,
      count: Math.min(500, PEOPLE - from),
      zones: ZONES,
      emailPrefix: 'note',
      now,
    });
    people.push(...seeded.map(({ id, zone }) => ({ id, zone })));
    // The same births as bench/landscape seeds, each with one device at the local push service.
    const batch = seeded.map((p) => ({ ...p, device: subscriptions[p.n]! }));
    await db
      .insertInto('notification_settings')
      .values(
        batch.map((p) => ({
          user_id: p.id,
          push: 1,
          email: 'off' as const,
          hour: 8,
          quiet_days: '',
          zone: null,
          digest_day: null,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('push_subscriptions')
      .values(
        batch.map((p) => ({
          id: randomUUID(),
          user_id: p.id,
          endpoint: p.device.endpoint,
          p256dh: p.device.keys.p256dh,
          auth: p.device.keys.auth,
          device_name: null,
          created_at: now,
          updated_at: now,
          last_delivery_at: null,
          failure_count: 0,
          note_day: null,
          note_retry_at: null,
          note_attempts: 0,
          note_retry_until: null,
        })),
      )
      .execute();
  }
  console.log(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  const rssAtStartMb = process.memoryUsage().rss / 2 ** 20;
  const runs: { at: string; ms: number; delivered: number; failed: number }[] = [];
  const dayStarted = performance.now();
  // From 00:00 UTC of the day to 24 h later: every zone's 08:00 once.
  for (let step = 0; step < 96; step++) {
    const started = performance.now();
    const report = await app.notificationsRun();
    runs.push({
      at: clock.now().toISOString().slice(11, 16),
      ms: performance.now() - started,
      delivered: report.notesDelivered,
      failed: report.notesFailed,
    });
    clock.advance(QUARTER);
  }
  const dayMs = performance.now() - dayStarted;
  const batches = runs.filter((r) => r.delivered + r.failed > 0);
  const largest = batches.reduce((a, b) => (b.delivered > a.delivered ? b : a));
  const slowest = batches.reduce((a, b) => (b.ms > a.ms ? b : a));
  const idle = runs.filter((r) => r.delivered + r.failed === 0).map((r) => r.ms);
  const delivered = runs.reduce((sum, r) => sum + r.delivered, 0);
  const failed = runs.reduce((sum, r) => sum + r.failed, 0);

  // The next day, the largest batch's hour again, split: its landscapes built first (what the
  // nightly pre-generation does), then the run, which only claims and hands the notes over.
  clock.advance(Date.parse(`${DAY}T${largest.at}:00.000Z`) + 86_400_000 + 10_000 - clock.now().getTime());
  const due = people.filter((p) => localMoment(p.zone, clock.now()).hour === 8);
  const buildStarted = performance.now();
  for (const person of due) await app.landscapeNotes.today(person.id);
  const buildMs = performance.now() - buildStarted;
  const handStarted = performance.now();
  const handed = await app.notificationsRun();
  const handMs = performance.now() - handStarted;

  // A minute later nothing is due and the zones looked up in the last 15 minutes are remembered,
  // as on most runs of the minute job (the day above moved in quarter hours, so each of its runs
  // looked every zone up again).
  clock.advance(60_000);
  const quietStarted = performance.now();
  await app.notificationsRun();
  const quietMs = performance.now() - quietStarted;

  pushProcess.send({ report: true });
  const pushReport = await fromPush();
  const rssMb = process.resourceUsage().maxRSS / 1024;

  console.log(
    `  largest hour's batch (${largest.at} UTC)   ${largest.delivered} notes in ${(largest.ms / 1000).toFixed(1)} s, landscapes built on the way   (target: one hour's notes within 120 s)`,
  );
  console.log(
    `    the same hour next day, split        building ${due.length} landscapes ${(buildMs / 1000).toFixed(1)} s, then ${handed.notesDelivered} notes claimed and handed over in ${(handMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `  slowest batch (${slowest.at} UTC)          ${slowest.delivered} notes in ${(slowest.ms / 1000).toFixed(1)} s; the first run (${runs[0]!.delivered} notes, every zone looked up) ${(runs[0]!.ms / 1000).toFixed(1)} s`,
  );
  console.log(
    `  the whole day (${runs.length} runs)          ${delivered} notes delivered, ${failed} failed, in ${(dayMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `  a run with nothing due                ${quietMs.toFixed(0)} ms with the zones remembered, median ${[...idle].sort((a, b) => a - b)[Math.floor(idle.length / 2)]?.toFixed(0)} ms when every zone is looked up again (every 15 min)`,
  );
  console.log(
    `  push service: ${pushReport.received} received and decrypted, ${pushReport.refused} refused (VAPID or payload)   kinds ${JSON.stringify(pushReport.kinds)}`,
  );
  console.log(
    `  memory: server RSS ${rssAtStartMb.toFixed(0)} MB after start and seeding, peak ${rssMb.toFixed(0)} MB; push service peak ${Number(pushReport.maxRssMb).toFixed(0)} MB`,
  );
} finally {
  await app.close();
  pushProcess.disconnect();
  rmSync(dataDir, { recursive: true, force: true });
}
