import {
  AccountExportSchema,
  AuthResultSchema,
  ChangePasswordBodySchema,
  DeleteAccountBodySchema,
  EmailOnlyBodySchema,
  LinkTokenParamsSchema,
  LoginBodySchema,
  ProfileResultSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SessionListSchema,
  SessionParamsSchema,
  UpdateProfileBodySchema,
  VerifyResetTokenResultSchema,
} from '@app/contracts/auth.ts';
import { OkMessageSchema } from '@app/contracts/errors.ts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth-guard.ts';
import { type AuthService, MESSAGES, type RequestContext } from './service.ts';

function context(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

const tags = ['auth'];
const bearer = [{ bearerAuth: [] }];

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/register',
    { schema: { tags, body: RegisterBodySchema, response: { 201: AuthResultSchema } } },
    async (request, reply) => {
      const result = await auth.register(request.body, context(request));
      return reply.status(201).send({ success: true, ...result });
    },
  );

  app.post(
    '/login',
    { schema: { tags, body: LoginBodySchema, response: { 200: AuthResultSchema } } },
    async (request) => {
      const result = await auth.login(request.body, context(request));
      return { success: true as const, ...result };
    },
  );

  app.post(
    '/logout',
    { preHandler: app.requireUser, schema: { tags, security: bearer, response: { 200: OkMessageSchema } } },
    async (request) => {
      await auth.logout(currentUser(request));
      return { success: true as const, message: MESSAGES.loggedOut };
    },
  );

  app.get(
    '/profile',
    {
      preHandler: app.requireUser,
      schema: { tags, security: bearer, response: { 200: ProfileResultSchema } },
    },
    async (request) => ({ success: true as const, user: auth.profile(currentUser(request)) }),
  );

  app.patch(
    '/profile',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security: bearer,
        body: UpdateProfileBodySchema,
        response: { 200: ProfileResultSchema },
      },
    },
    async (request) => ({
      success: true as const,
      user: await auth.updateProfile(currentUser(request), request.body.name),
    }),
  );

  app.put(
    '/change-password',
    {
      preHandler: app.requireUser,
      schema: { tags, security: bearer, body: ChangePasswordBodySchema, response: { 200: OkMessageSchema } },
    },
    async (request) => {
      await auth.changePassword(currentUser(request), request.body);
      return { success: true as const, message: MESSAGES.passwordChanged };
    },
  );

  app.get(
    '/verify-email/:token',
    { schema: { tags, params: LinkTokenParamsSchema, response: { 200: OkMessageSchema } } },
    async (request) => {
      await auth.verifyEmail(request.params.token, context(request));
      return { success: true as const, message: MESSAGES.verified };
    },
  );

  app.post(
    '/resend-verification',
    { schema: { tags, body: EmailOnlyBodySchema, response: { 200: OkMessageSchema } } },
    async (request) => {
      await auth.resendVerification(request.body.email, context(request));
      return { success: true as const, message: MESSAGES.resendSent };
    },
  );

  app.post(
    '/forgot-password',
    { schema: { tags, body: EmailOnlyBodySchema, response: { 200: OkMessageSchema } } },
    async (request) => {
      await auth.forgotPassword(request.body.email, context(request));
      return { success: true as const, message: MESSAGES.forgotSent };
    },
  );

  app.get(
    '/verify-reset-token/:token',
    { schema: { tags, params: LinkTokenParamsSchema, response: { 200: VerifyResetTokenResultSchema } } },
    async (request) => ({
      success: true as const,
      valid: true as const,
      email: await auth.checkResetLink(request.params.token),
    }),
  );

  app.post(
    '/reset-password',
    { schema: { tags, body: ResetPasswordBodySchema, response: { 200: OkMessageSchema } } },
    async (request) => {
      await auth.resetPassword(request.body);
      return { success: true as const, message: MESSAGES.passwordReset };
    },
  );

  app.get(
    '/sessions',
    { preHandler: app.requireUser, schema: { tags, security: bearer, response: { 200: SessionListSchema } } },
    async (request) => ({ success: true as const, sessions: await auth.listSessions(currentUser(request)) }),
  );

  // "Sign out everywhere else": ends every session except the one making the request.
  app.delete(
    '/sessions',
    { preHandler: app.requireUser, schema: { tags, security: bearer, response: { 200: OkMessageSchema } } },
    async (request) => {
      const ended = await auth.endOtherSessions(currentUser(request));
      return {
        success: true as const,
        message: ended === 1 ? 'Signed out of 1 other session.' : `Signed out of ${ended} other sessions.`,
      };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      preHandler: app.requireUser,
      schema: { tags, security: bearer, params: SessionParamsSchema, response: { 200: OkMessageSchema } },
    },
    async (request) => {
      await auth.endSession(currentUser(request), request.params.id);
      return { success: true as const, message: MESSAGES.sessionEnded };
    },
  );

  app.get(
    '/export',
    {
      preHandler: app.requireUser,
      schema: { tags, security: bearer, response: { 200: AccountExportSchema } },
    },
    async (request, reply) => {
      reply.header('Content-Disposition', 'attachment; filename="astro-guidance-account.json"');
      return auth.exportData(currentUser(request));
    },
  );

  app.delete(
    '/account',
    {
      preHandler: app.requireUser,
      schema: { tags, security: bearer, body: DeleteAccountBodySchema, response: { 200: OkMessageSchema } },
    },
    async (request) => {
      await auth.deleteAccount(currentUser(request), request.body.password);
      return { success: true as const, message: MESSAGES.accountDeleted };
    },
  );
};
