import { STATUS_MESSAGES } from '@app/contracts/error-catalogue.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestApp,
  errorOf,
  GOOD_PASSWORD,
  login,
  register,
  registerVerified,
  secretFromOutbox,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_HAS_EMAIL_MESSAGE, PasswordHasher } from './passwords.ts';
import { ADMIN_EMAILS_ACTOR, MESSAGES } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: ['boss@example.com'] } });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const loginFrom = (remoteAddress: string, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/auth/register', () => {
  it('creates an account with a normalised address and answers a token and the user', async () => {
    const email = uniqueEmail('ada');
    const response = await post('/api/auth/register', {
      email: `  ${email.toUpperCase()} `,
      name: '  Ada Lovelace ',
      password: GOOD_PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      user: { email, name: 'Ada Lovelace', role: 'user', emailVerified: false },
    });
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Object.keys(body.user).sort()).toEqual([
      'createdAt',
      'email',
      'emailVerified',
      'id',
      'name',
      'role',
    ]);
    const profile = await t.app.inject({ url: '/api/auth/profile', headers: bearer(body.token) });
    expect(profile.json().user.email).toBe(email);
  });

  it('refuses a second account for the same address, whatever its case', async () => {
    const { email } = await register(t.app);
    const again = await post('/api/auth/register', {
      email: email.toUpperCase(),
      name: 'X',
      password: GOOD_PASSWORD,
    });
    expect(errorOf(again)).toEqual({ status: 409, code: 'EMAIL_TAKEN', error: MESSAGES.emailTaken });
  });

  it('gives the admin role to a configured address only once it is verified, and audits the grant', async () => {
    // Whoever registers a listed address first is no admin until the mailed link proves it is theirs.
    const response = await post('/api/auth/register', {
      email: 'Boss@Example.com',
      name: 'Boss',
      password: GOOD_PASSWORD,
    });
    const { token, user } = response.json();
    expect(user).toMatchObject({ role: 'user', emailVerified: false });
    expect(errorOf(await t.app.inject({ url: '/api/admin/users', headers: bearer(token) })).status).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/mfa/enroll', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
    expect(errorOf(await t.app.inject({ url: '/api/admin/users', headers: bearer(token) })).status).toBe(403);

    const secret = await secretFromOutbox(t.app, 'boss@example.com', 'verify-email');
    const verified = await t.app.inject({
      url: `/api/auth/verify-email/${secret}`,
      remoteAddress: '203.0.113.9',
    });
    expect(verified.statusCode).toBe(200);
    const profile = await t.app.inject({ url: '/api/auth/profile', headers: bearer(token) });
    expect(profile.json().user).toMatchObject({ role: 'admin', emailVerified: true });
    const { entries } = await t.app.audit.list({ target: user.id, limit: 10, offset: 0 });
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'user.update',
        actorEmail: ADMIN_EMAILS_ACTOR,
        ip: '203.0.113.9',
        before: { role: 'user' },
        after: { role: 'admin' },
      }),
    ]);
  });

  it('tells the operator which listed addresses make nobody an admin yet', async () => {
    const waiting = await t.app.auth.listedAdminsWaiting();
    expect(waiting).not.toContainEqual(expect.objectContaining({ email: 'boss@example.com' }));
    const listed = await createTestApp({
      config: { adminEmails: ['nobody.yet@example.com', 'later@example.com'] },
    });
    try {
      await register(listed.app, 'later@example.com');
      expect(await listed.app.auth.listedAdminsWaiting()).toEqual([
        { email: 'nobody.yet@example.com', state: 'no account' },
        { email: 'later@example.com', state: 'not verified' },
      ]);
    } finally {
      await listed.close();
    }
  });

  const email = 'valid.person@example.com';
  it.each([
    ['a missing body', undefined, 'body'],
    ['an array body', [], 'body'],
    ['a wrong type', { email: 42, name: 'A', password: GOOD_PASSWORD }, 'email'],
    ['a missing field', { email, name: 'A' }, 'password'],
    ['an unknown field', { email, name: 'A', password: GOOD_PASSWORD, role: 'admin' }, 'body'],
    ['an address list', { email: 'a@b.com, c@d.com', name: 'A', password: GOOD_PASSWORD }, 'email'],
    ['a quoted local part', { email: '"a@b"@example.com', name: 'A', password: GOOD_PASSWORD }, 'email'],
    [
      'a header injection',
      { email: 'a@example.com\r\nBcc: x@y.com', name: 'A', password: GOOD_PASSWORD },
      'email',
    ],
    ['a full-width at sign', { email: 'a\uFF20example.com', name: 'A', password: GOOD_PASSWORD }, 'email'],
    ['an empty name', { email, name: '   ', password: GOOD_PASSWORD }, 'name'],
    ['a short password', { email, name: 'A', password: 'short12' }, 'password'],
    ['a password over 128 characters', { email, name: 'A', password: 'p'.repeat(129) }, 'password'],
  ])('refuses %s with 4xx and field details, creating nothing', async (_label, payload, field) => {
    const response = await post('/api/auth/register', payload);
    expect([400, 422]).toContain(response.statusCode);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.error.length).toBeGreaterThan(0);
    if (response.statusCode === 422) {
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details.map((issue: { path: string }) => issue.path)).toContain(field);
    }
    expect(await t.app.auth.findAccountByEmail(email)).toBeNull();
  });

  it('accepts any characters and uses all 128 of a long password (never truncated)', async () => {
    const address = uniqueEmail();
    const long = `${'ü🌙 '.repeat(31)}abcdefg`.slice(0, 128);
    expect((await post('/api/auth/register', { email: address, name: 'L', password: long })).statusCode).toBe(
      201,
    );
    expect((await login(t.app, address, long)).statusCode).toBe(200);
    expect((await login(t.app, address, `${long.slice(0, 127)}x`)).statusCode).toBe(401);
  });

  it.each([
    ['a very common password', 'password1', COMMON_PASSWORD_MESSAGE],
    ['a common password in another case', 'PASSWORD123', COMMON_PASSWORD_MESSAGE],
  ])('refuses %s with a clear message', async (_label, password, message) => {
    const response = await post('/api/auth/register', { email: uniqueEmail(), name: 'A', password });
    expect(errorOf(response)).toEqual({ status: 422, code: 'WEAK_PASSWORD', error: message });
  });

  it('refuses a password containing the address or its local part', async () => {
    for (const password of ['my-orion.star@example.com-x', 'xx-ORION.STAR-2024']) {
      const response = await post('/api/auth/register', {
        email: 'orion.star@example.com',
        name: 'O',
        password,
      });
      expect(errorOf(response)).toEqual({
        status: 422,
        code: 'WEAK_PASSWORD',
        error: PASSWORD_HAS_EMAIL_MESSAGE,
      });
    }
  });
});

