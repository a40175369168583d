import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../../scripts/free-port.ts';
import { percentile, request, signUpBenchPerson } from '../support/bench-api.ts';
import { processRssMiB } from '../support/process-stats.ts';

// Scale-out benchmark: the cluster of `npm run cluster` (nginx, PostgreSQL, Redis) with one and
// then two server processes, each on a fresh database, in the same run:
// - authenticated reads (GET /api/auth/profile) through nginx: throughput and p99;
// - chat messages (POST /api/chat/sessions/:id/messages, built-in assistant, whole streamed answers)
//   from several people at once: messages per second and p99;
// - resident memory per server process after the load;
// - with two processes: a rolling restart (SIGHUP to the cluster) under read and write load, its
//   duration and the number of failed requests.
// Request limits are off here: one person reads thousands of times a second on purpose.
//   node --import tsx bench/cluster/run.ts
// BENCH_ONLY=restart runs the rolling restart alone (two processes, four writers); BENCH_PORT fixes
// nginx's port (otherwise a free one).

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 12);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 300);
const CONNECTIONS = 20;
const ONLY_RESTART = process.env.BENCH_ONLY === 'restart';
const people = Array.from({ length: PEOPLE }, (_, i) => `bench.${i}@cluster.test`);

/** Clusters still running: stopped if the benchmark itself fails. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGINT');
});

interface ClusterLine {
  port: number;
  pid: number;
  servers: { socket: string; pid: number }[];
}

interface Cluster {
  child: ChildProcess;
  base: string;
  state: () => ClusterLine;
  output: () => string;
  nextState: () => Promise<ClusterLine>;
}

async function startCluster(processes: number): Promise<Cluster> {
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/cluster.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      CLUSTER_PROCESSES: String(processes),
      RATE_LIMIT_ENABLED: 'false',
      REGISTRATIONS_PER_IP_PER_HOUR: '1000',
      ADMIN_EMAILS: people.join(','),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  let latest: ClusterLine | undefined;
  const waiting: ((line: ClusterLine) => void)[] = [];
  child.stdout!.on('data', (data: Buffer) => {
    output += data.toString();
    for (const line of data.toString().split('\n')) {
      if (!line.startsWith('{"cluster"')) continue;
      latest = (JSON.parse(line) as { cluster: ClusterLine }).cluster;
      for (const resolve of waiting.splice(0)) resolve(latest);
    }
  });
  const nextState = () =>
    new Promise<ClusterLine>((resolve, reject) => {
      waiting.push(resolve);
      child.once('exit', (code) => reject(new Error(`the cluster exited with ${code}`)));
    });
  await nextState();
  return { child, base: `http://127.0.0.1:${port}`, state: () => latest!, output: () => output, nextState };
}

async function stopCluster(cluster: Cluster): Promise<void> {
  const exited = new Promise((resolve) => cluster.child.once('exit', resolve));
  cluster.child.kill('SIGINT');
  await exited;
}

/** A verified person with birth data (the admin role gives paid access); answers their token. */
function person(cluster: Cluster, email: string): Promise<string> {
  return signUpBenchPerson(cluster.base, email, {
    // Without SMTP_URL the mail is written to the log, with its link: open it as the person would.
    verify: async () => {
      let link: string | undefined;
      for (let i = 0; i < 100 && !link; i++) {
        const mailed = cluster
          .output()
          .split('To: ')
          .find((mail) => mail.startsWith(email));
        link = mailed && /verify-email[/?](?:token=)?([\w-]+)/.exec(mailed)?.[1];
        if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (!link) throw new Error(`no verification mail for ${email} in the cluster's log`);
      await request(cluster.base, 'GET', `/api/auth/verify-email/${link}`);
    },
  });
}

async function reads(cluster: Cluster, token: string, seconds: number) {
  const result = await autocannon({
    url: `${cluster.base}/api/auth/profile`,
    headers: { authorization: `Bearer ${token}` },
    connections: CONNECTIONS,
    duration: seconds,
  });
  return { rps: result.requests.average, p99: result.latency.p99, failed: result.non2xx + result.errors };
}

/** Sends `count` chat messages from all people at once, each waiting for its whole answer. */
async function chat(cluster: Cluster, tokens: string[], count: number) {
  const sessions = await Promise.all(
    tokens.map(async (token) => {
      const created = await request(cluster.base, 'POST', '/api/chat/sessions', {}, token);
      return ((await created.json()) as { data: { id: string } }).data.id;
    }),
  );
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, i) => {
      while (next < count) {
        next += 1;
        const sent = performance.now();
        const response = await fetch(`${cluster.base}/api/chat/sessions/${sessions[i]}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ content: 'What do my transits say about work this week?' }),
        });
        const text = await response.text();
        if (!response.ok || !text.includes('event: done')) failed += 1;
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: count / seconds, p99: percentile(latencies, 0.99), failed };
}

interface Figures {
  reads: { rps: number; p99: number; failed: number };
  chat: { perSecond: number; p99: number; failed: number };
  rssMiB: number[];
}

async function measure(processes: number): Promise<Figures & { cluster: Cluster; tokens: string[] }> {
  const cluster = await startCluster(processes);
  const tokens: string[] = [];
  for (const email of people) tokens.push(await person(cluster, email));
  await reads(cluster, tokens[0]!, 1); // warm-up: connections, caches, JIT
  const readFigures = await reads(cluster, tokens[0]!, SECONDS);
  const chatFigures = await chat(cluster, tokens, MESSAGES);
  const rssMiB = cluster.state().servers.map((server) => processRssMiB(server.pid));
  const line = `${processes} process${processes > 1 ? 'es' : '  '}`;
  console.log(
    `  ${line}  reads ${readFigures.rps.toFixed(0)} req/s (p99 ${readFigures.p99} ms)   chat ${chatFigures.perSecond.toFixed(1)} messages/s (p99 ${chatFigures.p99.toFixed(0)} ms)   memory ${rssMiB.map((m) => `${m.toFixed(0)} MiB`).join(' + ')}   failed ${readFigures.failed + chatFigures.failed}`,
  );
  return { reads: readFigures, chat: chatFigures, rssMiB, cluster, tokens };
}

/** SIGHUP restarts the processes one by one; reads and chat messages go on meanwhile. */
async function rollingRestart(cluster: Cluster, tokens: string[]): Promise<number> {
  const restarted = cluster.nextState();
  const started = performance.now();
  const startedAt = Date.now();
  let writes = 0;
  let writesFailed = 0;
  const failures: string[] = [];
  let stop = false;
  const writers = tokens.slice(0, 4).map(async (token) => {
    const created = await request(cluster.base, 'POST', '/api/chat/sessions', {}, token);
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    while (!stop) {
      writes += 1;
      try {
        const response = await fetch(`${cluster.base}/api/chat/sessions/${id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ title: `Renamed ${writes}` }),
        });
        await response.arrayBuffer();
        if (!response.ok) {
          writesFailed += 1;
          failures.push(String(response.status));
        }
      } catch (error) {
        writesFailed += 1; // the connection was cut
        failures.push(error instanceof Error ? String(error.cause ?? error.message) : String(error));
      }
    }
  });
  let reading: autocannon.Instance | undefined;
  /** What cut the reads that got no answer, and when (from the start of the load). */
  const readErrors: string[] = [];
  const load = new Promise<autocannon.Result>((resolve, reject) => {
    reading = autocannon(
      {
        url: `${cluster.base}/api/auth/profile`,
        headers: { authorization: `Bearer ${tokens[0]}` },
        connections: 10,
        duration: 600,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    reading.on('reqError', (error: Error) =>
      readErrors.push(`${error.message} (${Date.now() - startedAt} ms)`),
    );
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  process.kill(cluster.state().pid, 'SIGHUP');
  await restarted;
  const seconds = (performance.now() - started) / 1000 - 1;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  stop = true;
  reading?.stop();
  const [result] = await Promise.all([load, ...writers]);
  const failedReads = result.non2xx + result.errors;
  const readFailures = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count}× ${code}`);
  if (result.errors) readFailures.push(`${result.errors}× no answer: ${readErrors.join(', ')}`);
  const kinds = [...readFailures, ...failures];
  console.log(
    `  rolling restart of 2 processes under load: ${seconds.toFixed(1)} s; failed requests ${failedReads} of ${result.requests.total} reads, ${writesFailed} of ${writes} writes   (target 0)${kinds.length ? `: ${kinds.join(', ')}` : ''}`,
  );
  return failedReads + writesFailed;
}

/** A request lost in a rolling restart fails the run (exit status 1), so scripts can check it. */
function expectNoneLost(lost: number): void {
  if (lost > 0) process.exitCode = 1;
}

function failed(error: unknown): never {
  console.error(error);
  process.exit(1);
}

if (ONLY_RESTART) {
  console.log('Cluster benchmark: rolling restart of 2 processes under read and write load');
  const cluster = await startCluster(2).catch(failed);
  try {
    const tokens: string[] = [];
    for (const email of people.slice(0, 4)) tokens.push(await person(cluster, email));
    await reads(cluster, tokens[0]!, 1); // warm-up: connections, caches, JIT
    expectNoneLost(await rollingRestart(cluster, tokens));
  } catch (error) {
    failed(error);
  } finally {
    await stopCluster(cluster);
  }
  process.exit();
}

console.log(
  `Cluster benchmark: nginx → server processes → PostgreSQL + Redis, loopback, ${SECONDS} s read runs, ${MESSAGES} chat messages from ${PEOPLE} people`,
);
const one = await measure(1).catch(failed);
await stopCluster(one.cluster);
const two = await measure(2).catch(failed);
try {
  console.log(
    `  two / one processes: reads ${(two.reads.rps / one.reads.rps).toFixed(2)}×, chat ${(two.chat.perSecond / one.chat.perSecond).toFixed(2)}×   (target ≥ 1.7× on reads with a core per process; this machine has ${(await import('node:os')).availableParallelism()} cores shared by nginx, PostgreSQL, Redis, the load generator and the servers, so the ratio is bounded by the cores, not the design)`,
  );
  expectNoneLost(await rollingRestart(two.cluster, two.tokens));
} catch (error) {
  failed(error);
} finally {
  await stopCluster(two.cluster);
}
