import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import { adminModule } from './modules/admin/plugin.ts';
import { authModule } from './modules/auth/plugin.ts';
import { birthDataModule } from './modules/birth-data/plugin.ts';
import { chatModule } from './modules/chat/plugin.ts';
import { contactModule } from './modules/contact/plugin.ts';
import { landscapeModule } from './modules/landscape/plugin.ts';
import { notificationsModule } from './modules/notifications/plugin.ts';
import { partnersModule } from './modules/partners/plugin.ts';
import { placesModule } from './modules/places/plugin.ts';
import { samplesModule } from './modules/samples/plugin.ts';
import { subscriptionModule } from './modules/subscription/plugin.ts';
import { AuditLog } from './platform/audit/audit-log.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { type Database, openDatabase } from './platform/db/database.ts';
import { collectMigrations, migrateToLatest } from './platform/db/migrate.ts';
import { registerDocs } from './platform/docs.ts';
import { answerFrameworkError, registerErrorHandling } from './platform/errors.ts';
import { healthRoutes } from './platform/health.ts';
import { SharedJobQueue } from './platform/job-queue.ts';
import { closeConnectionsWhenClosing, Shutdown, slowClientSafeServer } from './platform/lifecycle.ts';
import { loggerOptions, resilientLogStream } from './platform/logging.ts';
import { Mailer } from './platform/mailer/mailer.ts';
import { registerMetrics } from './platform/metrics.ts';
import { platformMigrations } from './platform/migrations.ts';
import type { ModuleOptions } from './platform/module.ts';
import { PersonalZones } from './platform/personal-zones.ts';
import { openRedis, untilReady } from './platform/redis.ts';
import { registerRequestLimits } from './platform/request-limits.ts';
import { ScheduledJobs } from './platform/scheduled-jobs.ts';
import { registerSecurity, securityHeaderSets } from './platform/security.ts';
import { responseSerializerCompiler } from './platform/serializer.ts';
import { withTestClockControl } from './platform/test-clock.ts';
import { refuseNulCharacters } from './platform/text-input.ts';
import { memoryLimiters, redisLimiters, Throttle } from './platform/throttle.ts';
import { registerWeb } from './platform/web.ts';

/**
 * Every capability of the server, registered in this order. Each declares the modules it needs
 * (Fastify refuses to start when one is missing or comes later); see modules/<name>/plugin.ts.
 */
const MODULES = [
  authModule,
  partnersModule,
  subscriptionModule,
  placesModule,
  birthDataModule,
  landscapeModule,
  notificationsModule,
  chatModule,
  samplesModule,
  contactModule,
  adminModule,
];

/** The platform's and every module's migrations, for the migrator. */
export function allMigrations() {
  return collectMigrations([platformMigrations, ...MODULES.map((module) => module.migrations)]);
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    database: Database;
    mailer: Mailer;
    /** Recurring background work, run one way and reported to the operators. */
    scheduledJobs: ScheduledJobs;
    /** The operators' audit log: every change made from the admin area or an admin command. */
    audit: AuditLog;
    /** Whose midnight begins each person's day (told by the landscape, asked by the allowances). */
    personalZones: PersonalZones;
    /** The app's one set of counters: request limits, logins, mail, forms. */
    throttle: Throttle;
    /** The connection to Redis when REDIS_URL is set (several server processes), else null. */
    redis: Redis | null;
    /** Stopping gracefully (SIGTERM): drain, then close. */
    shutdown: Shutdown;
  }
}

export interface AppOptions {
  clock?: Clock;
  /** An open database to use (and not close); by default the app opens config.databaseUrl. */
  database?: Database;
  /** Run the background loops: mail sending and the hourly clean-up (on by default; tests drive them by hand). */
  mailLoop?: boolean;
  /** Where log lines go (standard output by default). */
  logStream?: DestinationStream;
}

