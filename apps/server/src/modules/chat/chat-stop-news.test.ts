import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/harness.ts';
import { nextEvent, openSocket } from '../../testing/sockets.ts';
import { chatPerson } from './testing/chat-person.ts';

// A stop keeps what the person was shown, even when the built-in assistant had already said (and
// stored) all of it; and a conversation renamed or deleted in one tab reaches the person's other
// tabs. The real app, listening, with Socket.IO clients.

const ADMINS = Array.from({ length: 10 }, (_, i) => `stop.${i}@chat.test`);
let nextAdmin = 0;
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: ADMINS } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const person = () => chatPerson(t, ADMINS[nextAdmin++]!);

/** The next `event` on the socket that passes `test`, or a failure after two seconds. */
function heard<T>(socket: Socket, event: string, test: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} heard`)), 2_000);
    const listener = (payload: T) => {
      if (!test(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

async function connected(token: string): Promise<Socket> {
  const socket = openSocket(base, token);
  await nextEvent(socket, 'connect');
  return socket;
}

interface Message {
  id: string;
  content: string;
  stopped: boolean;
}

async function stored(token: string, session: string): Promise<Message[]> {
  return (await t.app.inject({ url: `/api/chat/sessions/${session}`, headers: bearer(token) })).json().data
    .messages;
}

describe('stopping an answer', () => {
  it('over the socket, after the whole answer was said, keeps only what the person was shown', async () => {
    const { token, session } = await person();
    const socket = await connected(token);
    const started = heard<{ userMessage: Message }>(socket, 'chat:started');
    const done = heard<{ message: Message }>(socket, 'chat:done');
    socket.emit('chat:send', { sessionId: session, content: 'What does my Moon sign mean?' });
    const { userMessage } = await started;
    const full = (await done).message.content;
    expect(full.length).toBeGreaterThan(40);

    // The person clicked Stop with the first 25 characters on screen.
    const cut = heard<{ message: Message }>(socket, 'chat:done', (d) => d.message.stopped);
    socket.emit('chat:stop', { sessionId: session, after: userMessage.id, shown: 25 });
    expect((await cut).message).toMatchObject({ content: full.slice(0, 25), stopped: true });
    const messages = await stored(token, session);
    expect(messages.map((m) => [m.content, m.stopped])).toEqual([
      ['What does my Moon sign mean?', false],
      [full.slice(0, 25), true],
    ]);
    socket.close();
  });

  it('over HTTP: the stream names the question first, and the stop call cuts the answer to what was shown', async () => {
    const { token, session } = await person();
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${session}/messages`,
      headers: bearer(token),
      payload: { content: 'What does my chart say about my career?' },
    });
    const first = asked.body.split('\n\n')[0]!;
    expect(first.startsWith('event: started\n')).toBe(true);
    const { userMessage } = JSON.parse(first.slice(first.indexOf('data: ') + 6));
    const stop = (after: string, shown: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/chat/sessions/${session}/stop`,
        headers: bearer(token),
        payload: { after, shown },
      });
    const stopped = await stop(userMessage.id, 10);
    expect(stopped.statusCode, stopped.body).toBe(200);
    const full = (await stored(token, session))[1]!;
    expect(stopped.json().data.message).toMatchObject({ id: full.id, stopped: true });
    expect(full).toMatchObject({ stopped: true });
    expect(full.content).toHaveLength(10);
    // Only the latest answer, to the question named, can be stopped.
    expect((await stop(full.id, 2)).json().data).toBeNull();
    expect((await stored(token, session))[1]!.content).toHaveLength(10);
  });
});

describe('a conversation changed in one tab', () => {
  it('is renamed and deleted in the person’s other tabs, and nobody else hears of it', async () => {
    const { token, session } = await person();
    const other = await connected(token);
    const stranger = await connected((await person()).token);
    const strangerHeard: string[] = [];
    stranger.onAny((event: string) => strangerHeard.push(event));

    const renamed = heard<{ id: string; title: string }>(other, 'chat:renamed');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/chat/sessions/${session}`,
      headers: bearer(token),
      payload: { title: 'About my Moon' },
    });
    expect(await renamed).toMatchObject({ id: session, title: 'About my Moon' });

    const deleted = heard<{ sessionId: string }>(other, 'chat:deleted');
    await t.app.inject({ method: 'DELETE', url: `/api/chat/sessions/${session}`, headers: bearer(token) });
    expect(await deleted).toEqual({ sessionId: session });
    expect(strangerHeard).toEqual([]);
    other.close();
    stranger.close();
  });
});
