import { createHmac } from 'node:crypto';
import { STATUS_MESSAGES } from '@app/contracts/error-catalogue.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  errorOf,
  GOOD_PASSWORD,
  login,
  register,
  type TestApp,
} from '../../testing/harness.ts';
import { MESSAGES } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined && { payload }) });
const UNAUTHENTICATED = { status: 401, code: 'UNAUTHENTICATED', error: STATUS_MESSAGES[401] };

describe('bearer tokens', () => {
  it('refuses requests without a usable token', async () => {
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Basic dXNlcjpwYXNz',
      'Bearer not.a.jwt',
      'Bearer  x',
    ]) {
      const response = await t.app.inject({
        url: '/api/auth/profile',
        headers: authorization ? { authorization } : {},
      });
      expect(errorOf(response)).toEqual(UNAUTHENTICATED);
    }
  });

  it('refuses tampered tokens: alg none, a wrong signature, an edited payload', async () => {
    const { token } = await register(t.app);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const none = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const otherKey = `${header}.${payload}.${createHmac('sha256', 'another-secret-of-sufficient-length!!').update(`${header}.${payload}`).digest('base64url')}`;
    const edited = `${header}.${encode({ ...claims, sub: 'someone-else' })}.${signature}`;
    const hs512 = `${encode({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`;
    for (const forged of [none, otherKey, edited, hs512]) {
      expect(errorOf(await get('/api/auth/profile', forged))).toEqual(UNAUTHENTICATED);
    }
    expect((await get('/api/auth/profile', token)).statusCode).toBe(200);
  });

  it('stops working when it expires, and the clean-up removes the session', async () => {
    const { token, userId } = await register(t.app);
    t.clock.advance(29 * 24 * 60 * 60_000);
    expect((await get('/api/auth/profile', token)).statusCode).toBe(200);
    t.clock.advance(2 * 24 * 60 * 60_000);
    expect(errorOf(await get('/api/auth/profile', token))).toEqual(UNAUTHENTICATED);
    const sessions = () =>
      t.app.database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
    expect(await sessions()).toHaveLength(1);
    await t.app.auth.purgeExpired();
    expect(await sessions()).toEqual([]);
  });
});

describe('profile', () => {
  it('reads and renames, refusing bad input', async () => {
    const { token, email } = await register(t.app);
    expect((await get('/api/auth/profile', token)).json()).toMatchObject({ success: true, user: { email } });
    const renamed = await send('PATCH', '/api/auth/profile', token, { name: '  Grace Hopper ' });
    expect(renamed.json()).toMatchObject({ success: true, user: { name: 'Grace Hopper', email } });
    for (const payload of [
      {},
      { name: '' },
      { name: 7 },
      { name: 'x'.repeat(101) },
      { name: 'A', email: 'x@y.com' },
    ]) {
      const response = await send('PATCH', '/api/auth/profile', token, payload);
      expect(response.statusCode).toBe(422);
    }
    expect((await get('/api/auth/profile', token)).json().user.name).toBe('Grace Hopper');
  });
});

describe('sessions', () => {
  it('logs out the current session only', async () => {
    const { token, email, password } = await register(t.app);
    const other = (await login(t.app, email, password)).json().token;
    const out = await send('POST', '/api/auth/logout', token);
    expect(out.json()).toEqual({ success: true, message: MESSAGES.loggedOut });
    expect(errorOf(await get('/api/auth/profile', token))).toEqual(UNAUTHENTICATED);
    expect((await get('/api/auth/profile', other)).statusCode).toBe(200);
  });

  it('lists sessions with the current one marked, and ends one by id', async () => {
    const { token, email, password } = await register(t.app);
    const second = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        headers: { 'user-agent': 'Phone browser' },
        remoteAddress: '10.9.9.9',
      })
    ).json().token;
    const list = (await get('/api/auth/sessions', token)).json().sessions;
    expect(list).toHaveLength(2);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const phone = list.find((s: { userAgent: string | null }) => s.userAgent === 'Phone browser');
    expect(phone).toMatchObject({ ip: '10.9.9.9', current: false });
    expect(phone.lastSeenAt).toBe(phone.createdAt);

    const ended = await send('DELETE', `/api/auth/sessions/${phone.id}`, token);
    expect(ended.json()).toEqual({ success: true, message: MESSAGES.sessionEnded });
    expect(errorOf(await get('/api/auth/profile', second))).toEqual(UNAUTHENTICATED);
    const again = await send('DELETE', `/api/auth/sessions/${phone.id}`, token);
    expect(errorOf(again)).toEqual({ status: 404, code: 'NOT_FOUND', error: MESSAGES.sessionNotFound });
  });

  it("cannot end another person's session", async () => {
    const alice = await register(t.app);
    const bob = await register(t.app);
    const bobSession = (await get('/api/auth/sessions', bob.token)).json().sessions[0].id;
    expect((await send('DELETE', `/api/auth/sessions/${bobSession}`, alice.token)).statusCode).toBe(404);
    expect((await get('/api/auth/profile', bob.token)).statusCode).toBe(200);
  });

  it('signs out everywhere else, keeping the current session', async () => {
    const { token, email, password } = await register(t.app);
    const others = [
      (await login(t.app, email, password)).json().token,
      (await login(t.app, email, password)).json().token,
    ];
    const response = await send('DELETE', '/api/auth/sessions', token);
    expect(response.json()).toEqual({ success: true, message: 'Signed out of 2 other sessions.' });
    for (const other of others) expect((await get('/api/auth/profile', other)).statusCode).toBe(401);
    expect((await get('/api/auth/profile', token)).statusCode).toBe(200);
  });

  it('records when a session was last seen (at most once a minute)', async () => {
    const { token } = await register(t.app);
    const before = (await get('/api/auth/sessions', token)).json().sessions[0];
    t.clock.advance(5 * 60_000);
    await get('/api/auth/profile', token);
    const after = (await get('/api/auth/sessions', token)).json().sessions[0];
    expect(Date.parse(after.lastSeenAt) - Date.parse(before.lastSeenAt)).toBe(5 * 60_000);
  });
});

