import type { User } from '@app/contracts/auth.ts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthenticated } from './errors.ts';

/** The signed-in person behind a request. */
export interface AuthUser extends User {
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guards below; null on routes without one. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid bearer token of an open session. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: signed in and the email address is verified. */
    requireVerified: preHandlerAsyncHookHandler;
    /** preHandler: signed in with the admin role. */
    requireAdmin: preHandlerAsyncHookHandler;
  }
}

export interface AuthGuardOptions {
  authenticate(token: string): Promise<AuthUser | null>;
}

/** The signed-in user of a guarded route (the guard has already refused anonymous requests). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/;

export const authGuard = fp<AuthGuardOptions>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('user', null);

    async function requireUser(request: FastifyRequest): Promise<void> {
      const match = BEARER.exec(request.headers.authorization ?? '');
      const user = match?.[1] ? await options.authenticate(match[1]) : null;
      if (!user) throw unauthenticated();
      request.user = user;
    }

    app.decorate('requireUser', requireUser);
    app.decorate('requireVerified', async (request: FastifyRequest) => {
      await requireUser(request);
      if (!request.user?.emailVerified) {
        throw new AppError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email address first.');
      }
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await requireUser(request);
      if (request.user?.role !== 'admin') throw forbidden();
    });
  },
  { name: 'auth-guard' },
);
