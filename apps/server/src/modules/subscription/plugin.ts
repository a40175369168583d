import type { Role } from '@app/contracts/auth.ts';
import { PAID_ACCESS_REQUIRED_MESSAGE } from '@app/contracts/subscription.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { assertVerified, currentUser } from '../../platform/auth-guard.ts';
import { AppError } from '../../platform/errors.ts';
import { defineModule } from '../../platform/module.ts';
import { AdjustableClock, testClockRoutes } from '../../platform/test-clock.ts';
import { AccessReader, type FeatureDeclaration, FeatureRegistry } from './access.ts';
import { SubscriptionAdminFigures } from './admin-figures.ts';
import { LocalProvider } from './local-provider.ts';
import * as subscriptions from './migrations/0020-subscriptions.ts';
import * as subscriptionDiscount from './migrations/0021-subscription-discount.ts';
import * as subscriptionsReporting from './migrations/0022-subscriptions-reporting.ts';
import * as planChanges from './migrations/0023-plan-changes.ts';
import * as planUsageLimits from './migrations/0024-plan-usage-limits.ts';
import { payPages } from './pay-pages.ts';
import { SubscriptionRepository } from './repository.ts';
import { subscriptionRoutes } from './routes.ts';
import { SubscriptionService } from './service.ts';
import { StripeProvider, stripeWebhookRoutes } from './stripe-provider.ts';
import type { UsageAllowances } from './usage-allowances.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: signed in, email verified and paid access (subscription or admin role). */
    requirePaidAccess: preHandlerAsyncHookHandler;
    /** preHandler: as requirePaidAccess, and the person's plan includes the (declared) feature. */
    requireFeature(featureId: string): preHandlerAsyncHookHandler;
    /** The features other modules sell: declared by them, checked here (see FeaturesPort). */
    features: FeaturesPort;
    /** The daily allowances other modules count (see AllowancesPort). */
    allowances: AllowancesPort;
    /** The subscription module's own service, for its command-line tools and tests. */
    subscriptions: SubscriptionService;
  }
}

/** What other modules may ask about the features they sell. */
interface FeaturesPort {
  /** Declares a feature with the plan kinds that include it and the words of a refusal. */
  declare(feature: FeatureDeclaration): void;
  /**
   * The one guard of a feature, for routes (requireFeature) and sockets alike: throws 403
   * EMAIL_NOT_VERIFIED, PAYMENT_REQUIRED or PLAN_UPGRADE_REQUIRED for a person who may not use it.
   */
  check(user: { id: string; role: Role; emailVerified: boolean }, featureId: string): Promise<void>;
  /** Whether an account may use the feature, for work without a request (feeds, scheduled jobs). */
  unlocks(user: { id: string; role: Role }, featureId: string): Promise<boolean>;
}

/** The daily allowances of the usage kinds other modules declare and count. */
type AllowancesPort = Pick<UsageAllowances, 'declare' | 'of' | 'constraints'>;

const JOB_INTERVAL_MS = 60_000;

/**
 * Subscriptions and payments: decorates app.requirePaidAccess (for modules registered after it),
 * app.features (the feature registry and guard) and app.allowances. The partner programme's port (app.affiliate)
 * credits partners for trials, sales and refunds. With `jobs`, the minute loop runs renewals of
 * the local provider and trial reminders.
 */
export const subscriptionModule = defineModule({
  name: 'subscription',
  dependencies: ['auth', 'partners'],
  migrations: {
    '0020-subscriptions': subscriptions,
    '0021-subscription-discount': subscriptionDiscount,
    '0022-subscriptions-reporting': subscriptionsReporting,
    '0023-plan-changes': planChanges,
    '0024-plan-usage-limits': planUsageLimits,
  },
  async register(app, options) {
    const { billing } = app.config;
    const repo = new SubscriptionRepository(app.database.db);
    await repo.seedPlans(billing.plans);
    const features = new FeatureRegistry();
    const access = new AccessReader(repo, app.clock, billing.pastDueGraceMs, features);

    const stripeSettings = billing.provider === 'stripe' ? billing.stripe : undefined;
    const service = new SubscriptionService({
      repo,
      access,
      clock: app.clock,
      mailer: app.mailer,
      log: app.log,
      appUrl: app.config.appUrl,
      billing,
      provider: (port) =>
        stripeSettings
          ? new StripeProvider(stripeSettings, port)
          : new LocalProvider(port, app.config.appUrl),
      affiliate: app.affiliate,
      zoneOf: (userId) => app.personalZones.of(userId),
    });
    const stripe = service.provider instanceof StripeProvider ? service.provider : null;
    await service.coupons.seed();

    const featuresPort: FeaturesPort = {
      declare: (feature) => features.declare(feature),
      async check(user, featureId) {
        assertVerified(user);
        const refusal = await access.refusal(user, featureId);
        if (refusal) throw refusal;
      },
      unlocks: (user, featureId) => access.unlocks(user, featureId),
    };
    app.decorate('features', featuresPort);
    app.decorate('allowances', {
      declare: (kind) => service.allowances.declare(kind),
      of: (kind) => service.allowances.of(kind),
      constraints: (user) => service.allowances.constraints(user),
    } satisfies AllowancesPort);
    app.decorate('subscriptions', service);
    app.decorate('subscriptionFigures', new SubscriptionAdminFigures(app.database.db));
    app.decorate(
      'requirePaidAccess',
      async function requirePaidAccess(this: FastifyInstance, request: FastifyRequest, reply) {
        await app.requireVerified.call(this, request, reply);
        if (!(await access.hasPaidAccess(currentUser(request)))) {
          throw new AppError(403, 'PAYMENT_REQUIRED', PAID_ACCESS_REQUIRED_MESSAGE);
        }
      },
    );
    app.decorate('requireFeature', (featureId: string) => {
      // Declared before it is guarded: a typo fails at start, not on a person's request.
      features.get(featureId);
      return async function requireFeature(
        this: FastifyInstance,
        request: FastifyRequest,
        reply: FastifyReply,
      ) {
        await app.requireVerified.call(this, request, reply);
        await featuresPort.check(currentUser(request), featureId);
      };
    });
    app.auth.addExportSection('subscription', service.exportSection);
    app.auth.onAccountDeleted((account) => service.endForDeletedAccount(account.id));

    const runDue = () => service.runDue();

    await app.register(subscriptionRoutes, { prefix: '/api/subscription', access, service });
    if (stripe) await app.register(stripeWebhookRoutes, { prefix: '/api/subscription', stripe });
    else
      await app.register(payPages, {
        prefix: '/pay',
        checkout: service.checkout,
        local: service.port,
        appUrl: app.config.appUrl,
      });
    if (billing.testClockControl && app.clock instanceof AdjustableClock) {
      app.log.warn('TEST_CLOCK_CONTROL is on: POST /api/test/clock moves the server clock');
      await app.register(testClockRoutes, { prefix: '/api/test', clock: app.clock, runDue });
    }

    if (options.jobs)
      app.scheduledJobs.every(app, {
        name: 'subscription renewals and reminders',
        intervalMs: JOB_INTERVAL_MS,
        runAtStart: true,
        task: () => Promise.all([runDue(), service.allowances.purgeOld()]),
      });
  },
});
