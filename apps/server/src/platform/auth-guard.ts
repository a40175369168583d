import type { User } from '@app/contracts/auth.ts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthenticated } from './errors.ts';

/** The signed-in person behind a request. */
export interface AuthUser extends User {
  sessionId: string;
  /** This session has passed the second factor (TOTP). */
  secondFactor: boolean;
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
    /** The user of the request's bearer token, or null; looked up once per request. */
    identifyUser(request: FastifyRequest): Promise<AuthUser | null>;
  }
}

export interface AuthGuardOptions {
  authenticate(token: string): Promise<AuthUser | null>;
  /** Whether the account has a confirmed authenticator (to say "verify" rather than "set up"). */
  hasSecondFactor(userId: string): Promise<boolean>;
}

export const SECOND_FACTOR_MESSAGES = {
  enrol: 'Set up two-step sign-in with an authenticator app to use the admin area.',
  verify: 'Enter the code from your authenticator app to use the admin area.',
} as const;

/** The signed-in user of a guarded route (the guard has already refused anonymous requests). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/;

export const authGuard = fp<AuthGuardOptions>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('user', null);

    // The request limits ask before the route's guard does; one lookup serves both.
    const identities = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();
    function identifyUser(request: FastifyRequest): Promise<AuthUser | null> {
      let identity = identities.get(request);
      if (!identity) {
        const match = BEARER.exec(request.headers.authorization ?? '');
        identity = match?.[1] ? options.authenticate(match[1]) : Promise.resolve(null);
        identities.set(request, identity);
      }
      return identity;
    }

    async function requireUser(request: FastifyRequest): Promise<void> {
      const user = await identifyUser(request);
      if (!user) throw unauthenticated();
      request.user = user;
    }

    app.decorate('identifyUser', identifyUser);
    app.decorate('requireUser', requireUser);
    async function requireVerified(request: FastifyRequest): Promise<void> {
      await requireUser(request);
      assertVerified(request.user);
    }
    app.decorate('requireVerified', requireVerified);
    // Privileged work asks for a verified address and a second factor (OWASP ASVS level 2): an
    // admin account whose address nobody proved may belong to whoever registered it first.
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await requireUser(request);
      if (request.user?.role !== 'admin') throw forbidden();
      await requireVerified(request);
      const user = request.user;
      if (!user.secondFactor) {
        const enrolled = await options.hasSecondFactor(user.id);
        throw enrolled
          ? new AppError(403, 'MFA_REQUIRED', SECOND_FACTOR_MESSAGES.verify)
          : new AppError(403, 'MFA_ENROLMENT_REQUIRED', SECOND_FACTOR_MESSAGES.enrol);
      }
    });
  },
  { name: 'auth-guard' },
);

/** Refuses a signed-in person whose address is not verified (for routes and for sockets alike). */
export function assertVerified(user: { emailVerified: boolean } | undefined | null): void {
  if (!user?.emailVerified)
    throw new AppError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email address first.');
}
