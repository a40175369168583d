import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { bundleServer } from '../../scripts/build-server.ts';
import { processCpuMs, processRssMiB } from '../support/process-stats.ts';

// API benchmark: authenticated GET /api/auth/profile beside a bare Fastify route, login throughput
// and idle memory, on SQLite and (when BENCH_DATABASE_URL is set) PostgreSQL. Loopback only,
// bounded in time: three alternating 2-second runs per comparison, about 30 s per engine.
//   node --import tsx bench/api/run.ts

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = 3;
const CONNECTIONS = 10;
// The same flags as `npm start` (a small young generation keeps the idle footprint down).
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '--max-semi-space-size=2').split(' ').filter(Boolean);

interface Started {
  child: ChildProcess;
  base: string;
}

// The servers run compiled, as `npm start` runs the product: no TypeScript loader in the process.
// The bundle lives inside the repository so that its npm imports resolve from node_modules.
mkdirSync(path.join(HERE, '../../.tmp'), { recursive: true });
const BUNDLE_DIR = mkdtempSync(path.join(HERE, '../../.tmp/bench-api-'));
await bundleServer({ server: path.join(HERE, 'server.ts') }, BUNDLE_DIR);

function startServer(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [...NODE_FLAGS, path.join(BUNDLE_DIR, 'server.js')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error('bench server did not start')), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve({ child, base: `http://127.0.0.1:${JSON.parse(line).port}` });
      }
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function stop({ child }: Started): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Figures {
  rps: number;
  p99: number;
  /** The server's own CPU time per answered request: steadier than throughput, which the load
   * generator's share of the two cores also moves. */
  cpuUs: number;
  errors: number;
}

async function load(server: Started, options: autocannon.Options): Promise<Figures> {
  const cpuBefore = processCpuMs(server.child.pid!);
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const cpuMs = processCpuMs(server.child.pid!) - cpuBefore;
  const errors = result.errors + result.timeouts + result.non2xx;
  const cpuUs = (cpuMs * 1000) / Math.max(1, result.requests.total);
  return { rps: result.requests.average, p99: result.latency.p99, cpuUs, errors };
}

const row = (label: string, f: Figures) =>
  `  ${label.padEnd(34)} ${f.rps.toFixed(0).padStart(8)} req/s   p99 ${String(f.p99).padStart(4)} ms   server CPU ${f.cpuUs.toFixed(0).padStart(5)} µs/request${f.errors ? `   (${f.errors} errors)` : ''}`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Alternates short runs of the targets so that changes in machine load hit them alike. */
async function compare(targets: [Started, autocannon.Options][]): Promise<Figures[]> {
  const runs: Figures[][] = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, target] of targets.entries()) runs[index]!.push(await load(...target));
  }
  const summarise = (list: Figures[]): Figures => ({
    rps: median(list.map((f) => f.rps)),
    p99: median(list.map((f) => f.p99)),
    cpuUs: median(list.map((f) => f.cpuUs)),
    errors: list.reduce((sum, f) => sum + f.errors, 0),
  });
  return runs.map(summarise);
}

async function benchEngine(name: string, databaseUrl: string | undefined): Promise<void> {
  const server = await startServer({ BENCH_MODE: 'app', DATABASE_URL: databaseUrl ?? '' });
  const bare = await startServer({ BENCH_MODE: 'bare' });
  const bareHeaders = await startServer({ BENCH_MODE: 'bare-headers' });
  try {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = processRssMiB(server.child.pid!);
    const bareIdle = processRssMiB(bare.child.pid!);
    const email = `bench.${Date.now()}@example.com`;
    const password = 'bench-passphrase-long-enough';
    const registered = await fetch(`${server.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, name: 'Bench', password }),
    });
    if (registered.status !== 201) throw new Error(`register failed: ${await registered.text()}`);
    const { token } = (await registered.json()) as { token: string };

    const [profile, bareFigures, bareHeadersFigures] = await compare([
      [server, { url: `${server.base}/api/auth/profile`, headers: { authorization: `Bearer ${token}` } }],
      [bare, { url: `${bare.base}/bare` }],
      [bareHeaders, { url: `${bareHeaders.base}/bare` }],
    ]);
    if (!profile || !bareFigures || !bareHeadersFigures) throw new Error('a comparison gave no figures');
    const login = await load(server, {
      url: `${server.base}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
      connections: 4,
    });
    const loaded = processRssMiB(server.child.pid!);
    console.log(`\n${name}`);
    console.log(row('GET /api/auth/profile (bearer)', profile));
    console.log(row('bare Fastify route', bareFigures));
    console.log(row("the same with the product's headers", bareHeadersFigures));
    const ratio = (label: string, of: Figures, to: Figures) =>
      console.log(
        `  ${label.padEnd(34)} ${(of.rps / to.rps).toFixed(2)}   (CPU per request, inverse: ${(to.cpuUs / of.cpuUs).toFixed(2)})`,
      );
    ratio('profile / bare throughput', profile, bareFigures);
    // What the answer's headers alone cost a bare route: a floor no product route goes under.
    ratio('with headers / bare throughput', bareHeadersFigures, bareFigures);
    console.log(row('POST /api/auth/login (argon2id)', login));
    console.log(
      `  ${'idle RSS after start'.padEnd(34)} ${idle.toFixed(1)} MiB   (bare Fastify ${bareIdle.toFixed(1)} MiB; after load ${loaded.toFixed(1)} MiB)`,
    );
  } finally {
    await stop(bareHeaders);
    await stop(bare);
    await stop(server);
  }
}

console.log(
  `API benchmark: medians of ${ROUNDS} alternating ${SECONDS} s runs, ${CONNECTIONS} connections, loopback, logs at warn, rate limit off, node flags: ${NODE_FLAGS.join(' ') || 'none'}`,
);
await benchEngine('SQLite', undefined);
if (process.env.BENCH_DATABASE_URL) await benchEngine('PostgreSQL', process.env.BENCH_DATABASE_URL);
else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://... to include it)');
rmSync(BUNDLE_DIR, { recursive: true, force: true });
