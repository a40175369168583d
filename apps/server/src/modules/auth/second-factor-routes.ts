import {
  MfaEnrollSchema,
  MfaStatusSchema,
  MfaVerifyBodySchema,
  MfaVerifySchema,
} from '@app/contracts/auth.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth-guard.ts';
import type { SecondFactorService } from './second-factor.ts';

const tags = ['auth'];
const security = [{ bearerAuth: [] }];
const answer = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** Two-step sign-in under /api/auth/mfa: status, enrolment and verification, for signed-in people. */
export const secondFactorRoutes: FastifyPluginAsyncZod<{ secondFactor: SecondFactorService }> = async (
  app,
  { secondFactor },
) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/',
    { schema: { tags, security, response: { 200: answer(MfaStatusSchema) } } },
    async (request) => ({
      success: true as const,
      data: await secondFactor.status(currentUser(request)),
    }),
  );

  app.post(
    '/enroll',
    { schema: { tags, security, response: { 200: answer(MfaEnrollSchema) } } },
    async (request) => ({ success: true as const, data: await secondFactor.enroll(currentUser(request)) }),
  );

  app.post(
    '/verify',
    { schema: { tags, security, body: MfaVerifyBodySchema, response: { 200: answer(MfaVerifySchema) } } },
    async (request) => ({
      success: true as const,
      data: await secondFactor.verify(currentUser(request), request.body.code, request.ip),
    }),
  );
};
