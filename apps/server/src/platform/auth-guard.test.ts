import { STATUS_MESSAGES } from '@app/contracts/error-catalogue.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  errorOf,
  GOOD_PASSWORD,
  login,
  passSecondFactor,
  register,
  secretFromOutbox,
  type TestApp,
} from '../testing/harness.ts';
import { currentUser, SECOND_FACTOR_MESSAGES } from './auth-guard.ts';

// The guards other modules put in front of their routes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      app.get('/api/test/user', { preHandler: app.requireUser }, async (request) => ({
        id: currentUser(request).id,
      }));
      app.get('/api/test/verified', { preHandler: app.requireVerified }, async () => ({ ok: true }));
      app.get('/api/test/admin', { preHandler: app.requireAdmin }, async () => ({ ok: true }));
    },
  });
});
afterAll(() => t.close());

describe('route guards', () => {
  it('requireUser sets request.user from the session', async () => {
    const { token, userId } = await register(t.app);
    expect((await t.app.inject({ url: '/api/test/user', headers: bearer(token) })).json()).toEqual({
      id: userId,
    });
    expect(errorOf(await t.app.inject('/api/test/user'))).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
      error: STATUS_MESSAGES[401],
    });
  });

  it('requireVerified lets in verified people only', async () => {
    const { token, email } = await register(t.app);
    expect(errorOf(await t.app.inject({ url: '/api/test/verified', headers: bearer(token) }))).toMatchObject({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
    });
    await t.app.inject(`/api/auth/verify-email/${await secretFromOutbox(t.app, email, 'verify-email')}`);
    expect((await t.app.inject({ url: '/api/test/verified', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject('/api/test/verified')).statusCode).toBe(401);
  });

  it('requireAdmin lets in admins only, and a role change applies on the next request', async () => {
    const { email, token, userId } = await register(t.app);
    expect(errorOf(await t.app.inject({ url: '/api/test/admin', headers: bearer(token) }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      error: STATUS_MESSAGES[403],
    });
    await t.app.auth.setRole(userId, 'admin');
    // An admin whose address nobody proved is refused whatever else holds (the second factor included).
    expect(errorOf(await t.app.inject({ url: '/api/test/admin', headers: bearer(token) }))).toMatchObject({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
    });
    await passSecondFactor(t.app, token);
    expect(errorOf(await t.app.inject({ url: '/api/test/admin', headers: bearer(token) })).code).toBe(
      'EMAIL_NOT_VERIFIED',
    );
    await t.app.secondFactor.reset(userId);
    await t.app.inject(`/api/auth/verify-email/${await secretFromOutbox(t.app, email, 'verify-email')}`);
    // An admin without a second factor is asked to set one up; one who set it up, to enter a code.
    expect(errorOf(await t.app.inject({ url: '/api/test/admin', headers: bearer(token) }))).toEqual({
      status: 403,
      code: 'MFA_ENROLMENT_REQUIRED',
      error: SECOND_FACTOR_MESSAGES.enrol,
    });
    await passSecondFactor(t.app, token);
    expect((await t.app.inject({ url: '/api/test/admin', headers: bearer(token) })).statusCode).toBe(200);
    const again = await login(t.app, email, GOOD_PASSWORD);
    expect(
      errorOf(await t.app.inject({ url: '/api/test/admin', headers: bearer(again.json().token) })),
    ).toEqual({
      status: 403,
      code: 'MFA_REQUIRED',
      error: SECOND_FACTOR_MESSAGES.verify,
    });
    await t.app.auth.setRole(userId, 'user');
    expect((await t.app.inject({ url: '/api/test/admin', headers: bearer(token) })).statusCode).toBe(403);
  });
});
