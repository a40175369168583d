import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as OTPAuth from 'otpauth';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app.ts';
import { type Config, POLICY } from '../config.ts';
import { defaultContact } from '../modules/contact/config.ts';
import { defaultProgramme } from '../modules/partners/config.ts';
import { defaultBilling } from '../modules/subscription/config.ts';
import { ManualClock } from '../platform/clock.ts';
import { type Database, openDatabase } from '../platform/db/database.ts';
import { TEST_SCHEMA_PREFIX } from './global-setup.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

// Builds the real app on a fresh database: a temporary SQLite file by default, or a new
// PostgreSQL schema when TEST_DATABASE_URL is set. Each test file gets its own.

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
/** A Redis server for the scale-out tests (`npm test` starts one); those tests exist only with it. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

const generous = { max: 10_000, windowMs: 60_000 };

/** Request limits on but out of the way, with the given ones tightened. */
export function testRateLimit(overrides: Partial<Config['rateLimit']> = {}): Config['rateLimit'] {
  return { enabled: true, apiPerUser: generous, apiPerIp: generous, pagesPerIp: generous, ...overrides };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'astro-test-'));
  return {
    port: 0,
    host: '127.0.0.1',
    socketPath: undefined,
    appUrl: 'http://app.test',
    dataDir,
    databaseUrl: path.join(dataDir, 'app.db'),
    jwtSecret: randomBytes(32).toString('base64url'),
    smtpUrl: undefined,
    mailFrom: 'Astro Guidance <no-reply@app.test>',
    adminEmails: [],
    corsOrigins: ['http://allowed.test'],
    trustProxy: false,
    hsts: false,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    webDistDir: path.join(dataDir, 'no-web'),
    rateLimit: testRateLimit(),
    bodyLimit: POLICY.bodyLimit,
    timeouts: { ...POLICY.timeouts },
    sessionTtlMs: POLICY.sessionTtlMs,
    billing: defaultBilling(),
    programme: defaultProgramme('http://app.test'),
    contact: defaultContact('http://app.test'),
    // Per-address limits as in production; per-IP limits raised because every test shares one IP.
    throttle: {
      ...structuredClone(POLICY.throttle),
      loginFailuresPerIp: generous,
      mailPerIp: generous,
      registrationsPerIp: generous,
    },
    ...overrides,
  };
}

export interface TestDatabase {
  database: Database;
  /** Another connection to the same data, as a second process would open it. */
  reopen(): Database;
  drop(): Promise<void>;
}

export async function openTestDatabase(config: Config): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const database = openDatabase(config.databaseUrl);
    return {
      database,
      reopen: () => openDatabase(config.databaseUrl),
      drop: async () => {
        await database.close();
        rmSync(config.dataDir, { recursive: true, force: true });
      },
    };
  }
  const schema = `${TEST_SCHEMA_PREFIX}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase(TEST_DATABASE_URL, { searchPath: schema });
  return {
    database,
    reopen: () => openDatabase(TEST_DATABASE_URL, { searchPath: schema }),
    // The schema itself is dropped after the whole run (testing/global-setup.ts).
    drop: async () => {
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  config: Config;
  smtp: SmtpSink | undefined;
  /** Another connection to the test's data, as another process would open it. Close it after use. */
  openAnotherConnection(): Database;
  /**
   * A second server on the same data through its own connection, as another process would run
   * (its background jobs off unless `mailLoop`; `beforeReady` as for the first).
   */
  startAnotherServer(options?: {
    mailLoop?: boolean;
    beforeReady?: (app: FastifyInstance) => void;
  }): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    config?: Partial<Config>;
    smtp?: boolean;
    mailLoop?: boolean;
    logStream?: DestinationStream;
    /** Lets a test add routes before the app is sealed. */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const smtp = options.smtp ? await startSmtpSink() : undefined;
  const config = testConfig({ ...(smtp && { smtpUrl: smtp.url }), ...options.config });
  const clock = new ManualClock(new Date());
  const testDb = await openTestDatabase(config);
  const app = await buildApp(config, {
    clock,
    database: testDb.database,
    mailLoop: options.mailLoop ?? false,
    ...(options.logStream && { logStream: options.logStream }),
  });
  options.beforeReady?.(app);
  await app.ready();
  const others: FastifyInstance[] = [];
  return {
    app,
    clock,
    config,
    smtp,
    openAnotherConnection: () => testDb.reopen(),
    async startAnotherServer(another = {}) {
      const database = testDb.reopen();
      const other = await buildApp(config, { clock, database, mailLoop: another.mailLoop ?? false });
      other.addHook('onClose', () => database.close());
      another.beforeReady?.(other);
      others.push(other);
      await other.ready();
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      await app.close();
      await testDb.drop();
      await smtp?.close();
    },
  };
}

let counter = 0;
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

export const GOOD_PASSWORD = 'violet-orbit-47-lantern';

export interface Registered {
  email: string;
  password: string;
  token: string;
  userId: string;
}

export async function register(app: FastifyInstance, email = uniqueEmail(), password = GOOD_PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, name: 'Test Person', password },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const body = response.json();
  return {
    email,
    password,
    token: body.token as string,
    userId: body.user.id as string,
  } satisfies Registered;
}

/**
 * Registers and follows the mailed verification link: an address of ADMIN_EMAILS is an admin
 * from then on.
 */
export async function registerVerified(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = GOOD_PASSWORD,
) {
  const registered = await register(app, email, password);
  const secret = await secretFromOutbox(app, email, 'verify-email');
  const verified = await app.inject(`/api/auth/verify-email/${secret}`);
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return registered;
}

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** The user-facing error text and code of an error answer. */
export function errorOf(response: LightMyRequestResponse): { status: number; code: string; error: string } {
  const body = response.json();
  return { status: response.statusCode, code: body.code, error: body.error };
}

/** The link secret of the last mail to an address, read from the outbox table. */
export async function secretFromOutbox(
  app: FastifyInstance,
  to: string,
  kind: 'verify-email' | 'reset-password',
) {
  const rows = await app.database.db
    .selectFrom('mail_outbox')
    .select(['text_body', 'created_at'])
    .where('recipient', '=', to)
    .orderBy('created_at', 'desc')
    .execute();
  for (const row of rows) {
    const match = new RegExp(`/#/${kind}/([A-Za-z0-9_-]{43})`).exec(row.text_body);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

/** The current code of an authenticator set up with this secret, at the app's clock. */
export function authenticatorCode(app: FastifyInstance, secret: string, offsetSteps = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: app.clock.now().getTime() + offsetSteps * 30_000,
  });
}

/**
 * Sets up two-step sign-in for the session's account and passes it, as an admin does before the
 * admin area answers; returns the authenticator secret and the recovery codes.
 */
export async function passSecondFactor(
  app: FastifyInstance,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enrolled = await app.inject({ method: 'POST', url: '/api/auth/mfa/enroll', headers: bearer(token) });
  if (enrolled.statusCode !== 200) throw new Error(`enrol failed: ${enrolled.body}`);
  const { secret } = enrolled.json().data as { secret: string };
  const verified = await app.inject({
    method: 'POST',
    url: '/api/auth/mfa/verify',
    headers: bearer(token),
    payload: { code: authenticatorCode(app, secret) },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return { secret, recoveryCodes: verified.json().data.recoveryCodes };
}