/** Builds the whole server: plugins, modules and the web app. Never listens; main.ts does. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  // TEST_CLOCK_CONTROL (off by default) lets end-to-end tests move time; see the subscription module.
  const clock = withTestClockControl(config.billing.testClockControl, options.clock ?? systemClock);
  const securityHeaders = securityHeaderSets(config);
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), stream: resilientLogStream(options.logStream) },
    bodyLimit: config.bodyLimit,
    // A hop count trusts that many proxies in front of us; a list names them.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    forceCloseConnections: 'idle',
    // Unique across processes (a counter restarts with each one); every log line of the request
    // carries it, and the answer names it in X-Request-Id so a report can be matched to the logs.
    genReqId: () => randomUUID(),
    // Node checks these limits every connectionsCheckingInterval, so the server is built here.
    serverFactory: (handler) => slowClientSafeServer(handler, config.timeouts),
    // Malformed addresses are refused before any hook: they still get our envelope and headers.
    frameworkErrors: answerFrameworkError(securityHeaders.api),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  refuseNulCharacters(app);
  const shutdown = new Shutdown(app);
  app.decorate('shutdown', shutdown);
  closeConnectionsWhenClosing(app, shutdown);
  // On sending, so every answer carries it, those refused by a hook included. Per-request hooks
  // take a callback: an async one costs a promise and a microtask on every request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    done(null, payload);
  });
  // The API speaks JSON only; anything else is refused with 415 instead of reaching validation.
  app.removeContentTypeParser('text/plain');

  const database =
    options.database ??
    openDatabase(config.databaseUrl, {
      onIdleConnectionError: (error) =>
        app.log.warn({ err: error }, 'PostgreSQL ended a connection; the next query opens a new one'),
    });
  const closeDatabase = () => (options.database ? Promise.resolve() : database.close());
  await migrateToLatest(database, allMigrations()).catch(async (error) => {
    await closeDatabase();
    throw error;
  });

  const redis = config.redis ? openRedis(config.redis, app.log) : null;
  const throttle = new Throttle(
    redis && config.redis ? redisLimiters(redis, config.redis.keyPrefix, clock) : memoryLimiters(clock),
  );
  app.decorate('redis', redis);
  if (redis) await untilReady(redis);
  const mailer = new Mailer(database.db, clock, app.log, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('database', database);
  app.decorate('mailer', mailer);
  const jobs = options.mailLoop !== false;
  const scheduledJobs = new ScheduledJobs(
    jobs && redis && config.redis ? new SharedJobQueue(redis, config.redis.keyPrefix, app.log) : null,
  );
  app.decorate('scheduledJobs', scheduledJobs);
  app.decorate('audit', new AuditLog(database.db, clock));
  app.decorate('personalZones', new PersonalZones());
  app.decorate('throttle', throttle);
  // Runs after the modules' own onClose hooks (last registered, first run): mail, then the database.
  app.addHook('onClose', async () => {
    await scheduledJobs.close();
    await mailer.stop();
    await closeDatabase();
    await redis?.quit().catch(() => redis.disconnect());
  });
  if (jobs) {
    app.addHook('onReady', async () => mailer.start());
    scheduledJobs.every(app, {
      name: 'sent mail clean-up',
      intervalMs: 60 * 60_000,
      runAtStart: true,
      task: () => mailer.purgeSent(),
    });
  }

  await registerSecurity(app, config, securityHeaders);
  // identifyUser comes with the auth module, registered below; it is asked only once requests arrive.
  registerRequestLimits(app, config, throttle, (request) => app.identifyUser(request));
  await registerDocs(app);
  await app.register(healthRoutes, { prefix: '/api', db: database.db, shutdown });
  registerMetrics(app, {
    token: config.metricsToken,
    database,
    queueDepth: () => scheduledJobs.queueDepth(),
  });
  const moduleOptions: ModuleOptions = { jobs };
  for (const module of MODULES) await app.register(module.plugin, moduleOptions);

  await registerWeb(app, config.webDistDir);
  return app;
}
