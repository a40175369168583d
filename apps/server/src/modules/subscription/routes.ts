import { SubscriptionStatusResultSchema } from '@app/contracts/subscription.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AccessReader } from './access.ts';

const tags = ['subscription'];
const security = [{ bearerAuth: [] }];

export const subscriptionRoutes: FastifyPluginAsyncZod<{ access: AccessReader }> = async (
  app,
  { access },
) => {
  app.get(
    '/status',
    {
      preHandler: app.requireUser,
      schema: { tags, security, response: { 200: SubscriptionStatusResultSchema } },
    },
    async (request) => access.status(currentUser(request)),
  );
};
