import { APP_VERSION_LABEL } from '@app/contracts/constants.ts';
import { HealthSchema, ReadySchema } from '@app/contracts/health.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { isWritable } from './db/database.ts';
import type { Tables } from './db/schema.ts';
import { AppError } from './errors.ts';
import type { Shutdown } from './lifecycle.ts';

/** Liveness (the process answers) and readiness (its database takes writes and it is not draining). */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<Tables>; shutdown: Shutdown }> = async (
  app,
  { db, shutdown },
) => {
  const tags = ['health'];
  app.get(
    '/health',
    { config: { rateLimit: false }, schema: { tags, response: { 200: HealthSchema } } },
    async () => ({ status: 'ok' as const, version: APP_VERSION_LABEL }),
  );
  app.get(
    '/ready',
    { config: { rateLimit: false }, schema: { tags, response: { 200: ReadySchema } } },
    async () => {
      if (shutdown.draining || !(await isWritable(db))) throw new AppError(503, 'UNAVAILABLE');
      return { status: 'ready' as const, database: 'ok' as const };
    },
  );
};
