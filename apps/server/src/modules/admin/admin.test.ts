import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../admin-cli.ts';
import {
  authenticatorCode,
  bearer,
  createTestApp,
  errorOf,
  GOOD_PASSWORD,
  login,
  passSecondFactor,
  register,
  registerVerified,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';
import { ADMIN_USER_ERRORS } from './users.ts';

// The admin area against the real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
// who may ask, the second factor, each endpoint's figures against seeded rows, the protections
// around changing people, and the audit log.

const DAY = 86_400_000;
const ADMIN = uniqueEmail('admin');
let t: TestApp;
let admin: { token: string; userId: string; email: string };
let user: { token: string; userId: string; email: string };

beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: [ADMIN] } });
  admin = await registerVerified(t.app, ADMIN);
  await passSecondFactor(t.app, admin.token);
  user = await register(t.app);
});
afterAll(() => t.close());

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    ...(token && { headers: bearer(token) }),
    ...(payload !== undefined && { payload: payload as object }),
  });
}

const ENDPOINTS: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }[] = [
  { method: 'GET', url: '/api/admin/dashboard' },
  { method: 'GET', url: '/api/admin/users' },
  { method: 'GET', url: '/api/admin/users/someone' },
  { method: 'PUT', url: '/api/admin/users/someone', body: { name: 'X' } },
  { method: 'DELETE', url: '/api/admin/users/someone', body: { confirmEmail: 'a@b.test' } },
  { method: 'GET', url: '/api/admin/analytics?days=7' },
  { method: 'GET', url: '/api/admin/subscription-analytics?days=7' },
  { method: 'GET', url: '/api/admin/subscriptions' },
  { method: 'GET', url: '/api/admin/user-usage' },
  { method: 'GET', url: '/api/admin/system-health' },
  { method: 'GET', url: '/api/admin/audit-log' },
  { method: 'GET', url: '/api/admin/contact-messages' },
  { method: 'POST', url: '/api/admin/contact-messages/x/handled' },
  { method: 'GET', url: '/api/admin/partners/applications' },
];

describe('who may use the admin area', () => {
  it.each(ENDPOINTS)(
    '$method $url: 401 for guests, 403 for users and for admins without the second factor',
    async (e) => {
      expect((await call(e.method, e.url, undefined, e.body)).statusCode).toBe(401);
      expect(errorOf(await call(e.method, e.url, user.token, e.body))).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
      });
      const fresh = await login(t.app, ADMIN, GOOD_PASSWORD);
      expect(errorOf(await call(e.method, e.url, fresh.json().token, e.body))).toMatchObject({
        status: 403,
        code: 'MFA_REQUIRED',
      });
    },
  );

  it('answers the admin who passed the second factor', async () => {
    for (const e of ENDPOINTS.filter(
      (endpoint) => endpoint.method === 'GET' && !endpoint.url.includes('someone'),
    ))
      expect((await call('GET', e.url, admin.token)).statusCode, e.url).toBe(200);
  });
});

