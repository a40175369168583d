import type { FastifyInstance } from 'fastify';
import { authGuard } from '../../platform/auth-guard.ts';
import { defineModule } from '../../platform/module.ts';
import { AccountAdminFigures } from './admin-figures.ts';
import * as accounts from './migrations/0001-accounts.ts';
import * as sessionChangeNotices from './migrations/0003-session-change-notices.ts';
import * as secondFactors from './migrations/0004-second-factor.ts';
import * as usersByCreation from './migrations/0006-users-by-creation.ts';
import * as lastSeenKept from './migrations/0008-last-seen-kept.ts';
import { PasswordHasher } from './passwords.ts';
import { AuthRepository } from './repository.ts';
import { authRoutes } from './routes.ts';
import { SecondFactorService } from './second-factor.ts';
import { SecondFactorRepository } from './second-factor-repository.ts';
import { secondFactorRoutes } from './second-factor-routes.ts';
import { AuthService } from './service.ts';
import { SESSION_CHANGES_CHANNEL, SessionCache } from './session-cache.ts';
import { SessionEndings } from './session-endings.ts';
import { TokenSigner } from './tokens.ts';

export type { ListedAccount } from './admin-figures.ts';
export type { AuthService } from './service.ts';
export type { SessionEnding, SessionEndings } from './session-endings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts and sessions; other modules add export sections and deletion steps to it. */
    auth: AuthService;
    /** Two-step sign-in (TOTP) of accounts; sessions that passed it may use the admin area. */
    secondFactor: SecondFactorService;
    /** Sessions this process ended (signed out, account disabled or deleted), as they end. */
    sessionEndings: SessionEndings;
  }
}

const CLEAN_UP_INTERVAL_MS = 60 * 60_000;

/** Accounts, sessions and the auth guard (app.requireUser and friends); routes under /api/auth. */
export const authModule = defineModule({
  name: 'auth',
  dependencies: [],
  migrations: {
    '0001-accounts': accounts,
    '0003-session-change-notices': sessionChangeNotices,
    '0004-second-factor': secondFactors,
    '0006-users-by-creation': usersByCreation,
    '0008-last-seen-kept': lastSeenKept,
  },
  async register(app: FastifyInstance, { jobs }) {
    const { config, clock, database } = app;
    const sessionCache = new SessionCache((onChange) =>
      database.watchChanges(SESSION_CHANGES_CHANNEL, onChange, app.log),
    );
    const sessionEndings = new SessionEndings();
    const auth = new AuthService({
      repo: new AuthRepository(database.db, sessionCache, sessionEndings, database.engine),
      sessions: sessionCache,
      hasher: new PasswordHasher(),
      tokens: new TokenSigner(config.jwtSecret, clock),
      mailer: app.mailer,
      throttle: app.throttle,
      clock,
      log: app.log,
      audit: app.audit,
      config,
    });
    const secondFactor = new SecondFactorService({
      repo: new SecondFactorRepository(database.db),
      sessions: sessionCache,
      clock,
      serverSecret: config.jwtSecret,
      throttle: app.throttle,
      audit: app.audit,
      failures: {
        perSource: config.throttle.secondFactorFailuresPerSource,
        perUser: config.throttle.secondFactorFailuresPerUser,
      },
    });
    app.decorate('auth', auth);
    app.decorate('secondFactor', secondFactor);
    app.decorate('sessionEndings', sessionEndings);
    app.decorate('accountFigures', new AccountAdminFigures(database.db, database.engine));
    await app.register(authGuard, {
      authenticate: (token) => auth.authenticate(token),
      hasSecondFactor: (userId) => secondFactor.hasConfirmed(userId),
    });
    await app.register(authRoutes, { prefix: '/api/auth', auth });
    await app.register(secondFactorRoutes, { prefix: '/api/auth/mfa', secondFactor });

    // Closed before the platform (hooks run last-registered first): account work in flight
    // finishes while mail and the database are still there.
    app.addHook('onClose', async () => {
      await auth.idle();
      await sessionCache.close();
    });
    if (jobs) {
      // The operator hears at start which listed addresses make nobody an admin yet.
      app.addHook('onReady', async () => {
        const waiting = await auth.listedAdminsWaiting();
        if (waiting.length)
          app.log.warn(
            { waiting },
            `ADMIN_EMAILS: ${waiting.map((w) => `${w.email} (${w.state})`).join(', ')} will get the admin ` +
              'role once its owner signs up and verifies the address',
          );
      });
      app.scheduledJobs.every(app, {
        name: 'expired sessions and links clean-up',
        intervalMs: CLEAN_UP_INTERVAL_MS,
        runAtStart: true,
        task: () => auth.purgeExpired(),
      });
    }
  },
});