describe('POST /api/auth/login', () => {
  it('answers a fresh token at every login, each with its own session', async () => {
    const { email, password, token } = await register(t.app);
    const first = await login(t.app, email.toUpperCase(), password);
    const second = await login(t.app, email, password);
    expect(first.statusCode).toBe(200);
    const tokens = new Set([token, first.json().token, second.json().token]);
    expect(tokens.size).toBe(3);
    const sessions = await t.app.inject({ url: '/api/auth/sessions', headers: bearer(second.json().token) });
    expect(sessions.json().sessions).toHaveLength(3);
  });

  it('answers unknown addresses and wrong passwords identically, spending a hash check on both', async () => {
    const { email } = await register(t.app);
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    const dummy = vi.spyOn(PasswordHasher.prototype, 'verifyDummy');
    const wrong = await login(t.app, email, 'not-the-password');
    expect(verify).toHaveBeenCalledTimes(1);
    expect(dummy).not.toHaveBeenCalled();
    const unknown = await login(t.app, uniqueEmail('nobody'), 'not-the-password');
    expect(dummy).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledTimes(2); // the dummy check is a real argon2 verification
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      success: false,
      error: MESSAGES.invalidCredentials,
      code: 'INVALID_CREDENTIALS',
    });
  });

  it.each([
    ['no body', undefined],
    ['a wrong type', { email: 'a@b.com', password: 12345678 }],
    ['an unknown field', { email: 'a@b.com', password: 'x', remember: true }],
    ['an empty password', { email: 'a@b.com', password: '' }],
  ])('refuses %s', async (_label, payload) => {
    const response = await post('/api/auth/login', payload);
    expect([400, 422]).toContain(response.statusCode);
    expect(response.json().success).toBe(false);
  });

  it('never locks the owner out because strangers failed: their right password from a new address works', async () => {
    const { email, password } = await register(t.app);
    // Forty strangers, each guessing from an address of their own.
    for (let i = 0; i < 40; i += 1) {
      const guess = await loginFrom(`10.40.${i}.1`, email, `wrong-${i}-password`);
      expect(guess.statusCode).toBe(401);
    }
    expect((await loginFrom('10.41.0.1', email, password)).statusCode).toBe(200);
  });

  it('makes one address wait longer after each failure, then refuses it before any hashing', async () => {
    const { email, password } = await register(t.app);
    const attacker = '10.42.0.1';
    const guess = () => loginFrom(attacker, email, 'not-the-password');
    // Two free failures, then a wait that doubles with each further one.
    expect((await guess()).statusCode).toBe(401);
    expect((await guess()).statusCode).toBe(401);
    const waits: number[] = [];
    for (let failure = 3; failure <= 6; failure += 1) {
      expect((await guess()).statusCode).toBe(401);
      const early = await guess();
      expect(errorOf(early)).toEqual({ status: 429, code: 'RATE_LIMITED', error: STATUS_MESSAGES[429] });
      const wait = Number(early.headers['retry-after']);
      waits.push(wait);
      t.clock.advance(wait * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // The per-pair limit: after ten failures the address is refused for the window, unhashed.
    for (let failure = 7; failure <= 10; failure += 1) {
      expect((await guess()).statusCode).toBe(401);
      t.clock.advance(60_000);
    }
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    const refused = await loginFrom(attacker, email, password);
    expect(refused.statusCode).toBe(429);
    expect(verify).not.toHaveBeenCalled();
    // The owner elsewhere is unaffected; the attacker's address recovers when the window ends.
    expect((await loginFrom('10.42.0.2', email, password)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000);
    expect((await loginFrom(attacker, email, password)).statusCode).toBe(200);
  });

  it('refuses a disabled account, and disabling ends its sessions at once', async () => {
    const { email, password, token, userId } = await register(t.app);
    await t.app.auth.setDisabled(userId, true);
    expect((await t.app.inject({ url: '/api/auth/profile', headers: bearer(token) })).statusCode).toBe(401);
    expect(errorOf(await login(t.app, email, password))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      error: MESSAGES.disabled,
    });
    await t.app.auth.setDisabled(userId, false);
    expect((await login(t.app, email, password)).statusCode).toBe(200);
  });

  it('grants the admin role at login to an address listed later, once verified', async () => {
    const listed = await createTestApp({ config: { adminEmails: ['ops@example.com'] } });
    try {
      // Listed after sign-up: the unverified account stays a user at login; verified, it is an admin.
      const { password } = await register(listed.app, 'ops@example.com');
      expect((await login(listed.app, 'ops@example.com', password)).json().user.role).toBe('user');
      const stranger = await registerVerified(listed.app);
      expect((await login(listed.app, stranger.email, password)).json().user.role).toBe('user');
      const userId = (await listed.app.auth.findAccountByEmail('ops@example.com'))!.id;
      await listed.app.auth.changeAccount(userId, { emailVerified: true });
      expect((await login(listed.app, 'ops@example.com', password)).json().user.role).toBe('admin');
      const { entries } = await listed.app.audit.list({ target: userId, limit: 10, offset: 0 });
      expect(entries.map((entry) => [entry.actorEmail, entry.after])).toEqual([
        [ADMIN_EMAILS_ACTOR, { role: 'admin' }],
      ]);
    } finally {
      await listed.close();
    }
  });
});

