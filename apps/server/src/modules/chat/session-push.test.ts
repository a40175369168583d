import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SESSION_REVOKED_EVENT } from '@app/contracts/realtime.ts';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  GOOD_PASSWORD,
  login,
  passSecondFactor,
  register,
  registerVerified,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';
import { nextEvent, openSocket } from '../../testing/sockets.ts';

// Ended sessions reach their open sockets at once: `session:revoked` with the reason, then the
// server disconnects them; sockets of sessions that stay open hear nothing. On PostgreSQL, and
// with Redis, the news reaches sockets held by another server process.

interface Person {
  email: string;
  token: string;
  userId: string;
}

async function started(config: Partial<TestApp['config']> = {}) {
  const admin = uniqueEmail('push-admin');
  const t = await createTestApp({ config: { ...config, adminEmails: [admin] } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const operator = await registerVerified(t.app, admin);
  await passSecondFactor(t.app, operator.token);
  return { t, base, adminToken: operator.token };
}

/** A second signed-in session of the same person. */
async function secondSession(app: FastifyInstance, person: Person): Promise<Person> {
  return { ...person, token: (await login(app, person.email, GOOD_PASSWORD)).json().token };
}

async function connected(base: string, token: string): Promise<Socket> {
  const socket = openSocket(base, token);
  await nextEvent(socket, 'connect');
  return socket;
}

/**
 * What the socket hears: the reason of a `session:revoked` (acknowledged, as the web app does)
 * and then the server's disconnect.
 */
function ending(socket: Socket): Promise<{ reason: string; disconnect: string }> {
  return new Promise((resolve) => {
    socket.once(SESSION_REVOKED_EVENT, (payload: { reason: string }, ack?: () => void) => {
      ack?.();
      socket.once('disconnect', (disconnect) => resolve({ reason: payload.reason, disconnect }));
    });
  });
}

function disable(app: FastifyInstance, adminToken: string, userId: string) {
  return app.inject({
    method: 'PUT',
    url: `/api/admin/users/${userId}`,
    headers: bearer(adminToken),
    payload: { disabled: true },
  });
}

/** The socket is still connected after the others' news had time to arrive. */
async function stillConnected(socket: Socket): Promise<boolean> {
  let heard = false;
  socket.once(SESSION_REVOKED_EVENT, () => {
    heard = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  return socket.connected && !heard;
}

describe('the open sockets of an ended session', () => {
  let t: TestApp;
  let base: string;
  let adminToken: string;
  beforeAll(async () => {
    ({ t, base, adminToken } = await started());
  });
  afterAll(() => t.close());

  it('hear that an admin disabled the account, and are disconnected (every session of it)', async () => {
    const person = await register(t.app);
    const other = await secondSession(t.app, person);
    const sockets = [await connected(base, person.token), await connected(base, other.token)];
    const endings = sockets.map(ending);
    expect((await disable(t.app, adminToken, person.userId)).statusCode).toBe(200);
    for (const heard of await Promise.all(endings))
      expect(heard).toEqual({ reason: 'disabled', disconnect: 'io server disconnect' });
  });

  it('hear that the session was signed out from the settings; the other session stays', async () => {
    const person = await register(t.app);
    const laptop = await secondSession(t.app, person);
    const phoneSocket = await connected(base, person.token);
    const laptopSocket = await connected(base, laptop.token);
    const listed = await t.app.inject({ url: '/api/auth/sessions', headers: bearer(laptop.token) });
    const phone = (listed.json().sessions as { id: string; current: boolean }[]).find((s) => !s.current)!;
    const ended = ending(phoneSocket);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${phone.id}`,
      headers: bearer(laptop.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect(await ended).toEqual({ reason: 'signed-out', disconnect: 'io server disconnect' });
    expect(await stillConnected(laptopSocket)).toBe(true);
    laptopSocket.close();
  });

  it('hear of a password change made in another session, which stays', async () => {
    const person = await register(t.app);
    const other = await secondSession(t.app, person);
    const changing = await connected(base, person.token);
    const ended = ending(await connected(base, other.token));
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: bearer(person.token),
      payload: { currentPassword: GOOD_PASSWORD, newPassword: 'amber-comet-93-harbour' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await ended).toEqual({ reason: 'signed-out', disconnect: 'io server disconnect' });
    expect(await stillConnected(changing)).toBe(true);
    changing.close();
  });

  it('hear that the account was deleted', async () => {
    const person = await register(t.app);
    const ended = ending(await connected(base, person.token));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(person.token),
      payload: { password: GOOD_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await ended).reason).toBe('deleted');
  });

  it('are disconnected even when they do not answer the news', async () => {
    const person = await register(t.app);
    const socket = await connected(base, person.token);
    const gone = nextEvent<string>(socket, 'disconnect');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(person.token) });
    expect(await gone).toBe('io server disconnect');
  });

  // On PostgreSQL several processes share the data; the adapter carries the news between them.
  if (TEST_DATABASE_URL)
    it('hear an ending made by another server process on the same database', async () => {
      const other = await t.startAnotherServer();
      const person = await register(t.app);
      const ended = ending(await connected(base, person.token));
      expect((await disable(other, adminToken, person.userId)).statusCode).toBe(200);
      expect(await ended).toEqual({ reason: 'disabled', disconnect: 'io server disconnect' });
    });
});

if (TEST_REDIS_URL) {
  const redisUrl = TEST_REDIS_URL;
  describe('with Redis', () => {
    it('an ending made by one server process reaches a socket held by another', async () => {
      const { t, base, adminToken } = await started({
        redis: { url: redisUrl, keyPrefix: `test-${randomBytes(4).toString('hex')}` },
      });
      try {
        const other = await t.startAnotherServer();
        const person = await register(t.app);
        const ended = ending(await connected(base, person.token));
        expect((await disable(other, adminToken, person.userId)).statusCode).toBe(200);
        expect(await ended).toEqual({ reason: 'disabled', disconnect: 'io server disconnect' });
      } finally {
        await t.close();
      }
    });
  });
}
