import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, postJson, request, signUpBenchPerson } from '../support/bench-api.ts';
import { startBenchServer } from '../support/bench-server.ts';

// What one abusive client costs everyone else, with the product's request limits on, loopback:
// - a socket flooding `chat:send` as fast as it can for BENCH_FLOOD_SECONDS (default 10), from a
//   process of its own (flooder.ts), connecting again each time it is closed: sends answered and
//   refused, and another person's profile reads (p50, p90) beside the same reads at rest;
// - a private calendar feed: the first read (computed) beside repeated reads (from memory), and
//   reads past the address's limit; another person's reads while one client reads it in a loop.
//   node --import tsx bench/abuse/run.ts

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);
const REST_SECONDS = 5;
const people = ['flooder', 'bystander', 'feed'].map((who) => `bench.${who}@abuse.test`);

const { child, base } = await startBenchServer(path.join(HERE, '../chat/server.ts'), {
  BENCH_ADMIN_EMAILS: people.join(','),
  BENCH_LIMITS: 'product',
});

/** Another person's profile reads, one after another, until `until` resolves: latencies in ms. */
async function bystanderReads(token: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.then(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    await fetch(`${base}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } });
    times.push(performance.now() - started);
  }
  return times;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const figures = (times: number[]) =>
  `p50 ${percentile(times, 0.5).toFixed(1)} ms, p90 ${percentile(times, 0.9).toFixed(1)} ms (${times.length} reads)`;

try {
  const verify = (email: string) => postJson(base, '/bench/verify', { email }).then(() => undefined);
  const [flooder, bystander, feedOwner] = await Promise.all(
    people.map((email) => signUpBenchPerson(base, email, { verify })),
  );
  console.log(`Abuse benchmark: the product's request limits, loopback, logs at warn`);

  const rest = await bystanderReads(bystander!, sleep(REST_SECONDS * 1000));
  console.log(`  another person's profile reads at rest:        ${figures(rest)}`);

  // The flood: one socket in another process, sends as fast as its event loop lets them out.
  const session = ((await postJson(base, '/api/chat/sessions', {}, flooder)).data as { id: string }).id;
  const flooding = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'flooder.ts')], {
    env: { ...process.env, BASE: base, TOKEN: flooder!, SESSION: session, SECONDS: String(FLOOD_SECONDS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let report = '';
  flooding.stdout.on('data', (data: Buffer) => {
    report += data.toString();
  });
  const floodOver = new Promise((resolve) => flooding.once('exit', resolve));
  // The flooder's start-up is not part of the flood.
  await sleep(1500);
  const during = await bystanderReads(bystander!, floodOver);
  const outcome = JSON.parse(report.trim().split('\n').at(-1) ?? '{}') as {
    sent: number;
    answered: number;
    connects: number;
    refused: Record<string, number>;
  };
  const perMinute = (n: number) => Math.round((n * 60) / FLOOD_SECONDS);
  console.log(
    `  socket flood (${FLOOD_SECONDS} s): ${outcome.sent} sends on ${outcome.connects} connections, ${outcome.answered} answered (${perMinute(outcome.answered)} a minute)`,
  );
  for (const [reason, count] of Object.entries(outcome.refused))
    console.log(`    refused ${count}× ${reason}`);
  console.log(`  another person's profile reads during the flood: ${figures(during)}`);
  console.log(
    `    flood/rest: p50 ${(percentile(during, 0.5) / percentile(rest, 0.5)).toFixed(2)}, p90 ${(percentile(during, 0.9) / percentile(rest, 0.9)).toFixed(2)}`,
  );

  // The calendar feed.
  const link = (
    (await postJson(base, '/api/cosmic-landscape/calendar-link', {}, feedOwner)).data as { url: string }
  ).url;
  const feedPath = new URL(link);
  const feedUrl = `${base}${feedPath.pathname}${feedPath.search}`;
  const timedRead = async (headers: Record<string, string> = {}) => {
    const started = performance.now();
    const response = await fetch(feedUrl, { headers });
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status, etag: response.headers.get('etag') };
  };
  const first = await timedRead();
  const repeated: number[] = [];
  for (let i = 0; i < 10; i++) repeated.push((await timedRead()).ms);
  const conditional = await timedRead({ 'if-none-match': first.etag ?? '' });
  console.log(
    `  calendar feed: first read ${first.ms.toFixed(1)} ms, repeated reads p50 ${percentile(repeated, 0.5).toFixed(2)} ms (first/repeated ${(first.ms / percentile(repeated, 0.5)).toFixed(0)}×), a reader with its ETag: ${conditional.status} in ${conditional.ms.toFixed(2)} ms`,
  );
  const statuses = new Map<number, number>();
  let reading = true;
  const readsOver = sleep(REST_SECONDS * 1000);
  void readsOver.then(() => {
    reading = false;
  });
  const reader = (async () => {
    while (reading) {
      const { status } = await timedRead();
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  })();
  const underReads = await bystanderReads(bystander!, readsOver);
  await reader;
  console.log(
    `  one client reading the feed in a loop (${REST_SECONDS} s): ${[...statuses].map(([status, n]) => `${n}× ${status}`).join(', ')}`,
  );
  console.log(`  another person's profile reads meanwhile:     ${figures(underReads)}`);
  console.log(
    `    reads/rest: p50 ${(percentile(underReads, 0.5) / percentile(rest, 0.5)).toFixed(2)}, p90 ${(percentile(underReads, 0.9) / percentile(rest, 0.9)).toFixed(2)}`,
  );
  await request(base, 'GET', '/api/health');
} finally {
  child.kill('SIGTERM');
}
