import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type ContactConfig, defaultContact } from './modules/contact/config.ts';
import {
  NOTIFICATIONS_ENV,
  type NotificationsConfig,
  notificationsFromEnv,
} from './modules/notifications/config.ts';
import { defaultProgramme, PROGRAMME_DEFAULTS, type ProgrammeConfig } from './modules/partners/config.ts';
import {
  type BillingConfig,
  CouponSeedSchema,
  DEFAULT_PAST_DUE_GRACE_DAYS,
  defaultBilling,
  PlanSeedSchema,
} from './modules/subscription/config.ts';
import { defaultSupportEmail, type ThrottleRule } from './platform/config-basics.ts';
import type { RedisConfig } from './platform/redis.ts';

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

/** A plain address for operators' mail (checked loosely: it is configuration, not user input). */
const address = z
  .string()
  .trim()
  .regex(/^[^\s@<>]+@[^\s@<>]+$/, 'must be an email address such as support@example.com');

type AssistantConfig =
  | { provider: 'builtin' }
  | {
      provider: 'openai';
      openai: {
        baseUrl: string;
        apiKey: string | undefined;
        model: string;
        timeoutMs: number;
        idleMs: number;
        maxRetries: number;
      };
    };

/** Sign-ups allowed from one client address an hour, unless REGISTRATIONS_PER_IP_PER_HOUR says otherwise. */
const POLICY_REGISTRATIONS_PER_IP_PER_HOUR = 10;

/** API requests a minute: per signed-in user, and per client address without a session (ADR 0172). */
const POLICY_API_PER_USER_PER_MINUTE = 600;
const POLICY_API_PER_IP_PER_MINUTE = 600;

const perMinute = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 1000000')
    .max(1_000_000, 'must be between 1 and 1000000')
    .default(fallback);

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  // Set: listen on this Unix socket instead of PORT and HOST (behind a proxy on the same host).
  SOCKET_PATH: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .refine((value) => path.isAbsolute(value), 'must be an absolute path')
        // The kernel keeps a socket's path in 108 bytes, the last one a zero.
        .refine((value) => Buffer.byteLength(value) <= 107, 'must be at most 107 bytes long')
        .refine((value) => existsSync(path.dirname(value)), 'its folder does not exist')
        .optional(),
    ),
  // Unset: http://localhost:<PORT>, so links in mail reach a server started on another port.
  APP_URL: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url({ error: 'must be a URL such as http://localhost:3000' }).optional()),
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
  // Unset: on when APP_URL is https (the browser then keeps to HTTPS), off otherwise.
  HSTS: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? undefined : value === 'true' || value === '1',
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z
    .string()
    .optional()
    .refine((value) => !value || /^rediss?:\/\//.test(value), 'must be a redis:// or rediss:// URL'),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,40}$/, 'letters, digits, . - _ (at most 40)')
    .default('astro'),
  // Unset: no /metrics at all. Set: Prometheus scrapes it with this bearer token.
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  RATE_LIMIT_ENABLED: flag(true),
  API_REQUESTS_PER_USER_PER_MINUTE: perMinute(POLICY_API_PER_USER_PER_MINUTE),
  API_REQUESTS_PER_IP_PER_MINUTE: perMinute(POLICY_API_PER_IP_PER_MINUTE),
  // Many people may share one address (offices, campuses, carrier NAT): the cap is a setting.
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1)
    .max(100_000)
    .default(POLICY_REGISTRATIONS_PER_IP_PER_HOUR),
  PAYMENT_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z
    .string()
    .optional()
    .pipe(z.url({ error: 'must be a URL' }).optional()),
  PAST_DUE_GRACE_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .min(0)
    .max(60)
    .default(DEFAULT_PAST_DUE_GRACE_DAYS),
  BILLING_PLANS: z.string().optional(),
  BILLING_COUPONS: z.string().optional(),
  TEST_CLOCK_CONTROL: flag(false),
  LLM_PROVIDER: z.enum(['builtin', 'openai'], { error: 'must be builtin or openai' }).default('builtin'),
  LLM_BASE_URL: z.string().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100)
    .max(120_000)
    .default(10_000),
  OPERATOR_EMAIL: address.optional(),
  SUPPORT_EMAIL: address.optional(),
  PARTNER_COMMISSION_RATE: z.coerce
    .number({ error: 'must be a number' })
    .min(0, 'must be a fraction between 0 and 1, e.g. 0.2 for 20 %')
    .max(1, 'must be a fraction between 0 and 1, e.g. 0.2 for 20 %')
    .default(PROGRAMME_DEFAULTS.commissionRate),
  AFFILIATE_ATTRIBUTION_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number of days')
    .min(1, 'must be between 1 and 365')
    .max(365, 'must be between 1 and 365')
    .default(PROGRAMME_DEFAULTS.attributionWindowDays),
  ...NOTIFICATIONS_ENV,
  PUSH_ALLOW_LOOPBACK_HTTP: flag(false),
  PARTNER_COUPON_PERCENT_OFF: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole percentage')
    .min(0, 'must be between 0 and 100')
    .max(100, 'must be between 0 and 100')
    .default(PROGRAMME_DEFAULTS.couponPercentOff),
});

