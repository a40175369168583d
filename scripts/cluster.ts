import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandExists, ensurePackages as installIfMissing } from './debian-packages.ts';
import { freePort } from './free-port.ts';

// `npm run cluster`: the scale-out mode on one machine. Several server processes on PostgreSQL and
// Redis behind nginx, on one port. PostgreSQL and Redis are started here, with throwaway data under
// the OS temp dir, unless DATABASE_URL / REDIS_URL name running ones; missing Debian packages are
// installed when run as root. Ctrl-C stops everything and removes the throwaway data.
// SIGHUP restarts the server processes one at a time (a rolling restart) without touching nginx:
// see rollingRestart.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.PORT ?? 3000);
const PROCESSES = Number(process.env.CLUSTER_PROCESSES ?? 2);
const isRoot = userInfo().uid === 0;
/** How long nginx leaves a server out after a failed connection. */
const UPSTREAM_FAIL_TIMEOUT_MS = 2000;

const work = mkdtempSync(path.join(tmpdir(), 'astro-cluster-'));
/**
 * The server processes' Unix sockets. Apart from `work` (which belongs to postgres when we run as
 * root) because nginx's workers, then the user nobody, must reach them.
 */
const sockets = mkdtempSync(path.join(tmpdir(), 'astro-cluster-sockets-'));
chmodSync(sockets, 0o711);
/** The server processes running now. */
const servers = new Set<ChildProcess>();
const stopSteps: (() => void)[] = [];
let stopping = false;

function say(line: string): void {
  console.log(`cluster: ${line}`);
}

function fail(line: string): never {
  console.error(`cluster: ${line}`);
  void stopAll(1);
  throw new Error(line);
}

/** For work started from a signal or a timer: stops everything unless a failure already did. */
function stopOnFailure(what: string): (error: unknown) => void {
  return (error) => {
    if (stopping) return; // reported by fail(), which began the stop
    console.error(`cluster: ${what} failed: ${String(error)}`);
    void stopAll(1);
  };
}

/** Installs Debian packages when we may; otherwise says which ones are needed. */
function ensurePackages(packages: string[], present: () => boolean): void {
  try {
    installIfMissing(packages, present, say);
  } catch (error) {
    fail((error as Error).message);
  }
}

function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => path.join(base, v, 'bin')).find((bin) => existsSync(path.join(bin, 'initdb')));
}

/** PostgreSQL's tools refuse to run as root: run them as the postgres user then. */
function asPostgres(command: string, args: string[]): void {
  const [file, fileArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, fileArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) fail(`${path.basename(command)} failed`);
}