describe('two-step sign-in', () => {
  it('enrols with a secret and an otpauth address, confirms with a code once, and answers recovery codes once', async () => {
    const person = await register(t.app);
    const enrolled = (await call('POST', '/api/auth/mfa/enroll', person.token)).json().data;
    expect(enrolled.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect((await call('GET', '/api/auth/mfa', person.token)).json().data).toEqual({
      enrolled: false,
      verified: false,
    });
    const wrong = await call('POST', '/api/auth/mfa/verify', person.token, { code: '000000' });
    expect(errorOf(wrong)).toMatchObject({ status: 400, code: 'INVALID_CODE' });
    const bad = await call('POST', '/api/auth/mfa/verify', person.token, { code: 'abc' });
    expect(bad.statusCode).toBe(422);
    const code = authenticatorCode(t.app, enrolled.secret);
    const confirmed = (await call('POST', '/api/auth/mfa/verify', person.token, { code })).json().data;
    expect(confirmed.recoveryCodes).toHaveLength(8);
    expect((await call('GET', '/api/auth/mfa', person.token)).json().data).toEqual({
      enrolled: true,
      verified: true,
    });
    expect((await call('POST', '/api/auth/mfa/enroll', person.token)).statusCode).toBe(409);

    // A second session: the same code again is refused (used once); a recovery code works once.
    const other = (await login(t.app, person.email, GOOD_PASSWORD)).json().token;
    expect((await call('POST', '/api/auth/mfa/verify', other, { code })).statusCode).toBe(400);
    const recovery = confirmed.recoveryCodes[0];
    const passed = await call('POST', '/api/auth/mfa/verify', other, { code: recovery });
    expect(passed.statusCode).toBe(200);
    expect(passed.json().data.recoveryCodes).toBeUndefined();
    const third = (await login(t.app, person.email, GOOD_PASSWORD)).json().token;
    expect((await call('POST', '/api/auth/mfa/verify', third, { code: recovery })).statusCode).toBe(400);
    t.clock.advance(30_000);
    expect(
      (await call('POST', '/api/auth/mfa/verify', third, { code: authenticatorCode(t.app, enrolled.secret) }))
        .statusCode,
    ).toBe(200);
  });

  /** A second-factor code sent from a client address. */
  const verify = (token: string, code: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/verify',
      headers: bearer(token),
      payload: { code },
      remoteAddress,
    });

  it('stops guessing: after five wrong codes that address waits, the owner elsewhere does not', async () => {
    const person = await register(t.app);
    const { secret } = await passSecondFactor(t.app, person.token);
    const guesser = (await login(t.app, person.email, GOOD_PASSWORD)).json().token;
    for (let i = 0; i < 5; i++)
      expect((await verify(guesser, '999999', '198.51.100.7')).statusCode).toBe(400);
    t.clock.advance(30_000);
    const right = await verify(guesser, authenticatorCode(t.app, secret), '198.51.100.7');
    expect(errorOf(right)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    // The owner, signing in from their own address at the same time, is not held up.
    const owner = (await login(t.app, person.email, GOOD_PASSWORD)).json().token;
    expect((await verify(owner, authenticatorCode(t.app, secret), '203.0.113.20')).statusCode).toBe(200);
    t.clock.advance(15 * 60_000);
    expect((await verify(guesser, authenticatorCode(t.app, secret, 1), '198.51.100.7')).statusCode).toBe(200);
  });

  it('guessing spread over many addresses stops 6-digit codes a while, never a recovery code', async () => {
    const person = await register(t.app);
    const { secret, recoveryCodes } = await passSecondFactor(t.app, person.token);
    const guesser = (await login(t.app, person.email, GOOD_PASSWORD)).json().token;
    for (let i = 0; i < 30; i++)
      expect((await verify(guesser, '999999', `198.51.100.${i % 10}`)).statusCode).toBe(400);
    t.clock.advance(30_000);
    const owner = (await login(t.app, person.email, GOOD_PASSWORD)).json().token;
    expect(errorOf(await verify(owner, authenticatorCode(t.app, secret), '203.0.113.21')).status).toBe(429);
    expect((await verify(owner, recoveryCodes[0]!, '203.0.113.21')).statusCode).toBe(200);
  });

  it('reset-mfa removes the authenticator, ends the factor of open sessions, and is audited', async () => {
    const email = uniqueEmail('lost-phone');
    const config = { ...t.config, adminEmails: [...t.config.adminEmails, email] };
    const person = await register(t.app, email);
    await passSecondFactor(t.app, person.token);
    const result = await runAdminCommand(['reset-mfa', email], config, t.openAnotherConnection());
    expect(result).toMatchObject({ code: 0 });
    expect((await call('GET', '/api/auth/mfa', person.token)).json().data).toEqual({
      enrolled: false,
      verified: false,
    });
    const log = (await call('GET', `/api/admin/audit-log?target=${person.userId}`, admin.token)).json().data;
    expect(log.entries).toContainEqual(
      expect.objectContaining({ action: 'user.reset-second-factor', actorEmail: 'command line' }),
    );
  });
});

describe('people', () => {
  it('finds people by email or name, filters, pages, and never shows a hash or token', async () => {
    const marker = `finder-${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 3; i++) await register(t.app, `${marker}-${i}@people.test`);
    const page = (
      await call('GET', `/api/admin/users?search=${marker}&limit=2&sort=email&order=asc`, admin.token)
    ).json().data;
    expect(page.total).toBe(3);
    expect(page.users.map((u: { email: string }) => u.email)).toEqual([
      `${marker}-0@people.test`,
      `${marker}-1@people.test`,
    ]);
    const text = JSON.stringify(page);
    expect(text).not.toMatch(/password|hash|token/i);
    const admins = (await call('GET', '/api/admin/users?role=admin', admin.token)).json().data;
    expect(admins.users.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    expect((await call('GET', '/api/admin/users?limit=0', admin.token)).statusCode).toBe(422);
    expect((await call('GET', '/api/admin/users?sort=password', admin.token)).statusCode).toBe(422);
  });

  it('changes only name, role, emailVerified and disabled; disabling signs the person out at once; each change is audited', async () => {
    const person = await register(t.app);
    const url = `/api/admin/users/${person.userId}`;
    for (const body of [{ email: 'new@x.test' }, { passwordHash: 'x' }, { name: 'Ok', role: 'god' }, {}]) {
      const refused = await call('PUT', url, admin.token, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
    }
    const renamed = await call('PUT', url, admin.token, { name: 'Grace Hopper', emailVerified: true });
    expect(renamed.json().data).toMatchObject({
      name: 'Grace Hopper',
      emailVerified: true,
      email: person.email,
    });
    expect((await call('GET', '/api/auth/profile', person.token)).statusCode).toBe(200);
    t.clock.advance(1000);
    await call('PUT', url, admin.token, { disabled: true });
    expect((await call('GET', '/api/auth/profile', person.token)).statusCode).toBe(401);
    expect((await login(t.app, person.email, GOOD_PASSWORD)).statusCode).toBe(403);
    const log = (await call('GET', `/api/admin/audit-log?target=${person.userId}`, admin.token)).json().data;
    expect(log.entries.map((e: { action: string }) => e.action)).toEqual(['user.update', 'user.update']);
    expect(log.entries[0]).toMatchObject({
      actorEmail: ADMIN,
      before: { disabled: false },
      after: { disabled: true },
      ip: expect.any(String),
    });
    expect(log.entries[1]).toMatchObject({ before: { name: 'Test Person', emailVerified: false } });
    expect(
      (await call('GET', `/api/admin/users/${person.userId}`, admin.token)).json().data.audit,
    ).toHaveLength(2);
  });

  it('shows how many people someone added to compare charts with, and nothing of those people', async () => {
    const before = (await call('GET', `/api/admin/users/${admin.userId}`, admin.token)).json().data;
    const friend = {
      name: 'Grace Private',
      date: '1985-12-09',
      time: '07:15',
      city: 'Oslo',
      country: 'Norway',
    };
    const added = await call('POST', '/api/people', admin.token, { ...friend, relation: 'friend' });
    expect(added.statusCode, added.body).toBe(201);
    const detail = await call('GET', `/api/admin/users/${admin.userId}`, admin.token);
    expect(detail.json().data.peopleAdded).toBe(before.peopleAdded + 1);
    expect(detail.body).not.toMatch(/Grace Private|1985-12-09|Oslo/);
  });

  it('keeps an admin from demoting or disabling themself, and the last admin in place', async () => {
    const self = `/api/admin/users/${admin.userId}`;
    expect(errorOf(await call('PUT', self, admin.token, { role: 'user' }))).toMatchObject({
      status: 409,
      error: ADMIN_USER_ERRORS.notYourself,
    });
    expect((await call('PUT', self, admin.token, { disabled: true })).statusCode).toBe(409);
    expect((await call('PUT', self, admin.token, { name: 'Chief Operator' })).statusCode).toBe(200);
    // With a second admin, demoting them works; with the first alone again, nobody can take its role.
    const second = await registerVerified(t.app);
    await call('PUT', `/api/admin/users/${second.userId}`, admin.token, { role: 'admin' });
    const secondSession = second.token;
    await passSecondFactor(t.app, secondSession);
    expect((await call('PUT', self, secondSession, { role: 'user' })).statusCode).toBe(200);
    expect(
      errorOf(await call('PUT', `/api/admin/users/${second.userId}`, admin.token, { role: 'user' })),
    ).toMatchObject({
      status: 403,
    });
    await t.app.auth.setRole(admin.userId, 'admin');
    expect(
      (await call('PUT', `/api/admin/users/${second.userId}`, admin.token, { role: 'user' })).statusCode,
    ).toBe(200);
    const alone = await call('PUT', self, admin.token, { role: 'user' });
    expect(alone.statusCode).toBe(409);
  });

  it('deletes an account only when its email is typed, never the own one', async () => {
    const person = await register(t.app);
    const url = `/api/admin/users/${person.userId}`;
    expect(errorOf(await call('DELETE', url, admin.token, { confirmEmail: 'other@x.test' }))).toMatchObject({
      status: 422,
      error: ADMIN_USER_ERRORS.confirmEmail,
    });
    expect((await call('DELETE', url, admin.token, {})).statusCode).toBe(422);
    expect(
      (await call('DELETE', `/api/admin/users/${admin.userId}`, admin.token, { confirmEmail: ADMIN }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call('DELETE', url, admin.token, { confirmEmail: person.email.toUpperCase() })).statusCode,
    ).toBe(200);
    expect((await call('GET', url, admin.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/auth/profile', person.token)).statusCode).toBe(401);
    const log = (await call('GET', `/api/admin/audit-log?target=${person.userId}`, admin.token)).json().data;
    expect(log.entries[0]).toMatchObject({ action: 'user.delete', before: { email: person.email } });
  });
});

describe('figures', () => {
  async function subscription(userId: string, values: Record<string, unknown>) {
    const now = t.clock.now().toISOString();
    await t.app.database.db
      .insertInto('subscriptions')
      .values({
        user_id: userId,
        plan_id: 'monthly',
        status: 'active',
        provider: 'local',
        customer_email: 'x@x.test',
        customer_name: 'X',
        cancel_at_period_end: 0,
        had_trial: 0,
        provider_version: 0,
        created_at: now,
        updated_at: now,
        ...values,
      } as never)
      .execute();
  }

  it('count trials, conversion, revenue, subscriptions and usage from the stored rows', async () => {
    const nowMs = t.clock.now().getTime();
    const before = (await call('GET', '/api/admin/dashboard', admin.token)).json().data;
    const ended = new Date(nowMs - 2 * DAY).toISOString();
    const people = await Promise.all([1, 2, 3, 4].map(() => register(t.app)));
    await subscription(people[0]!.userId, { had_trial: 1, trial_end: ended, status: 'active' });
    await subscription(people[1]!.userId, {
      had_trial: 1,
      trial_end: ended,
      status: 'canceled',
      canceled_at: ended,
    });
    await subscription(people[2]!.userId, {
      had_trial: 1,
      trial_end: ended,
      status: 'canceled',
      canceled_at: ended,
    });
    await subscription(people[3]!.userId, { plan_id: 'yearly', status: 'past_due' });
    const after = (await call('GET', '/api/admin/dashboard', admin.token)).json().data;
    const trials = after.trialConversion30d;
    expect(trials.ended - before.trialConversion30d.ended).toBe(3);
    expect(trials.converted - before.trialConversion30d.converted).toBe(1);
    if (before.trialConversion30d.ended === 0) expect(trials.rate).toBeCloseTo(1 / 3);
    expect(after.users.total - before.users.total).toBe(4);
    // This test server has no SMTP_URL: the dashboard says its mail is not being sent.
    expect(after.mailDelivery).toBe('log');
    expect((after.subscriptionsByStatus.canceled ?? 0) - (before.subscriptionsByStatus.canceled ?? 0)).toBe(
      2,
    );
    const monthly = 1499;
    const yearlyAsMonthly = Math.round(14388 / 12);
    expect(Object.keys(after.mrrMinor)).toContain('USD');
    expect(after.mrrMinor.USD - (before.mrrMinor.USD ?? 0)).toBeGreaterThanOrEqual(
      monthly + yearlyAsMonthly - 1,
    );

    const list = (await call('GET', '/api/admin/subscriptions?status=past_due', admin.token)).json().data;
    expect(list.subscriptions.some((s: { userId: string }) => s.userId === people[3]!.userId)).toBe(true);
    const series = (await call('GET', '/api/admin/subscription-analytics?days=7', admin.token)).json().data
      .days;
    expect(series).toHaveLength(7);
    expect(series.at(-1).date).toBe(new Date(nowMs).toISOString().slice(0, 10));
    const daily = (await call('GET', '/api/admin/analytics?days=3', admin.token)).json().data.days;
    expect(daily.at(-1).signups).toBeGreaterThanOrEqual(4);
  });

  it('refuses a day count outside 1 to 365', async () => {
    for (const days of ['0', '366', 'many', '1.5'])
      expect((await call('GET', `/api/admin/analytics?days=${days}`, admin.token)).statusCode, days).toBe(
        422,
      );
    expect((await call('GET', '/api/admin/subscription-analytics?days=-3', admin.token)).statusCode).toBe(
      422,
    );
  });

  it('reports system health', async () => {
    const health = (await call('GET', '/api/admin/system-health', admin.token)).json().data;
    expect(health.database).toMatchObject({ reachable: true, engine: t.app.database.engine });
    expect(health.database.migrationsApplied).toBeGreaterThan(10);
    expect(health.payments).toMatchObject({ provider: 'local', reachable: null });
    // This test server has no SMTP_URL: its mail stays in the outbox, and health says so.
    expect(health.mail).toMatchObject({ delivery: 'log', lastError: null });
    // The test server runs no scheduled jobs (the tests drive them by hand).
    expect(health.jobs).toEqual({ scheduled: false, runs: [] });
  });
});

describe('contact inbox', () => {
  it('lists messages, marks one handled, replies by mail, and audits both', async () => {
    const sent = await call('POST', '/api/contact', undefined, {
      name: 'Ada',
      email: 'ada@inbox.test',
      topic: 'general',
      message: 'How does the daily landscape choose its transits?',
    });
    expect(sent.statusCode).toBe(201);
    const open = (await call('GET', '/api/admin/contact-messages?status=open', admin.token)).json().data;
    const message = open.messages.find((m: { email: string }) => m.email === 'ada@inbox.test');
    expect(message).toMatchObject({ handledAt: null, topic: 'general' });
    const reply = await call('POST', `/api/admin/contact-messages/${message.id}/reply`, admin.token, {
      body: 'By weight: slow planets and tight orbs first.',
    });
    expect(reply.json().data.handledAt).not.toBeNull();
    const mail = await t.app.database.db
      .selectFrom('mail_outbox')
      .select(['text_body'])
      .where('recipient', '=', 'ada@inbox.test')
      .where('subject', 'like', 'Re:%')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('By weight: slow planets and tight orbs first.');
    expect(
      (await call('POST', `/api/admin/contact-messages/${message.id}/reply`, admin.token, { body: ' ' }))
        .statusCode,
    ).toBe(422);
    expect((await call('POST', '/api/admin/contact-messages/nope/handled', admin.token)).statusCode).toBe(
      404,
    );
    const log = (await call('GET', `/api/admin/audit-log?target=${message.id}`, admin.token)).json().data;
    expect(log.entries[0]).toMatchObject({ action: 'contact.reply', actorEmail: ADMIN });
  });
});