describe('throttles per IP', () => {
  it('limits registrations, login failures and mail requests per client address', async () => {
    const strict = await createTestApp({
      config: {
        throttle: {
          loginFailuresPerPair: { max: 100, windowMs: 60_000 },
          loginFailuresPerIp: { max: 2, windowMs: 60_000 },
          passwordChecksPerUser: { max: 100, windowMs: 60_000 },
          mailPerAddress: { max: 100, windowMs: 60_000 },
          mailPerIp: { max: 2, windowMs: 60_000 },
          registrationsPerIp: { max: 1, windowMs: 60_000 },
          secondFactorFailuresPerSource: { max: 100, windowMs: 60_000 },
          secondFactorFailuresPerUser: { max: 100, windowMs: 60_000 },
          calendarReadsPerToken: { max: 100, windowMs: 60_000 },
        },
      },
    });
    try {
      const from = (remoteAddress: string, payload: object, url = '/api/auth/register') =>
        strict.app.inject({ method: 'POST', url, payload, remoteAddress });
      const person = { email: uniqueEmail(), name: 'P', password: GOOD_PASSWORD };
      expect((await from('10.1.1.1', person)).statusCode).toBe(201);
      const second = await from('10.1.1.1', { ...person, email: uniqueEmail() });
      expect(errorOf(second).status).toBe(429);
      expect((await from('10.1.1.2', { ...person, email: uniqueEmail() })).statusCode).toBe(201);

      const attempt = (ip: string) =>
        from(ip, { email: uniqueEmail(), password: 'whatever-it-is' }, '/api/auth/login');
      expect((await attempt('10.2.2.2')).statusCode).toBe(401);
      expect((await attempt('10.2.2.2')).statusCode).toBe(401);
      expect((await attempt('10.2.2.2')).statusCode).toBe(429);
      expect((await attempt('10.2.2.3')).statusCode).toBe(401);

      const mail = (ip: string) => from(ip, { email: uniqueEmail() }, '/api/auth/forgot-password');
      expect((await mail('10.3.3.3')).statusCode).toBe(200);
      expect((await mail('10.3.3.3')).statusCode).toBe(200);
      expect((await mail('10.3.3.3')).statusCode).toBe(429);
      expect((await mail('10.3.3.4')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