async function startPostgres(): Promise<string> {
  ensurePackages(['postgresql'], () => postgresBin() !== undefined);
  const bin = postgresBin()!;
  const dataDir = path.join(work, 'pg');
  mkdirSync(dataDir);
  if (isRoot) {
    const owner = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const group = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(work, owner, group);
    chownSync(dataDir, owner, group);
  }
  const port = await freePort();
  asPostgres(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  asPostgres(path.join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-w',
    '-l',
    path.join(dataDir, 'server.log'),
    '-o',
    `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1`,
    'start',
  ]);
  stopSteps.push(() =>
    asPostgresQuiet(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
  );
  say(`PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port} (throwaway data in ${dataDir})`);
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

function asPostgresQuiet(command: string, args: string[]): void {
  const [file, fileArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  spawnSync(file, fileArgs, { stdio: 'ignore' });
}

async function startRedis(): Promise<string> {
  ensurePackages(['redis-server'], () => commandExists('redis-server'));
  const dataDir = path.join(work, 'redis');
  mkdirSync(dataDir);
  const port = await freePort();
  // Append-only persistence and no eviction: the job queue's entries must survive and never be dropped.
  const redis = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dataDir,
      '--appendonly',
      'yes',
      '--save',
      '',
      '--maxmemory-policy',
      'noeviction',
    ],
    { stdio: 'ignore' },
  );
  stopSteps.push(() => redis.kill('SIGTERM'));
  say(`Redis on 127.0.0.1:${port} (throwaway data in ${dataDir})`);
  return `redis://127.0.0.1:${port}`;
}

function nginxConfig(upstreams: string[]): string {
  const dir = nginxDir();
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream app {
${upstreams.map((socket) => `    server unix:${socket} max_fails=1 fail_timeout=${UPSTREAM_FAIL_TIMEOUT_MS / 1000}s;`).join('\n')}
    keepalive 32;
    # Shorter than a draining server's notice (2 s): nginx drops an idle connection before the
    # server would, so no request is sent on a connection the server is closing.
    keepalive_timeout 1s;
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  server {
    listen 127.0.0.1:${PORT};
    client_max_body_size 1m;
    # nginx ends a client's kept-alive connection after this many requests (1000 by default) with
    # \`Connection: close\`; a client that sends its next request before reading that (the
    # benchmark's load generator does) has it cut. Not a restart effect: set out of its way.
    keepalive_requests 1000000;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      # A process that crashed refuses the connection, one that drains answers 503: try the other one.
      proxy_next_upstream error timeout http_502 http_503;
      # Streamed chat answers must reach the browser piece by piece.
      proxy_buffering off;
      proxy_read_timeout 120s;
    }
  }
}
`;
}

const nginxDir = () => path.join(work, 'nginx');

function startNginx(upstreams: string[]): void {
  ensurePackages(['nginx'], () => commandExists('nginx') || existsSync('/usr/sbin/nginx'));
  mkdirSync(nginxDir());
  const file = path.join(nginxDir(), 'nginx.conf');
  writeFileSync(file, nginxConfig(upstreams));
  const errorLog = path.join(nginxDir(), 'error.log');
  const child = spawn(commandExists('nginx') ? 'nginx' : '/usr/sbin/nginx', ['-c', file, '-e', errorLog], {
    stdio: 'inherit',
  });
  child.on('exit', (code) => {
    if (!stopping) fail(`nginx stopped (exit ${code}); its log: ${errorLog}`);
  });
  stopSteps.push(() => child.kill('SIGQUIT'));
}

interface ServerSlot {
  /** The path nginx connects to; always the socket of the slot's current process. */
  socket: string;
  process?: ChildProcess;
  /** A replacement is starting: a crash of the current process needs no second one. */
  replacing?: boolean;
}

let started = 0;

/**
 * Starts a process for the slot on a socket path of its own and, once it answers /api/ready there,
 * renames that socket over the slot's path: rename(2) is atomic, so from then on every new
 * connection from nginx reaches the new process, while a process it replaces keeps the connections
 * it holds (and those already waiting in its listen queue) and can drain them. The path is never
 * reused: a process that closes its listener removes the file it listened on (libuv unlinks it),
 * which must not be the slot's path by then in use by its successor.
 */
async function startServer(slot: ServerSlot, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  started += 1;
  slot.replacing = true;
  const own = slot.socket.replace(/\.sock$/, `.${started}.sock`);
  const child = spawn(process.execPath, ['--max-semi-space-size=2', 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env: { ...env, SOCKET_PATH: own },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  servers.add(child);
  child.on('exit', (code, signal) => {
    servers.delete(child);
    if (stopping || slot.process !== child) return;
    // A crash or a kill: nginx sends everything to the others meanwhile (its connections to the
    // slot are refused); start a replacement.
    say(`server ${path.basename(slot.socket)} ended (${signal ?? code}); starting it again`);
    setTimeout(() => {
      if (!stopping && slot.process === child && !slot.replacing) {
        startServer(slot, env).catch(stopOnFailure('starting it again'));
      }
    }, 1000);
  });
  await waitReady(own, child);
  // nginx's workers run as another user (nobody, when started by root); they only connect.
  chmodSync(own, 0o666);
  renameSync(own, slot.socket);
  slot.process = child;
  slot.replacing = false;
  return child;
}

function readyStatus(socketPath: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const asked = request({ socketPath, path: '/api/ready', timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    asked.once('timeout', () => asked.destroy());
    asked.once('error', () => resolve(undefined)); // not listening yet
    asked.end();
  });
}

async function waitReady(socketPath: string, child: ChildProcess, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (stopping) throw new Error('stopping'); // Ctrl-C meanwhile: nothing to report
    if (child.exitCode !== null || child.signalCode !== null) {
      fail(`the server for ${path.basename(socketPath)} ended before it was ready`);
    }
    if ((await readyStatus(socketPath)) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`the server for ${path.basename(socketPath)} did not become ready within ${seconds} s`);
}

async function waitNginxReady(seconds = 30): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`nginx did not answer on :${PORT} within ${seconds} s`);
}

/** A machine-readable line for scripts that drive the cluster (bench/cluster), after each change. */
function announce(slots: ServerSlot[]): void {
  const servers = slots.map((slot) => ({ socket: slot.socket, pid: slot.process?.pid }));
  console.log(JSON.stringify({ cluster: { port: PORT, pid: process.pid, servers } }));
}

/**
 * One slot at a time: the replacement starts beside the running process and takes over the slot's
 * socket path once ready (startServer); then the old process gets SIGTERM and drains. nginx is not
 * reloaded, so it keeps every client connection; its idle connections to the old process end within
 * its keepalive_timeout (1 s), before the old process closes (2 s after the signal), and every
 * answer the old process sends meanwhile closes its connection.
 */
async function rollingRestart(slots: ServerSlot[], env: NodeJS.ProcessEnv): Promise<void> {
  const began = Date.now();
  for (const slot of slots) {
    const old = slot.process;
    await startServer(slot, env);
    if (old && old.exitCode === null && old.signalCode === null) {
      const exited = new Promise((resolve) => old.once('exit', resolve));
      old.kill('SIGTERM');
      await exited;
    }
  }
  say(`rolling restart done in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  announce(slots);
}

