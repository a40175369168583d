import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import { PasswordHasher } from './modules/auth/passwords.ts';
import { AuthRepository } from './modules/auth/repository.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { SESSION_CHANGES_CHANNEL, SessionCache } from './modules/auth/session-cache.ts';
import { TokenSigner } from './modules/auth/tokens.ts';
import { BirthDataRepository } from './modules/birth-data/repository.ts';
import { birthDataRoutes } from './modules/birth-data/routes.ts';
import { BirthDataService } from './modules/birth-data/service.ts';
import { registerContact } from './modules/contact/plugin.ts';
import { registerPartners } from './modules/partners/plugin.ts';
import { placesRoutes } from './modules/places/routes.ts';
import { createPlacesService } from './modules/places/service.ts';
import { registerSubscriptions } from './modules/subscription/plugin.ts';
import { withTestClockControl } from './modules/subscription/test-clock.ts';
import { authGuard } from './platform/auth-guard.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { type Database, openDatabase } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { registerDocs } from './platform/docs.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { healthRoutes } from './platform/health.ts';
import { closeConnectionsWhenClosing } from './platform/lifecycle.ts';
import { loggerOptions } from './platform/logging.ts';
import { Mailer } from './platform/mailer/mailer.ts';
import { registerSecurity } from './platform/security.ts';
import { responseSerializerCompiler } from './platform/serializer.ts';
import { Throttle } from './platform/throttle.ts';
import { registerWeb } from './platform/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    database: Database;
    mailer: Mailer;
    auth: AuthService;
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
  const clock = withTestClockControl(config.billing?.testClockControl, options.clock ?? systemClock);
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(options.logStream && { stream: options.logStream }) },
    bodyLimit: config.bodyLimit,
    // A hop count trusts that many proxies in front of us; a list names them.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  closeConnectionsWhenClosing(app);
  // The API speaks JSON only; anything else is refused with 415 instead of reaching validation.
  app.removeContentTypeParser('text/plain');

  const database = options.database ?? openDatabase(config.databaseUrl);
  const closeDatabase = () => (options.database ? Promise.resolve() : database.close());
  await migrateToLatest(database).catch(async (error) => {
    await closeDatabase();
    throw error;
  });

  const mailer = new Mailer(database.db, clock, app.log, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const sessionCache = new SessionCache((onChange) =>
    database.watchChanges(SESSION_CHANGES_CHANNEL, onChange, app.log),
  );
  const auth = new AuthService({
    repo: new AuthRepository(database.db, sessionCache),
    sessions: sessionCache,
    hasher: new PasswordHasher(),
    tokens: new TokenSigner(config.jwtSecret, clock),
    mailer,
    throttle: new Throttle(clock),
    clock,
    log: app.log,
    config,
  });
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('database', database);
  app.decorate('mailer', mailer);
  app.decorate('auth', auth);
  let cleanup: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => {
    // Finish account work in flight, then stop mail, then release the database.
    clearInterval(cleanup);
    await auth.idle();
    await mailer.stop();
    await sessionCache.close();
    await closeDatabase();
  });
  if (options.mailLoop !== false) {
    app.addHook('onReady', async () => {
      mailer.start();
      const tidy = () =>
        Promise.all([auth.purgeExpired(), mailer.purgeSent()]).catch((error) =>
          app.log.error({ err: error }, 'clean-up failed'),
        );
      cleanup = setInterval(tidy, 60 * 60_000).unref();
      void tidy();
    });
  }

  await registerSecurity(app, config);
  await registerDocs(app);
  await app.register(authGuard, { authenticate: (token) => auth.authenticate(token) });
  await registerSubscriptions(app, { jobs: options.mailLoop !== false });

  await app.register(healthRoutes, { prefix: '/api', db: database.db });
  await app.register(authRoutes, { prefix: '/api/auth', auth });
  const places = createPlacesService();
  await app.register(placesRoutes, { prefix: '/api', places });
  const birthData = new BirthDataService({ repo: new BirthDataRepository(database.db), places, clock });
  auth.addExportSection('birthData', birthData.exportSection);
  await app.register(birthDataRoutes, { prefix: '/api', birthData });

  await registerPartners(app);
  await registerContact(app);

  await registerWeb(app, config.webDistDir);
  return app;
}
