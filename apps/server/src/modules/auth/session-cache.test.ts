import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../admin-cli.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { ChangeListener } from '../../platform/db/change-feed.ts';
import {
  bearer,
  createTestApp,
  GOOD_PASSWORD,
  login,
  passSecondFactor,
  register,
  registerVerified,
  type TestApp,
} from '../../testing/harness.ts';
import { SessionCache } from './session-cache.ts';

// Authenticated requests are answered from memory (decision 0017). These tests hold that to the
// promise of the session endpoints: whatever ends a session or changes an account, in this process
// or in another one on the same database, is seen by the next request.

const profile = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/api/auth/profile', headers: bearer(token) });

/** Another process learns of a change within moments (a notice, or SQLite's data version). */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within 3 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('revocations reach every server process', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    other = await t.startAnotherServer();
  });
  afterAll(() => t.close());

  it('a logout in one process ends the session in the other', async () => {
    const { token } = await register(t.app);
    // Both processes have now answered for the session, so both may hold it in memory.
    expect((await profile(t.app, token)).statusCode).toBe(200);
    expect((await profile(other, token)).statusCode).toBe(200);
    expect((await profile(other, token)).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await profile(t.app, token)).statusCode).toBe(401);
    await eventually(async () => (await profile(other, token)).statusCode === 401, 'logout seen elsewhere');
  });

  it('a password changed through one process signs out the other sessions in both', async () => {
    const { email, token } = await register(t.app);
    const second = (await login(other, email, GOOD_PASSWORD)).json().token as string;
    expect((await profile(t.app, token)).statusCode).toBe(200);
    expect((await profile(t.app, second)).statusCode).toBe(200);
    expect((await profile(other, second)).statusCode).toBe(200);

    const changed = await other.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: bearer(second),
      payload: { currentPassword: GOOD_PASSWORD, newPassword: 'a-new-and-long-passphrase' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await profile(other, token)).statusCode).toBe(401);
    await eventually(async () => (await profile(t.app, token)).statusCode === 401, 'sign-out seen elsewhere');
    // The session that made the change stays open in both.
    expect((await profile(t.app, second)).statusCode).toBe(200);
    expect((await profile(other, second)).statusCode).toBe(200);
  });

  it('a name changed in one process is what the other answers next', async () => {
    const { token } = await register(t.app);
    expect((await profile(other, token)).json().user.name).toBe('Test Person');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: bearer(token),
      payload: { name: 'Vera Rubin' },
    });
    expect(renamed.statusCode).toBe(200);
    await eventually(async () => (await profile(other, token)).json().user.name === 'Vera Rubin', 'new name');
  });

  it('the admin command, run as its own process, changes the role the running server sees', async () => {
    const { email, token } = await registerVerified(t.app);
    const admins = () => t.app.inject({ url: '/api/admin/partners', headers: bearer(token) });
    expect((await admins()).statusCode).toBe(403);

    const command = async (...args: string[]) => {
      const database = t.openAnotherConnection();
      try {
        return (await runAdminCommand(args, t.config, database)).code;
      } finally {
        await database.close();
      }
    };
    expect(await command('grant', email)).toBe(0);
    // An admin now: the admin area asks for the second factor rather than refusing the role.
    await eventually(async () => (await admins()).json().code === 'MFA_ENROLMENT_REQUIRED', 'granted role');
    await passSecondFactor(t.app, token);
    await eventually(async () => (await admins()).statusCode === 200, 'second factor passed');
    expect(await command('revoke', email)).toBe(0);
    await eventually(async () => (await admins()).json().code === 'FORBIDDEN', 'revoked role');
  });

  it('a deleted account is signed out in the other process', async () => {
    const { token } = await register(t.app);
    expect((await profile(other, token)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(token),
      payload: { password: GOOD_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    await eventually(async () => (await profile(other, token)).statusCode === 401, 'deletion seen elsewhere');
  });
});

describe('SessionCache', () => {
  /** A change feed under the test's control. */
  function fakeFeed() {
    const feed = { live: true, notify: (_key: string | null) => {}, closed: false };
    const watch = (onChange: ChangeListener) => {
      feed.notify = onChange;
      const close = async () => {
        feed.closed = true;
      };
      return { catchUp: () => feed.live, close };
    };
    return { feed, watch };
  }

  const user = (id: string, sessionId: string): AuthUser => ({
    id,
    sessionId,
    secondFactor: false,
    email: `${id}@example.com`,
    name: id,
    role: 'user',
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  const session = (id: string, sessionId: string, expiresAtMs = 10_000_000) => ({
    user: user(id, sessionId),
    expiresAtMs,
    lastSeenAtMs: 0,
  });
  const NOW = 1_000_000;

  it('answers a stored session for its own user until it expires or grows old', () => {
    const cache = new SessionCache(fakeFeed().watch, { maxAgeMs: 60_000 });
    cache.store(cache.beginLoad(), session('ada', 's1', NOW + 30_000), NOW);
    expect(cache.get('s1', 'ada', NOW)?.user.name).toBe('ada');
    expect(cache.get('s1', 'eve', NOW)).toBeUndefined();
    cache.store(cache.beginLoad(), session('ada', 's1', NOW + 30_000), NOW);
    expect(cache.get('s1', 'ada', NOW + 30_000)).toBeUndefined();
    cache.store(cache.beginLoad(), session('ada', 's2'), NOW);
    expect(cache.get('s2', 'ada', NOW + 59_999)).toBeDefined();
    expect(cache.get('s2', 'ada', NOW + 60_000)).toBeUndefined();
  });

  it('does not keep a read that overlapped a revocation', async () => {
    const cache = new SessionCache(fakeFeed().watch);
    const before = cache.beginLoad();
    await cache.revoking({ sessionId: 's1' }, async () => {});
    cache.store(before, session('ada', 's1'), NOW);
    expect(cache.get('s1', 'ada', NOW)).toBeUndefined();

    // Nor one that finished while a write was still running.
    let finish: () => void = () => {};
    const write = cache.revoking({ userId: 'bob' }, () => new Promise<void>((resolve) => (finish = resolve)));
    cache.store(cache.beginLoad(), session('ada', 's1'), NOW);
    expect(cache.get('s1', 'ada', NOW)).toBeUndefined();
    finish();
    await write;
    cache.store(cache.beginLoad(), session('ada', 's1'), NOW);
    expect(cache.get('s1', 'ada', NOW)).toBeDefined();
  });

  it('forgets by session, by user and everything, from writes here and notices from elsewhere', async () => {
    const { feed, watch } = fakeFeed();
    const cache = new SessionCache(watch);
    const fill = () => {
      for (const [id, sid] of [
        ['ada', 'a1'],
        ['ada', 'a2'],
        ['bob', 'b1'],
      ] as const)
        cache.store(cache.beginLoad(), session(id, sid), NOW);
    };
    fill();
    await cache.revoking({ userId: 'ada' }, async () => {});
    expect([cache.get('a1', 'ada', NOW), cache.get('a2', 'ada', NOW)]).toEqual([undefined, undefined]);
    expect(cache.get('b1', 'bob', NOW)).toBeDefined();

    fill();
    feed.notify('session:a2');
    expect(cache.get('a2', 'ada', NOW)).toBeUndefined();
    expect(cache.get('a1', 'ada', NOW)).toBeDefined();
    feed.notify('user:bob');
    expect(cache.get('b1', 'bob', NOW)).toBeUndefined();
    feed.notify(null);
    expect(cache.size).toBe(0);
  });

  it('answers nothing from memory while notices from other processes may be missing', () => {
    const { feed, watch } = fakeFeed();
    const cache = new SessionCache(watch);
    cache.store(cache.beginLoad(), session('ada', 's1'), NOW);
    feed.live = false;
    expect(cache.get('s1', 'ada', NOW)).toBeUndefined();
    cache.store(cache.beginLoad(), session('bob', 's2'), NOW);
    feed.live = true;
    expect(cache.get('s2', 'bob', NOW)).toBeUndefined();
  });

  it('holds at most the configured number of sessions, dropping the longest held', async () => {
    const { feed, watch } = fakeFeed();
    const cache = new SessionCache(watch, { maxEntries: 2 });
    for (const sid of ['s1', 's2', 's3']) cache.store(cache.beginLoad(), session('ada', sid), NOW);
    expect(cache.size).toBe(2);
    expect(cache.get('s1', 'ada', NOW)).toBeUndefined();
    expect(cache.get('s3', 'ada', NOW)).toBeDefined();
    await cache.close();
    expect(feed.closed).toBe(true);
  });
});
