import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { percentile, postJson, signUpBenchPerson } from '../support/bench-api.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { processCpuMs } from '../support/process-stats.ts';

// Landscape benchmark, loopback only and bounded:
// - first generation: POST /generate for people who have none yet (median, p95), over HTTP;
// - cached GET /today beside GET /api/auth/profile in the same server (alternating 2 s runs);
// - pre-generation: one scheduled pass over BENCH_PREGEN_USERS people (default 10,000).
//   node --import tsx bench/landscape/run.ts

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIRST = Number(process.env.BENCH_FIRST ?? 40);
const PREGEN = Number(process.env.BENCH_PREGEN_USERS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = 5;
const admins = Array.from({ length: FIRST + 1 }, (_, i) => `bench.${i}@landscape.test`);

const { child, base } = await startBenchServer(path.join(HERE, 'server.ts'), {
  BENCH_ADMIN_EMAILS: admins.join(','),
});

const post = (url: string, body?: unknown, token?: string) => postJson(base, url, body, token);

/** A verified paid person (admin role) with birth data; answers their token. */
function person(email: string, n: number): Promise<string> {
  const year = 1950 + (n % 50);
  return signUpBenchPerson(base, email, {
    verify: async () => void (await post('/bench/verify', { email })),
    born: {
      date: `${year}-0${1 + (n % 9)}-1${n % 9}`,
      time: `${String(n % 24).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}`,
    },
  });
}

try {
  console.log(`Landscape benchmark: loopback, logs at warn, rate limit off`);
  const tokens: string[] = [];
  for (let i = 0; i < FIRST; i++) tokens.push(await person(admins[i]!, i));
  const firstMs: number[] = [];
  for (const token of tokens) {
    const started = performance.now();
    await post('/api/cosmic-landscape/generate', undefined, token);
    firstMs.push(performance.now() - started);
  }
  console.log(
    `  first generation (POST /generate, ${FIRST} people)   median ${percentile(firstMs, 0.5).toFixed(0)} ms   p95 ${percentile(firstMs, 0.95).toFixed(0)} ms   (target p95 < 300 ms)`,
  );

  const token = tokens[0]!;
  const headers = { authorization: `Bearer ${token}` };
  const load = async (url: string, seconds = SECONDS) => {
    const cpuBefore = processCpuMs(child.pid!);
    const result = await autocannon({ url: `${base}${url}`, headers, connections: 10, duration: seconds });
    const cpuUs = ((processCpuMs(child.pid!) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
    if (result.non2xx + result.errors > 0)
      throw new Error(`${url}: ${result.non2xx + result.errors} failed requests`);
    return { rps: result.requests.average, p99: result.latency.p99, cpuUs };
  };
  const today: { rps: number; p99: number; cpuUs: number }[] = [];
  const profile: typeof today = [];
  // Both routes warm up first, so the compiler's first work does not fall on whichever runs first.
  await load('/api/cosmic-landscape/today', 1);
  await load('/api/auth/profile', 1);
  for (let round = 0; round < ROUNDS; round++) {
    today.push(await load('/api/cosmic-landscape/today'));
    profile.push(await load('/api/auth/profile'));
  }
  // Each round's two runs are back to back, so the machine's load moves both alike: the ratio is
  // taken per round, then its median.
  const ratios = today.map((run, round) => run.rps / profile[round]!.rps).sort((a, b) => a - b);
  const median = (list: typeof today, key: 'rps' | 'p99' | 'cpuUs') =>
    percentile(
      list.map((f) => f[key]),
      0.5,
    );
  console.log(
    `  GET /cosmic-landscape/today (cached)  ${median(today, 'rps').toFixed(0)} req/s   p99 ${median(today, 'p99')} ms   server CPU ${median(today, 'cpuUs').toFixed(0)} µs/request`,
  );
  console.log(
    `  GET /api/auth/profile (baseline)      ${median(profile, 'rps').toFixed(0)} req/s   p99 ${median(profile, 'p99')} ms   server CPU ${median(profile, 'cpuUs').toFixed(0)} µs/request`,
  );
  console.log(
    `  today / profile throughput            ${percentile(ratios, 0.5).toFixed(2)}   (target ≥ 0.8; median of ${ROUNDS} rounds of back-to-back ${SECONDS} s runs, rounds ${ratios[0]!.toFixed(2)}-${ratios.at(-1)!.toFixed(2)})`,
  );

  await post('/bench/seed', { count: PREGEN });
  const pass = (await post('/bench/pregenerate', {})) as {
    ms: number;
    ready: number;
    rssBeforeMb: number;
    rssAfterMb: number;
    peakRssMb: number;
  };
  console.log(
    `  pre-generation of ${PREGEN} people      ${(pass.ms / 1000).toFixed(1)} s   ${((PREGEN * 1000) / pass.ms).toFixed(0)} landscapes/s   (${pass.ready} stored; target: 10,000 in 60 s)`,
  );
  console.log(
    `  server memory                         ${pass.rssBeforeMb.toFixed(0)} MB before the pass, ${pass.rssAfterMb.toFixed(0)} MB after, peak ${pass.peakRssMb.toFixed(0)} MB`,
  );
} finally {
  child.kill('SIGTERM');
}
