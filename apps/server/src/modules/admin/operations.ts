import type { AdminSubscriptionsPage, MailDelivery, SystemHealth } from '@app/contracts/admin.ts';
import { APP_VERSION_LABEL } from '@app/contracts/constants.ts';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { isReachable } from '../../platform/db/database.ts';
import type { Tables } from '../../platform/db/schema.ts';

const n = (value: unknown) => Number(value ?? 0);

/** Subscriptions as operators list them: newest first, by status and plan. */
export async function listSubscriptions(
  db: Kysely<Tables>,
  query: { status?: string; plan?: string; limit: number; offset: number },
): Promise<AdminSubscriptionsPage> {
  let filtered = db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .innerJoin('subscription_plans', 'subscription_plans.id', 'subscriptions.plan_id');
  if (query.status) filtered = filtered.where('subscriptions.status', '=', query.status as never);
  if (query.plan) filtered = filtered.where('subscriptions.plan_id', '=', query.plan);
  const [rows, count] = await Promise.all([
    filtered
      .select([
        'subscriptions.user_id',
        'users.email',
        'subscription_plans.name as plan',
        'subscriptions.status',
        'subscriptions.current_period_end',
        'subscriptions.trial_end',
        'subscriptions.cancel_at_period_end',
        'subscriptions.created_at',
      ])
      .orderBy('subscriptions.created_at', 'desc')
      .orderBy('subscriptions.user_id')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    subscriptions: rows.map((row) => ({
      id: row.user_id,
      userId: row.user_id,
      email: row.email,
      plan: row.plan,
      status: row.status,
      currentPeriodEnd: row.current_period_end,
      trialEnd: row.trial_end,
      cancelAtPeriodEnd: n(row.cancel_at_period_end) === 1,
      createdAt: row.created_at,
    })),
    total: n(count.n),
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

const CORRECTIONS_DAYS = 7;

/** Per model: the answers of the last 7 days checked against the chart, and those corrected. */
async function correctionRates(
  db: Kysely<Tables>,
  now: Date,
): Promise<SystemHealth['assistant']['corrections']> {
  const since = new Date(now.getTime() - CORRECTIONS_DAYS * 86_400_000).toISOString();
  const rows = await db
    .selectFrom('chat_messages')
    .select((eb) => ['model', eb.fn.countAll().as('checked'), eb.fn.count('corrections').as('corrected')])
    .where('role', '=', 'assistant')
    .where('model', 'is not', null)
    .where('created_at', '>=', since)
    .groupBy('model')
    .execute();
  return rows
    .map((row) => ({ model: row.model ?? '', checked: n(row.checked), corrected: n(row.corrected) }))
    .sort((a, b) => b.checked - a.checked || a.model.localeCompare(b.model));
}

/** What an operator checks first when something seems wrong. */
export async function systemHealth(app: FastifyInstance, jobs: boolean): Promise<SystemHealth> {
  const { db } = app.database;
  const began = performance.now();
  const reachable = await isReachable(db);
  const latencyMs = reachable ? Math.round((performance.now() - began) * 10) / 10 : null;
  const [migrations, backlog, lastError, corrections] = reachable
    ? await Promise.all([
        sql<{ n: unknown }>`select count(*) as n from kysely_migration`.execute(db),
        db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('sent_at', 'is', null)
          .executeTakeFirst(),
        db
          .selectFrom('mail_outbox')
          .select(['last_error'])
          .where('sent_at', 'is', null)
          .where('last_error', 'is not', null)
          .orderBy('next_attempt_at', 'desc')
          .limit(1)
          .executeTakeFirst(),
        correctionRates(db, app.clock.now()),
      ])
    : [undefined, undefined, undefined, undefined];
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
      migrationsApplied: n(migrations?.rows[0]?.n),
    },
    mail: {
      backlog: n(backlog?.n),
      lastError: lastError?.last_error ?? null,
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
      corrections: corrections ?? [],
    },
    jobs: { scheduled: jobs, runs: await app.scheduledJobs.report() },
  };
}