describe('PUT /api/auth/change-password', () => {
  it('requires the current password and a sound new one', async () => {
    const { token, email } = await register(t.app);
    const wrong = await send('PUT', '/api/auth/change-password', token, {
      currentPassword: 'not-it-at-all',
      newPassword: 'another-fine-passphrase',
    });
    expect(errorOf(wrong)).toEqual({ status: 400, code: 'WRONG_PASSWORD', error: MESSAGES.wrongPassword });
    const weak = await send('PUT', '/api/auth/change-password', token, {
      currentPassword: GOOD_PASSWORD,
      newPassword: 'qwertyuiop',
    });
    expect(errorOf(weak).code).toBe('WEAK_PASSWORD');
    for (const payload of [
      { newPassword: 'another-fine-passphrase' },
      { currentPassword: GOOD_PASSWORD },
      { currentPassword: GOOD_PASSWORD, newPassword: 'short' },
    ]) {
      expect((await send('PUT', '/api/auth/change-password', token, payload)).statusCode).toBe(422);
    }
    expect((await login(t.app, email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('changes the password and signs out the other sessions', async () => {
    const { token, email } = await register(t.app);
    const other = (await login(t.app, email, GOOD_PASSWORD)).json().token;
    const changed = await send('PUT', '/api/auth/change-password', token, {
      currentPassword: GOOD_PASSWORD,
      newPassword: 'another-fine-passphrase',
    });
    expect(changed.json()).toEqual({ success: true, message: MESSAGES.passwordChanged });
    expect((await get('/api/auth/profile', token)).statusCode).toBe(200);
    expect((await get('/api/auth/profile', other)).statusCode).toBe(401);
    expect((await login(t.app, email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await login(t.app, email, 'another-fine-passphrase')).statusCode).toBe(200);
    await t.app.auth.idle();
    const mails = await t.app.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', email)
      .execute();
    expect(mails.map((m) => m.subject)).toContain('Your Astro Guidance password was changed');
  });
});

describe('personal data', () => {
  it('exports everything kept about the person as JSON', async () => {
    const { token, email } = await register(t.app);
    const response = await get('/api/auth/export', token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const body = response.json();
    expect(body).toMatchObject({ success: true, user: { email }, sections: {} });
    expect(body.sessions).toHaveLength(1);
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);
  });

  it('deletes the account after confirming the password, and nothing of it remains', async () => {
    const { token, email, userId } = await register(t.app);
    const other = (await login(t.app, email, GOOD_PASSWORD)).json().token;
    const refused = await send('DELETE', '/api/auth/account', token, { password: 'not-my-password' });
    expect(errorOf(refused)).toEqual({
      status: 400,
      code: 'WRONG_PASSWORD',
      error: MESSAGES.wrongConfirmation,
    });
    expect((await send('DELETE', '/api/auth/account', token, {})).statusCode).toBe(422);
    expect((await get('/api/auth/profile', token)).statusCode).toBe(200);

    const deleted = await send('DELETE', '/api/auth/account', token, { password: GOOD_PASSWORD });
    expect(deleted.json()).toEqual({ success: true, message: MESSAGES.accountDeleted });
    await t.app.auth.idle();
    expect((await get('/api/auth/profile', token)).statusCode).toBe(401);
    expect((await get('/api/auth/profile', other)).statusCode).toBe(401);
    expect((await login(t.app, email, GOOD_PASSWORD)).statusCode).toBe(401);
    const db = t.app.database.db;
    expect(await db.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([]);
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(
      await db.selectFrom('account_secrets').select('id').where('user_id', '=', userId).execute(),
    ).toEqual([]);
    // Only the goodbye notice is left to send; the earlier mails (with their links) are gone.
    const mails = await db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', email)
      .execute();
    expect(mails).toEqual([{ subject: 'Your Astro Guidance account was deleted' }]);
    // The address is free again.
    expect((await register(t.app, email)).email).toBe(email);
  });
});