/** Servers first (they finish their requests while the database is still there), then the rest. */
async function stopAll(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  const running = [...servers].filter((child) => child.exitCode === null);
  const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) child.kill('SIGTERM');
  await Promise.race([Promise.all(exited), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  for (const step of stopSteps.reverse()) step();
  rmSync(work, { recursive: true, force: true });
  rmSync(sockets, { recursive: true, force: true });
}

async function main(): Promise<void> {
  if (
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-changed.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
    }).status !== 0
  )
    fail('the build failed');
  const databaseUrl = process.env.DATABASE_URL ?? (await startPostgres());
  const redisUrl = process.env.REDIS_URL ?? (await startRedis());
  const secretFile = path.join(work, 'jwt-secret');
  writeFileSync(secretFile, randomBytes(48).toString('base64url'), { mode: 0o600 });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    HOST: '127.0.0.1',
    APP_URL: process.env.APP_URL ?? `http://localhost:${PORT}`,
    TRUST_PROXY: 'true',
    // Every process signs and checks the same tokens.
    JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    DATA_DIR: process.env.DATA_DIR ?? path.join(work, 'data'),
  };
  if (
    spawnSync(process.execPath, ['apps/server/dist/migrate-cli.js'], { cwd: ROOT, env, stdio: 'inherit' })
      .status !== 0
  )
    fail('the migrations failed');
  const slots: ServerSlot[] = [];
  for (let i = 0; i < PROCESSES; i++) slots.push({ socket: path.join(sockets, `slot-${i + 1}.sock`) });
  await Promise.all(slots.map((slot) => startServer(slot, env)));
  startNginx(slots.map((slot) => slot.socket));
  await waitNginxReady();
  say(
    `${PROCESSES} server processes behind nginx at http://localhost:${PORT} (Ctrl-C or SIGTERM stops all; \`kill -HUP ${process.pid}\` restarts them one by one)`,
  );
  announce(slots);

  let restarting = false;
  process.on('SIGHUP', () => {
    if (restarting) return;
    restarting = true;
    rollingRestart(slots, env).then(() => {
      restarting = false;
    }, stopOnFailure('the rolling restart'));
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopAll(0));
}

main().catch((error: unknown) => {
  if (!stopping) {
    console.error(error);
    void stopAll(1);
  }
});
