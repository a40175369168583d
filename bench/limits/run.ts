import { performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app.ts';
import { testConfig, testRateLimit } from '../../apps/server/src/testing/harness.ts';

// Request limits at scale: the cost per request while 100,000 distinct clients (IPv4 addresses,
// then IPv6 /64s) are each counted under a key of their own, first thousands against last, beside
// the same requests with limits off. A clean-up that walks every key once made late requests 50 to
// 200 times dearer; the late/early ratio should stay near 1.
//   node --import tsx bench/limits/run.ts

const CLIENTS = Number(process.env.BENCH_LIMIT_CLIENTS ?? 100_000);
const BATCH = 1000;
const HOUR = 3_600_000;

const addressOf = (i: number) =>
  i < CLIENTS / 2
    ? `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`
    : `2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`;

/** Milliseconds per batch of BATCH requests, each from a client of its own. */
async function batchTimes(limitsOn: boolean): Promise<number[]> {
  const rateLimit = limitsOn
    ? testRateLimit({ apiPerIp: { max: 5, windowMs: HOUR } })
    : testRateLimit({ enabled: false });
  const app = await buildApp(testConfig({ rateLimit }), { mailLoop: false });
  const times: number[] = [];
  try {
    for (let start = 0; start < CLIENTS; start += BATCH) {
      const began = performance.now();
      for (let i = start; i < start + BATCH; i += 1) {
        const response = await app.inject({ url: '/api/nothing', remoteAddress: addressOf(i) });
        if (response.statusCode !== 404)
          throw new Error(`client ${addressOf(i)} answered ${response.statusCode}`);
      }
      times.push(performance.now() - began);
    }
  } finally {
    await app.close();
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const microsPerRequest = (batchMs: number) => (batchMs * 1000) / BATCH;

const off = await batchTimes(false);
const on = await batchTimes(true);
// Ten batches at each end (the first one warms the code up), medians so one slow batch cannot decide.
const early = median(on.slice(1, 11));
const late = median(on.slice(-10));
const offMedian = median(off.slice(1));

console.log(`request limits with ${CLIENTS.toLocaleString('en')} distinct clients, one key each`);
console.log(`  limits off (baseline)   ${microsPerRequest(offMedian).toFixed(1)} µs per request`);
console.log(`  limits on, first 10k    ${microsPerRequest(early).toFixed(1)} µs per request`);
console.log(`  limits on, last 10k     ${microsPerRequest(late).toFixed(1)} µs per request`);
console.log(
  `  late / early            ${(late / early).toFixed(2)} (a per-key clean-up would show 50 or more)`,
);
console.log(`  on / off                ${(early / offMedian).toFixed(2)}`);
