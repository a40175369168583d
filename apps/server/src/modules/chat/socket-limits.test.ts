import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type TestApp, testRateLimit } from '../../testing/harness.ts';
import { nextEvent, openSocket } from '../../testing/sockets.ts';
import { MAX_UNANSWERED_SENDS, REFUSALS_BEFORE_DISCONNECT, TOO_MANY_UNANSWERED } from './realtime.ts';
import { chatPerson } from './testing/chat-person.ts';

// A socket cannot do more than the person's HTTP requests could: its events count against the
// same per-person limit, only a few questions may wait for an answer at once, and a question over
// the day's allowance is refused before anything is written.

const ADMINS = Array.from({ length: 10 }, (_, i) => `limits.${i}@chat.test`);
let nextAdmin = 0;
const REQUESTS_PER_MINUTE = 40;

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      adminEmails: ADMINS,
      rateLimit: testRateLimit({ apiPerUser: { max: REQUESTS_PER_MINUTE, windowMs: 60_000 } }),
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface Outcome {
  sessionId?: string;
  status?: number;
  error?: string;
}

/** Collects every answer and refusal the socket receives. */
function outcomes(socket: Socket): { done: Outcome[]; errors: Outcome[] } {
  const seen = { done: [] as Outcome[], errors: [] as Outcome[] };
  socket.on('chat:done', (event: Outcome) => seen.done.push(event));
  socket.on('chat:error', (event: Outcome) => seen.errors.push(event));
  return seen;
}

async function questionsStored(token: string, session: string): Promise<number> {
  const stored = await t.app.inject({ url: `/api/chat/sessions/${session}`, headers: bearer(token) });
  return (stored.json().data.messages as { role: string }[]).filter((m) => m.role === 'user').length;
}

describe('socket events', () => {
  it('refuse at once the sends beyond the few that may wait for an answer', async () => {
    const { token, session } = await chatPerson(t, ADMINS[nextAdmin++]!);
    const socket = openSocket(base, token);
    await nextEvent(socket, 'connect');
    const seen = outcomes(socket);
    const burst = 12;
    for (let i = 0; i < burst; i++)
      socket.emit('chat:send', { sessionId: session, content: `Question ${i}?` });
    await vi.waitFor(() => expect(seen.done.length + seen.errors.length).toBeGreaterThanOrEqual(burst), {
      timeout: 20_000,
    });
    const crowded = seen.errors.filter((e) => e.error === TOO_MANY_UNANSWERED);
    expect(crowded.length).toBeGreaterThanOrEqual(burst - 3 * MAX_UNANSWERED_SENDS);
    expect(crowded.every((e) => e.status === 429)).toBe(true);
    // Only the questions let through were stored.
    expect(await questionsStored(token, session)).toBe(burst - crowded.length);
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it('close a socket that keeps sending while refused', async () => {
    const { token, session } = await chatPerson(t, ADMINS[nextAdmin++]!);
    const socket = openSocket(base, token);
    await nextEvent(socket, 'connect');
    const seen = outcomes(socket);
    const closed = nextEvent<string>(socket, 'disconnect');
    for (let i = 0; i < 500; i++) socket.emit('chat:send', { sessionId: session, content: `Flood ${i}?` });
    expect(await closed).toBe('io server disconnect');
    expect(seen.errors.length).toBeGreaterThanOrEqual(REFUSALS_BEFORE_DISCONNECT);
    expect(seen.errors.length).toBeLessThan(500);
    expect(await questionsStored(token, session)).toBeLessThanOrEqual(2 * MAX_UNANSWERED_SENDS);
  });

  it('count against the same per-person limit as HTTP requests', async () => {
    const { token, session } = await chatPerson(t, ADMINS[nextAdmin++]!);
    const socket = openSocket(base, token);
    await nextEvent(socket, 'connect');
    const seen = outcomes(socket);
    let answered = 0;
    for (let i = 0; i < REQUESTS_PER_MINUTE; i++) {
      const settled = seen.done.length + seen.errors.length;
      socket.emit('chat:send', { sessionId: session, content: `Question ${i}?` });
      await vi.waitFor(() => expect(seen.done.length + seen.errors.length).toBeGreaterThan(settled), {
        timeout: 10_000,
      });
      if (seen.errors.length === 0) answered += 1;
    }
    // The sign-up's requests came first, so the socket's sends ran out before the loop did.
    expect(answered).toBeLessThan(REQUESTS_PER_MINUTE);
    expect(seen.errors.at(-1)).toMatchObject({ status: 429, sessionId: session });
    const http = await t.app.inject({ url: '/api/auth/profile', headers: bearer(token) });
    expect(http.statusCode).toBe(429);
    socket.close();
    // Connecting again counts too.
    const again = openSocket(base, token);
    expect((await nextEvent<Error>(again, 'connect_error')).message).toMatch(/Too many requests/);
    again.close();
  });

  it('over the daily allowance are refused before anything is written', async () => {
    const { token, session } = await chatPerson(t, ADMINS[nextAdmin++]!);
    // The allowance counts the person's own day (Oslo's here), which is not the UTC date late at night.
    const { usage, day } = (
      await t.app.inject({ url: '/api/subscription/constraints', headers: bearer(token) })
    ).json();
    const { chatMessages } = usage;
    const db = t.app.database.db;
    const userId = (await t.app.auth.findAccountByEmail(ADMINS[nextAdmin - 1]!))!.id;
    await db
      .insertInto('usage_counters')
      .values({
        user_id: userId,
        kind: 'chatMessages',
        day,
        count: chatMessages.limit,
      })
      .execute();
    const inserts = vi.spyOn(db, 'insertInto');
    const updates = vi.spyOn(db, 'updateTable');
    const socket = openSocket(base, token);
    await nextEvent(socket, 'connect');
    const refused = nextEvent<Outcome>(socket, 'chat:error');
    socket.emit('chat:send', { sessionId: session, content: 'One more?' });
    expect(await refused).toMatchObject({
      status: 429,
      error: expect.stringMatching(/daily limit of your plan/),
    });
    const written = [...inserts.mock.calls, ...updates.mock.calls].map((call) => String(call[0]));
    expect(written.filter((table) => table !== 'sessions')).toEqual([]);
    inserts.mockRestore();
    updates.mockRestore();
    expect(await questionsStored(token, session)).toBe(0);
    socket.close();
  });
});
