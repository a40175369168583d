import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type SmtpSink, startSmtpSink } from '../../apps/server/src/testing/smtp-sink.ts';
import { apiRequest } from '../api-request.ts';
import { commandExists, ensurePackages } from '../debian-packages.ts';

// What the fault scenarios share: a throwaway PostgreSQL cluster (restartable), a throwaway Redis
// (stoppable), an SMTP sink, real server processes on them, and small HTTP helpers. Everything started here is stopped by stopEverything().

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const isRoot = userInfo().uid === 0;
const stopSteps: (() => void | Promise<void>)[] = [];

/** Runs the registered stop steps, newest first; each once, failures ignored. */
export async function stopEverything(): Promise<void> {
  for (const step of stopSteps.splice(0).reverse()) {
    try {
      await step();
    } catch {
      // Cleanup goes on: the other steps still free their processes and files.
    }
  }
}

export function onStop(step: () => void | Promise<void>): void {
  stopSteps.push(step);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let nextPort = Number(process.env.FAULTS_PORT_BASE ?? 4850);
const lastPort = nextPort + 49;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The next free loopback port of this suite's range (FAULTS_PORT_BASE and the 49 after it). */
export async function takePort(): Promise<number> {
  while (nextPort <= lastPort) {
    const port = nextPort++;
    if (await isFree(port)) return port;
  }
  throw new Error('no free port left in the suite range');
}

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions
    .map((v) => path.join(base, v, 'bin'))
    .find((dir) => existsSync(path.join(dir, 'initdb')));
  if (!bin) throw new Error('PostgreSQL is not installed (Debian package: postgresql)');
  return bin;
}

/** PostgreSQL's tools refuse to run as root: as the postgres user then. */
function asPostgres(command: string, args: string[]): void {
  const [file, fileArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, fileArgs, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(command)} failed: ${result.stderr}`);
}

function asPostgresAsync(command: string, args: string[]): Promise<void> {
  const [file, fileArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, fileArgs, { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} exited with ${code}`)),
    );
  });
}

export interface Postgres {
  url: string;
  /** pg_ctl restart -m fast: every connection is ended, the server is back when this resolves. */
  restart(): Promise<void>;
  query<Row>(text: string, values?: unknown[]): Promise<Row[]>;
  /** An empty database under the same URL, so nothing one scenario left (mail waiting, people) reaches the next. */
  reset(): Promise<void>;
}

export async function startPostgres(work: string): Promise<Postgres> {
  const bin = postgresBin();
  const dataDir = path.join(work, 'pg');
  mkdirSync(dataDir);
  if (isRoot) {
    const owner = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const group = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(work, owner, group);
    chownSync(dataDir, owner, group);
  }
  const port = await takePort();
  const pgCtl = path.join(bin, 'pg_ctl');
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  asPostgres(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  asPostgres(pgCtl, ['-D', dataDir, '-w', '-l', path.join(dataDir, 'server.log'), '-o', options, 'start']);
  onStop(() => asPostgres(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    // Not spawnSync: the clients of the scenario keep running while PostgreSQL restarts.
    restart: () => asPostgresAsync(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', '-o', options, 'restart']),
    async query<Row>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as Row[];
      } finally {
        await client.end();
      }
    },
    async reset() {
      const client = new pg.Client({ connectionString: url.replace(/\/postgres$/, '/template1') });
      await client.connect();
      try {
        await client.query('drop database postgres with (force)');
        await client.query('create database postgres');
      } finally {
        await client.end();
      }
    },
  };
}

export interface RedisServer {
  url: string;
  /** Stops Redis the ordinary way (SIGTERM: the append-only file is written out) and waits for it. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it answers PING. */
  start(): Promise<void>;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * A throwaway Redis (Debian package redis-server, installed when missing and run as root) set up as
 * deploy.md asks: append-only persistence, written at every command, and no eviction.
 */
export async function startRedis(work: string): Promise<RedisServer> {
  ensurePackages(
    ['redis-server'],
    () => commandExists('redis-server'),
    (line) => console.log(line),
  );
  const dataDir = path.join(work, 'redis');
  mkdirSync(dataDir);
  const port = await takePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dataDir, '--save', ''];
  args.push('--appendonly', 'yes', '--appendfsync', 'always', '--maxmemory-policy', 'noeviction');
  let child: ChildProcess | undefined;
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000).then(() => running.kill('SIGKILL'))]);
  };
  const start = async () => {
    child = spawn('redis-server', args, { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (await answersPing(port)) return;
      await sleep(100);
    }
    throw new Error('Redis did not answer within 10 s');
  };
  onStop(stop);
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}

/** An SMTP sink on the suite's next free port (or the given one), closed with everything else. */
export async function startSink(port?: number): Promise<SmtpSink> {
  const sink = await startSmtpSink(port ?? (await takePort()));
  onStop(() => sink.close());
  return sink;
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

/** The server from its source through tsx: a build left from older sources would test old code. */
function serverCommand(): string[] {
  return ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')];
}

/** A real server process on the given database, answering /api/ready before this resolves. */
export async function startServer(env: Record<string, string>, work: string): Promise<ServerProcess> {
  const port = await takePort();
  const dataDir = path.join(work, `server-${port}`);
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, serverCommand(), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      JWT_SECRET: 'fault-suite-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (data: Buffer) => {
    output += data.toString();
  });
  child.stderr!.on('data', (data: Buffer) => {
    output += data.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, sleep(12_000).then(() => child.kill('SIGKILL'))]);
  };
  onStop(stop);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
    const ready = await fetch(`${base}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { base, child, output: () => output, stop };
    await sleep(100);
  }
  throw new Error(`the server did not get ready in 60 s:\n${output}`);
}

export interface Answer {
  status: number;
  text: string;
  json: () => Record<string, unknown>;
}

/** One HTTP call; a refused or broken connection answers status 0 with the error as text. */
export async function call(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<Answer> {
  try {
    const response = await fetch(`${base}${url}`, {
      ...apiRequest(method, body, token),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
  } catch (error) {
    return { status: 0, text: String(error), json: () => ({}) };
  }
}

/** Request limits off, so that a scenario's load reaches its routes (the fuzz scenario keeps them). */
export const NO_LIMITS = { RATE_LIMIT_ENABLED: 'false', REGISTRATIONS_PER_IP_PER_HOUR: '100000' };

export const PASSWORD = 'fault-suite-passphrase-long-enough';

export function birthData(name: string) {
  return {
    name,
    date: '1987-09-14',
    time: '06:45',
    city: 'Oslo',
    country: 'Norway',
    latitude: 59.91,
    longitude: 10.75,
    timeZone: 'Europe/Oslo',
  };
}

/** Removes a temp dir (and, as root, what the postgres user wrote into it). */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
