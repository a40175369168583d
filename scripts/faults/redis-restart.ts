import { io, type Socket } from 'socket.io-client';
import {
  type Answer,
  birthData,
  call,
  onStop,
  PASSWORD,
  type Postgres,
  type ServerProcess,
  sleep,
  startRedis,
  startServer,
  startSink,
} from './harness.ts';
import { ask, chatSession, verifiedPerson } from './people.ts';

// Redis stopped and started again while people read and write through two server processes that
// share it (REDIS_URL): every request is answered; request limits stay on, counted by each process
// on its own while Redis is away; sign-ups made meanwhile get their mail once; the job queue's
// scheduled jobs are all there afterwards; and a socket on one process again hears an answer
// given on the other (the realtime rooms go over Redis).

const LOAD_PEOPLE = 4;
const PER_PERSON_PER_MINUTE = 60;
const METRICS_TOKEN = 'fault-suite-metrics-token-0123456789';
const DOWN_MS = 4_000;
const PAUSE_MS = 300;
const SIGN_UPS_WHILE_DOWN = 3;
const EVENT_LIMIT_MS = 20_000;
const MAIL_LIMIT_MS = 30_000;

interface Realtime {
  socket: Socket;
  /** Ids of the answers this socket heard of (`chat:done`). */
  heard: Set<string>;
}

function listen(base: string, token: string): Promise<Realtime> {
  const socket = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
  onStop(() => void socket.close());
  const heard = new Set<string>();
  socket.on('chat:done', (done: { message: { id: string } }) => heard.add(done.message.id));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, heard }));
    socket.once('connect_error', reject);
  });
}

/**
 * Asks on `server` until the socket (connected to another process) hears of one of the answers;
 * answers the time that took.
 */
async function heardAcross(server: ServerProcess, token: string, session: string, realtime: Realtime) {
  const started = Date.now();
  while (Date.now() - started < EVENT_LIMIT_MS) {
    const answer = await ask(server.base, token, session, 'What does my Sun mean?');
    const id = answer.message?.id;
    if (!id) throw new Error(`a chat answer failed: ${answer.status} ${answer.text.slice(0, 200)}`);
    for (let i = 0; i < 20 && !realtime.heard.has(id); i++) await sleep(100);
    if (realtime.heard.has(id)) return Date.now() - started;
  }
  throw new Error(`no answer reached the socket on the other process within ${EVENT_LIMIT_MS} ms`);
}