function parseJsonList<T>(name: string, text: string | undefined, schema: z.ZodType<T>, problems: string[]) {
  if (!text) return undefined;
  try {
    const parsed = z.array(schema).safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    problems.push(
      `${name}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  } catch {
    problems.push(`${name}: must be a JSON list`);
  }
  return undefined;
}

export interface Config {
  port: number;
  host: string;
  /** Listen on this Unix socket instead of port and host. */
  socketPath: string | undefined;
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
  /** Redis for several server processes (shared request limits, realtime rooms); absent: one process. */
  redis?: RedisConfig | undefined;
  /** The bearer token for GET /metrics; without one the route does not exist. */
  metricsToken?: string | undefined;
  webDistDir: string;
  /** Request limits (ADR 0172); the app's files are never counted. */
  rateLimit: {
    enabled: boolean;
    /** API requests of one signed-in user. */
    apiPerUser: ThrottleRule;
    /** API requests without a valid session, per client address. */
    apiPerIp: ThrottleRule;
    /** Page loads (navigations) per client address: only a flood ceiling. */
    pagesPerIp: ThrottleRule;
  };
  /** The subscription module's section (defaults: defaultBilling()). */
  billing: BillingConfig;
  /** The partner programme's section (defaults: defaultProgramme(appUrl)). */
  programme: ProgrammeConfig;
  /** The contact form's section (defaults: defaultContact(appUrl)). */
  contact: ContactConfig;
  /** Web Push and the digests (absent: keys generated into the data folder, no loopback http). */
  notifications?: NotificationsConfig;
  /** The chat assistant: the built-in composer unless an OpenAI-compatible endpoint is configured (absent: built-in). */
  assistant?: AssistantConfig;
  bodyLimit: number;
  /** How long a client may take: the whole request (headers and body) and its headers alone. */
  timeouts: { requestMs: number; headersMs: number };
  sessionTtlMs: number;
  throttle: {
    /** Wrong passwords of one (account, client address) pair; each also adds a growing wait. */
    loginFailuresPerPair: ThrottleRule;
    loginFailuresPerIp: ThrottleRule;
    /** Wrong current passwords of a signed-in person (password change, account deletion). */
    passwordChecksPerUser: ThrottleRule;
    mailPerAddress: ThrottleRule;
    mailPerIp: ThrottleRule;
    registrationsPerIp: ThrottleRule;
    /**
     * Wrong second-factor codes of one account from one client address: that source waits, the
     * owner elsewhere does not.
     */
    secondFactorFailuresPerSource: ThrottleRule;
    /**
     * Wrong 6-digit codes of one account from all addresses together (guessing spread over many
     * addresses); a recovery code is still accepted, so the owner is never locked out.
     */
    secondFactorFailuresPerUser: ThrottleRule;
    /** Reads of one private calendar address (calendar apps poll every few minutes to hours). */
    calendarReadsPerToken: ThrottleRule;
  };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const HOUR = 60 * MINUTE;

/** Settings that are product policy rather than deployment choices. */
export const POLICY = {
  bodyLimit: 64 * 1024,
  // A client trickling its headers or body is cut off instead of holding a connection open.
  timeouts: { requestMs: 30_000, headersMs: 10_000 },
  sessionTtlMs: 30 * 24 * HOUR,
  pagesPerIp: { max: 600, windowMs: MINUTE },
  throttle: {
    loginFailuresPerPair: { max: 10, windowMs: 15 * MINUTE },
    loginFailuresPerIp: { max: 30, windowMs: 15 * MINUTE },
    passwordChecksPerUser: { max: 5, windowMs: 15 * MINUTE },
    mailPerAddress: { max: 3, windowMs: HOUR },
    mailPerIp: { max: 20, windowMs: HOUR },
    registrationsPerIp: { max: POLICY_REGISTRATIONS_PER_IP_PER_HOUR, windowMs: HOUR },
    secondFactorFailuresPerSource: { max: 5, windowMs: 15 * MINUTE },
    secondFactorFailuresPerUser: { max: 30, windowMs: 15 * MINUTE },
    calendarReadsPerToken: { max: 30, windowMs: HOUR },
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
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  const problems: string[] = [];
  const plans = parseJsonList('BILLING_PLANS', e.BILLING_PLANS, PlanSeedSchema, problems);
  const coupons = parseJsonList('BILLING_COUPONS', e.BILLING_COUPONS, CouponSeedSchema, problems);
  if (e.PAYMENT_PROVIDER === 'stripe' && !(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET)) {
    problems.push('PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (e.LLM_PROVIDER === 'openai' && !(e.LLM_BASE_URL && e.LLM_MODEL)) {
    problems.push('LLM_PROVIDER: openai needs LLM_BASE_URL and LLM_MODEL');
  }
  const notifications = notificationsFromEnv(e, e.SUPPORT_EMAIL ?? defaultSupportEmail(appUrl), problems);
  if (problems.length > 0) throw new ConfigError(problems);
  const supportEmail = e.SUPPORT_EMAIL;
  const operatorEmail = e.OPERATOR_EMAIL ?? e.SUPPORT_EMAIL;
  return {
    port: e.PORT,
    host: e.HOST,
    socketPath: e.SOCKET_PATH,
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL || path.join(dataDir, 'app.db'),
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_EMAILS,
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    hsts: e.HSTS ?? appUrl.startsWith('https://'),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN || undefined,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    rateLimit: {
      enabled: e.RATE_LIMIT_ENABLED,
      apiPerUser: { max: e.API_REQUESTS_PER_USER_PER_MINUTE, windowMs: MINUTE },
      apiPerIp: { max: e.API_REQUESTS_PER_IP_PER_MINUTE, windowMs: MINUTE },
      pagesPerIp: { ...POLICY.pagesPerIp },
    },
    billing: {
      ...defaultBilling(),
      provider: e.PAYMENT_PROVIDER,
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL,
            }
          : undefined,
      pastDueGraceMs: e.PAST_DUE_GRACE_DAYS * DAY,
      ...(plans && { plans }),
      ...(coupons && { coupons }),
      testClockControl: e.TEST_CLOCK_CONTROL,
    },
    programme: {
      ...defaultProgramme(appUrl),
      ...(supportEmail && { supportEmail }),
      commissionRate: e.PARTNER_COMMISSION_RATE,
      attributionWindowDays: e.AFFILIATE_ATTRIBUTION_DAYS,
      couponPercentOff: e.PARTNER_COUPON_PERCENT_OFF,
    },
    contact: {
      ...defaultContact(appUrl),
      ...(supportEmail && { supportEmail }),
      ...(operatorEmail && { operatorEmail }),
    },
    notifications,
    assistant:
      e.LLM_PROVIDER === 'openai' && e.LLM_BASE_URL && e.LLM_MODEL
        ? {
            provider: 'openai',
            openai: {
              baseUrl: e.LLM_BASE_URL,
              apiKey: e.LLM_API_KEY || undefined,
              model: e.LLM_MODEL,
              timeoutMs: e.LLM_TIMEOUT_MS,
              idleMs: e.LLM_TIMEOUT_MS,
              maxRetries: 2,
            },
          }
        : { provider: 'builtin' },
    bodyLimit: POLICY.bodyLimit,
    timeouts: { ...POLICY.timeouts },
    sessionTtlMs: POLICY.sessionTtlMs,
    throttle: {
      ...structuredClone(POLICY.throttle),
      registrationsPerIp: { max: e.REGISTRATIONS_PER_IP_PER_HOUR, windowMs: HOUR },
    },
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
