import type {
  AdminSubscriptionsPage,
  AdminSubscriptionsQuerySchema,
  MailDelivery,
  SystemHealth,
} from '@app/contracts/admin.ts';
import { APP_VERSION_LABEL } from '@app/contracts/constants.ts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { isReachable } from '../../platform/db/database.ts';
import { appliedMigrationCount } from '../../platform/db/migrate.ts';
import { lastMailError, mailBacklog } from '../../platform/mailer/outbox-figures.ts';
import type { AdminReads } from './reads.ts';

/** Subscriptions as operators list them: newest first, by status and plan, with the person's email. */
export async function listSubscriptions(
  reads: AdminReads,
  query: z.infer<typeof AdminSubscriptionsQuerySchema>,
): Promise<AdminSubscriptionsPage> {
  const { subscriptions, total } = await reads.subscriptionFigures.page(query);
  const people = await reads.accountFigures.named(subscriptions.map((row) => row.userId));
  return {
    // A subscription goes with its account (deleted with it), so every one has an email; one whose
    // account went between the two reads is left out, as it would be a moment later.
    subscriptions: subscriptions.flatMap((row) => {
      const email = people.get(row.userId)?.email;
      return email === undefined ? [] : [{ ...row, email }];
    }),
    total,
  };
}

const startedAt = Date.now();
const STRIPE_API = 'https://api.stripe.com';

/** Whether a service answers at all within a few seconds (any HTTP status counts). */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

/** Whether mail in the outbox is being sent, or only written to the log (no SMTP_URL). */
export const mailDelivery = (config: { smtpUrl: string | undefined }): MailDelivery =>
  config.smtpUrl ? 'smtp' : 'log';

/** The assistant's answers checked against the chart over this many days (system health). */
const CORRECTIONS_DAYS = 7;

/** What an operator checks first when something seems wrong. */
export async function systemHealth(app: FastifyInstance, jobs: boolean): Promise<SystemHealth> {
  const { db } = app.database;
  const began = performance.now();
  const reachable = await isReachable(db);
  const latencyMs = reachable ? Math.round((performance.now() - began) * 10) / 10 : null;
  const since = new Date(app.clock.now().getTime() - CORRECTIONS_DAYS * 86_400_000).toISOString();
  const [migrationsApplied, backlog, lastError, corrections] = reachable
    ? await Promise.all([
        appliedMigrationCount(db),
        mailBacklog(db),
        lastMailError(db),
        app.chatFigures.answerChecks(since),
      ])
    : [0, 0, null, []];
  const memory = process.memoryUsage();
  const stripe = app.config.billing.stripe;
  const assistant = app.config.assistant ?? { provider: 'builtin' as const };
  const billing = app.config.billing;
  return {
    version: APP_VERSION_LABEL,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
    database: {
      engine: app.database.engine,
      reachable,
      latencyMs,
      migrationsApplied,
    },
    mail: {
      backlog,
      lastError,
      delivery: mailDelivery(app.config),
    },
    payments: {
      provider: billing.provider,
      mode:
        billing.provider === 'stripe'
          ? billing.stripe?.secretKey.startsWith('sk_live')
            ? 'live'
            : 'test'
          : 'local',
      reachable: billing.provider === 'stripe' ? await answers(stripe?.apiUrl ?? STRIPE_API) : null,
    },
    assistant: {
      provider: assistant.provider,
      model: assistant.provider === 'openai' ? assistant.openai.model : null,
      corrections,
    },
    jobs: { scheduled: jobs, runs: await app.scheduledJobs.report() },
  };
}
