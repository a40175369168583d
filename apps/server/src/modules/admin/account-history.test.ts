import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  passSecondFactor,
  register,
  registerVerified,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';

// What the admin area keeps of an account's history: when it was last seen after its sessions
// ended, and the set-up of a second factor in the audit log.

const ADMIN = uniqueEmail('history-admin');
let t: TestApp;
let admin: { token: string; userId: string };
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: [ADMIN] } });
  admin = await registerVerified(t.app, ADMIN);
  await passSecondFactor(t.app, admin.token);
});
afterAll(() => t.close());

const person = async (userId: string) =>
  (await t.app.inject({ url: `/api/admin/users/${userId}`, headers: bearer(admin.token) })).json().data;

it('keeps "last seen" when the account is disabled, signed out or its sessions expire', async () => {
  const disabled = await register(t.app);
  t.clock.advance(5 * 60_000);
  await t.app.inject({ url: '/api/auth/profile', headers: bearer(disabled.token) });
  const seen = (await person(disabled.userId)).user.lastSeenAt;
  expect(seen).toBe(t.clock.now().toISOString());
  t.clock.advance(60 * 60_000);
  const change = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${disabled.userId}`,
    headers: bearer(admin.token),
    payload: { disabled: true },
  });
  expect(change.statusCode).toBe(200);
  expect((await person(disabled.userId)).user.lastSeenAt).toBe(seen);

  const signedOut = await register(t.app);
  const before = (await person(signedOut.userId)).user.lastSeenAt;
  await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(signedOut.token) });
  expect((await person(signedOut.userId)).user.lastSeenAt).toBe(before);

  const idle = await register(t.app);
  const idleSeen = (await person(idle.userId)).user.lastSeenAt;
  t.clock.advance(31 * 24 * 60 * 60_000);
  await t.app.auth.purgeExpired();
  // Every session expired in the jump, the admin's too: another admin reads the account.
  const reader = await registerVerified(t.app);
  await t.app.auth.setRole(reader.userId, 'admin');
  await passSecondFactor(t.app, reader.token);
  admin = reader;
  const { sessions, user } = await person(idle.userId);
  expect(sessions).toEqual([]);
  expect(user.lastSeenAt).toBe(idleSeen);
});

it('records setting up two-step sign-in in the audit log', async () => {
  const operator = await registerVerified(t.app);
  await passSecondFactor(t.app, operator.token);
  const log = await t.app.audit.list({ target: operator.userId, limit: 10, offset: 0 });
  expect(log.entries).toEqual([
    expect.objectContaining({
      action: 'user.enrol-second-factor',
      actorId: operator.userId,
      after: { secondFactor: true },
    }),
  ]);
});
