import { PAID_ACCESS_REQUIRED_MESSAGE } from '@app/contracts/subscription.ts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { defaultBilling } from '../../config.ts';
import { currentUser } from '../../platform/auth-guard.ts';
import { AppError } from '../../platform/errors.ts';
import { AccessReader } from './access.ts';
import { SubscriptionRepository } from './repository.ts';
import { subscriptionRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: signed in, email verified and paid access (subscription or admin role). */
    requirePaidAccess: preHandlerAsyncHookHandler;
    subscriptionAccess: AccessReader;
  }
}

/**
 * Registers subscriptions and payments on the root instance, so that every module can guard its
 * routes with app.requirePaidAccess. Call after the auth guard and before modules that use it.
 */
export async function registerSubscriptions(app: FastifyInstance): Promise<void> {
  const billing = app.config.billing ?? defaultBilling();
  const repo = new SubscriptionRepository(app.database.db);
  await repo.seedPlans(billing.plans);
  const access = new AccessReader(repo, app.clock, billing.pastDueGraceMs);

  app.decorate('subscriptionAccess', access);
  app.decorate(
    'requirePaidAccess',
    async function requirePaidAccess(this: FastifyInstance, request: FastifyRequest, reply) {
      await app.requireVerified.call(this, request, reply);
      if (!(await access.hasPaidAccess(currentUser(request)))) {
        throw new AppError(403, 'PAYMENT_REQUIRED', PAID_ACCESS_REQUIRED_MESSAGE);
      }
    },
  );

  await app.register(subscriptionRoutes, { prefix: '/api/subscription', access });
}
