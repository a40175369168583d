import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// The only place that reads the environment. Everything else receives a Config.

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? fallback : value === 'true' || value === '1',
    );

const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item.length > 0),
  );

const url = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : value))
    .pipe(z.url({ error: 'must be a URL such as http://localhost:3000' }));

/** TRUST_PROXY: false (default), true, a hop count, or a comma list of proxy addresses. */
const trustProxy = z
  .string()
  .optional()
  .transform((value): boolean | number | string[] => {
    const text = (value ?? '').trim();
    if (text === '' || text === 'false' || text === '0') return false;
    if (text === 'true') return true;
    if (/^\d+$/.test(text)) return Number(text);
    return text.split(',').map((item) => item.trim());
  });

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: url('http://localhost:3000').transform((value) => value.replace(/\/+$/, '')),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine(
      (value) => !value || /^(postgres|postgresql):\/\//.test(value) || !value.includes('://'),
      'must be a postgres:// URL or a SQLite file path',
    ),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .optional()
    .refine((value) => !value || /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().min(3).default('Astro Guidance <no-reply@localhost>'),
  ADMIN_EMAILS: list.transform((items) => items.map((item) => item.toLowerCase())),
  CORS_ORIGINS: list.pipe(z.array(z.url({ error: 'must list origins such as https://app.example.com' }))),
  TRUST_PROXY: trustProxy,
  HSTS: flag(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  RATE_LIMIT_ENABLED: flag(true),
});

/** Limits of the per-account and per-address throttles (counts within a window). */
export interface ThrottleRule {
  max: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  /** A postgres:// URL or the path of the SQLite file. */
  databaseUrl: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  corsOrigins: string[];
  trustProxy: boolean | number | string[];
  hsts: boolean;
  logLevel: string;
  webDistDir: string;
  rateLimit: { enabled: boolean; max: number; windowMs: number };
  bodyLimit: number;
  sessionTtlMs: number;
  throttle: {
    loginFailuresPerAccount: ThrottleRule;
    loginFailuresPerIp: ThrottleRule;
    mailPerAddress: ThrottleRule;
    mailPerIp: ThrottleRule;
    registrationsPerIp: ThrottleRule;
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Settings that are product policy rather than deployment choices. */
export const POLICY = {
  bodyLimit: 64 * 1024,
  sessionTtlMs: 30 * 24 * HOUR,
  rateLimit: { max: 300, windowMs: MINUTE },
  throttle: {
    loginFailuresPerAccount: { max: 5, windowMs: 15 * MINUTE },
    loginFailuresPerIp: { max: 30, windowMs: 15 * MINUTE },
    mailPerAddress: { max: 3, windowMs: HOUR },
    mailPerIp: { max: 20, windowMs: HOUR },
    registrationsPerIp: { max: 10, windowMs: HOUR },
  },
} as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment; throws a ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: e.APP_URL,
    dataDir,
    databaseUrl: e.DATABASE_URL || path.join(dataDir, 'app.db'),
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_EMAILS,
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    hsts: e.HSTS,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    rateLimit: { enabled: e.RATE_LIMIT_ENABLED, ...POLICY.rateLimit },
    bodyLimit: POLICY.bodyLimit,
    sessionTtlMs: POLICY.sessionTtlMs,
    throttle: structuredClone(POLICY.throttle),
  };
}

/** The signing secret is generated once per data directory so that a restart keeps sessions. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function isPostgresUrl(url: string): boolean {
  return /^(postgres|postgresql):\/\//.test(url);
}