/** The job queue's delayed jobs in /metrics; null when the figure is missing (Redis away). */
async function delayedJobs(server: ServerProcess): Promise<number | null> {
  const scraped = await fetch(`${server.base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    signal: AbortSignal.timeout(5_000),
  });
  const figure = /^job_queue_jobs\{state="delayed"\} (\d+)/m.exec(await scraped.text())?.[1];
  return figure === undefined ? null : Number(figure);
}

/** Requests of one person until one is refused with 429; answers how many were allowed. */
async function allowedUntilRefused(server: ServerProcess, token: string): Promise<number> {
  for (let allowed = 0; allowed <= PER_PERSON_PER_MINUTE; allowed++) {
    const answer = await call(server.base, 'GET', '/api/birth-data/get', undefined, token);
    if (answer.status === 429) return allowed;
    if (answer.status !== 200) throw new Error(`a limited request answered ${answer.status} ${answer.text}`);
  }
  throw new Error(`more than ${PER_PERSON_PER_MINUTE} requests a minute allowed while Redis was away`);
}

export async function redisRestart(pg: Postgres, work: string): Promise<string> {
  const redis = await startRedis(work);
  const sink = await startSink();
  const loaders = Array.from({ length: LOAD_PEOPLE }, (_, i) => `redis.load.${i}@faults.test`);
  const [chatter, prober] = ['redis.chat@faults.test', 'redis.limit@faults.test'];
  const env = {
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    SMTP_URL: sink.url,
    METRICS_TOKEN,
    ADMIN_EMAILS: [...loaders, chatter, prober].join(','),
    // Limits on: per person as configured here, per address out of the way (everyone is on loopback).
    RATE_LIMIT_ENABLED: 'true',
    API_REQUESTS_PER_USER_PER_MINUTE: String(PER_PERSON_PER_MINUTE),
    API_REQUESTS_PER_IP_PER_MINUTE: '1000000',
    REGISTRATIONS_PER_IP_PER_HOUR: '100000',
  };
  const [a, b] = [await startServer(env, work), await startServer(env, work)] as const;
  const loadTokens = await Promise.all(loaders.map((email) => verifiedPerson(a.base, sink, email)));
  const chatToken = await verifiedPerson(a.base, sink, chatter);
  const probeToken = await verifiedPerson(b.base, sink, prober);
  const session = await chatSession(a.base, chatToken);
  const realtime = await listen(b.base, chatToken);
  await heardAcross(a, chatToken, session, realtime);
  const delayedBefore = await delayedJobs(a);
  if (!delayedBefore) throw new Error('no scheduled jobs in the queue before Redis stopped');

  // Half the people write, half read, alternating between the two processes.
  const answers: Answer[] = [];
  /** When each answer came, to count those given while Redis was away. */
  const answeredAt: number[] = [];
  let running = true;
  const load = async (i: number) => {
    for (let n = 0; running; n++) {
      const server = n % 2 === 0 ? a : b;
      answers.push(
        i % 2 === 0
          ? await call(server.base, 'PUT', '/api/birth-data/update', birthData(`r${n}`), loadTokens[i])
          : await call(server.base, 'GET', '/api/birth-data/get', undefined, loadTokens[i]),
      );
      answeredAt.push(Date.now());
      await sleep(PAUSE_MS);
    }
  };
  const clients = loadTokens.map((_, i) => load(i));
  await sleep(1_000);

  await redis.stop();
  const downAt = Date.now();
  const allowedOnA = await allowedUntilRefused(a, probeToken);
  const allowedOnB = await allowedUntilRefused(b, probeToken);
  const signUps = Array.from({ length: SIGN_UPS_WHILE_DOWN }, (_, i) => `redis.down.${i}@faults.test`);
  for (const [i, email] of signUps.entries()) {
    const answer = await call(i % 2 ? b.base : a.base, 'POST', '/api/auth/register', {
      email,
      name: 'Down',
      password: PASSWORD,
    });
    if (answer.status !== 201) throw new Error(`a sign-up with Redis away: ${answer.status} ${answer.text}`);
  }
  const delayedWhileDown = await delayedJobs(a);
  if (delayedWhileDown !== null) throw new Error('/metrics reported queue figures with Redis away');
  await sleep(Math.max(0, DOWN_MS - (Date.now() - downAt)));

  await redis.start();
  const upAt = Date.now();
  const downMs = upAt - downAt;
  const reconnectMs = await heardAcross(a, chatToken, session, realtime);
  await sleep(1_000);
  running = false;
  await Promise.all(clients);

  const unanswered = answers.filter((answer) => answer.status !== 200);
  if (unanswered.length > 0)
    throw new Error(
      `${unanswered.length} of ${answers.length} requests failed, e.g. ${unanswered[0]!.status} ${unanswered[0]!.text.slice(0, 200)}`,
    );
  const whileDown = answeredAt.filter((at) => at > downAt && at < upAt).length;
  const mailBy = Date.now() + MAIL_LIMIT_MS;
  const mailed = (email: string) => sink.mails.filter((mail) => mail.to.includes(email)).length;
  while (signUps.some((email) => mailed(email) === 0) && Date.now() < mailBy) await sleep(250);
  await sleep(2_000);
  const wrong = signUps.filter((email) => mailed(email) !== 1);
  if (wrong.length > 0)
    throw new Error(`sign-ups made with Redis away: ${wrong.map((e) => `${e} got ${mailed(e)} mails`)}`);
  let delayedAfter: number | null = null;
  for (let i = 0; i < 50 && delayedAfter !== delayedBefore; i++) {
    delayedAfter = await delayedJobs(a);
    if (delayedAfter !== delayedBefore) await sleep(200);
  }
  if (delayedAfter !== delayedBefore)
    throw new Error(`${delayedBefore} scheduled jobs waited in the queue before, ${delayedAfter} after`);
  if (a.child.exitCode !== null || b.child.exitCode !== null) throw new Error('a server process ended');
  realtime.socket.close();
  await Promise.all([a.stop(), b.stop()]);
  await redis.stop();
  await sink.close();
  return `Redis away ${(downMs / 1000).toFixed(1)} s: ${answers.length} reads and writes by ${LOAD_PEOPLE} people through 2 processes all answered (${whileDown} while Redis was away); the limit of ${PER_PERSON_PER_MINUTE} a minute refused after ${allowedOnA} requests on one process and ${allowedOnB} on the other (each counts alone); ${SIGN_UPS_WHILE_DOWN} sign-ups meanwhile got 1 mail each; ${delayedBefore} scheduled jobs in the queue before and after; a socket heard an answer from the other process ${(reconnectMs / 1000).toFixed(1)} s after Redis was back`;
}
