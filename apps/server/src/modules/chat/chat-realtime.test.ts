import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeChatCompletions, startFakeChatCompletions } from '../../testing/fake-chat-completions.ts';
import {
  bearer,
  createTestApp,
  register,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  type TestApp,
} from '../../testing/harness.ts';
import { nextEvent, openSocket } from '../../testing/sockets.ts';
import { chatPerson } from './testing/chat-person.ts';

// The chat over Socket.IO, and the OpenAI-compatible provider against a local server that speaks
// the chat-completions protocol (streaming), including its failures.

const ADMINS = Array.from({ length: 30 }, (_, i) => `socket.${i}@chat.test`);
let nextAdmin = 0;

let llm: FakeChatCompletions;

beforeAll(async () => {
  llm = await startFakeChatCompletions();
});
afterAll(() => llm.close());

async function start(
  withLlm: boolean,
  extra: Partial<TestApp['config']> = {},
): Promise<{ t: TestApp; base: string }> {
  const t = await createTestApp({
    config: {
      ...extra,
      adminEmails: ADMINS,
      ...(withLlm && {
        assistant: {
          provider: 'openai' as const,
          openai: {
            baseUrl: llm.url,
            apiKey: 'test-key',
            model: 'test',
            timeoutMs: 2000,
            idleMs: 300,
            maxRetries: 0,
          },
        },
      }),
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

const subscriber = (t: TestApp) => chatPerson(t, ADMINS[nextAdmin++]!);

describe('chat over the socket', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    ({ t, base } = await start(false));
  });
  afterAll(() => t.close());

  it('refuses a handshake without a valid token', async () => {
    const socket = openSocket(base);
    const error = await nextEvent<Error>(socket, 'connect_error');
    expect(error.message).toMatch(/Authentication required/);
    socket.close();
    const forged = openSocket(base, 'not-a-token');
    expect((await nextEvent<Error>(forged, 'connect_error')).message).toMatch(/Authentication required/);
    forged.close();
  });

  it('lets any signed-in person connect, and refuses the chat to one who may not use it', async () => {
    const { token } = await register(t.app);
    const socket = openSocket(base, token);
    await nextEvent(socket, 'connect');
    const refused = nextEvent<{ status: number; code: string }>(socket, 'chat:error');
    socket.emit('chat:send', { sessionId: randomUUID(), content: 'Hello?' });
    expect(await refused).toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED' });
    socket.close();
  });

  it('streams deltas and a done event, stores the answer, and disconnects a revoked session', async () => {
    const { token, session } = await subscriber(t);
    const socket = openSocket(base, token);
    await nextEvent(socket, 'connect');
    const deltas: string[] = [];
    socket.on('chat:delta', (d: { text: string }) => deltas.push(d.text));
    const done = nextEvent<{ message: { content: string; facts: unknown[] } }>(socket, 'chat:done');
    socket.emit('chat:send', { sessionId: session, content: 'What does my Moon sign mean?' });
    const { message } = await done;
    expect(deltas.length).toBeGreaterThan(1);
    expect(message.content).toBe(deltas.join(''));
    expect(message.facts.length).toBeGreaterThan(0);
    const stored = (
      await t.app.inject({ url: `/api/chat/sessions/${session}`, headers: bearer(token) })
    ).json().data;
    expect(stored.messages).toHaveLength(2);

    const bad = nextEvent<{ status: number }>(socket, 'chat:error');
    socket.emit('chat:send', { sessionId: session, content: '   ' });
    expect((await bad).status).toBe(422);

    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    const gone = nextEvent(socket, 'disconnect');
    socket.emit('chat:send', { sessionId: session, content: 'Still there?' });
    await gone;
    expect(socket.connected).toBe(false);
  });
});

describe('an answer given over HTTP', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    ({ t, base } = await start(false));
  });
  afterAll(() => t.close());

  async function askOver(app: FastifyInstance, token: string, session: string) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${session}/messages`,
      headers: bearer(token),
      payload: { content: 'What does my Sun sign mean?' },
    });
    expect(response.statusCode).toBe(200);
  }

  it("reaches the person's open sockets as chat:done (another tab sees it)", async () => {
    const { token, session } = await subscriber(t);
    const socket = openSocket(base, token);
    await nextEvent(socket, 'connect');
    const done = nextEvent<{ sessionId: string; message: { role: string } }>(socket, 'chat:done');
    await askOver(t.app, token, session);
    expect(await done).toMatchObject({ sessionId: session, message: { role: 'assistant' } });
    socket.close();
  });

  // Several processes share PostgreSQL, and the realtime adapter carries the news between them.
  // On SQLite the server runs as one process, which the test above covers.
  if (TEST_DATABASE_URL)
    it('reaches a socket held by another server process on the same database', async () => {
      const { token, session } = await subscriber(t);
      const socket = openSocket(base, token);
      await nextEvent(socket, 'connect');
      const done = nextEvent<{ sessionId: string }>(socket, 'chat:done');
      const other = await t.startAnotherServer();
      await askOver(other, token, session);
      expect(await done).toMatchObject({ sessionId: session });
      socket.close();
    });
});

// With REDIS_URL (on either database) the Redis adapter carries the news between processes.
if (TEST_REDIS_URL) {
  const redisUrl = TEST_REDIS_URL;
  describe('with Redis', () => {
    it('an answer given by one server process reaches a socket held by another', async () => {
      const { t, base } = await start(false, {
        redis: { url: redisUrl, keyPrefix: `test-${randomBytes(4).toString('hex')}` },
      });
      try {
        const { token, session } = await subscriber(t);
        const socket = openSocket(base, token);
        await nextEvent(socket, 'connect');
        const done = nextEvent<{ sessionId: string }>(socket, 'chat:done');
        const other = await t.startAnotherServer();
        const asked = await other.inject({
          method: 'POST',
          url: `/api/chat/sessions/${session}/messages`,
          headers: bearer(token),
          payload: { content: 'What does my Moon sign mean?' },
        });
        expect(asked.statusCode).toBe(200);
        expect(await done).toMatchObject({ sessionId: session });
        socket.close();
      } finally {
        await t.close();
      }
    });
  });
}

describe('an OpenAI-compatible provider', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    ({ t, base } = await start(true));
  });
  afterAll(() => t.close());

  async function ask(token: string, session: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${session}/messages`,
      headers: bearer(token),
      payload: { content: 'What does my Moon sign mean?' },
    });
    const done = response.body.split('\n\n').find((b) => b.startsWith('event: done'))!;
    return JSON.parse(done.slice(done.indexOf('data: ') + 6)).message as {
      content: string;
      provider: string;
      fallback: boolean;
      stopped: boolean;
    };
  }

  it('streams the model’s tokens with the chart facts given as context', async () => {
    llm.mode = 'stream';
    const { token, session } = await subscriber(t);
    expect(await ask(token, session)).toMatchObject({
      content: 'Your chart speaks.',
      provider: 'openai',
      fallback: false,
    });
  });

  it('falls back to the built-in assistant when the provider fails or stalls, and says so', async () => {
    const { token, session } = await subscriber(t);
    llm.mode = 'fail';
    const failed = await ask(token, session);
    expect(failed).toMatchObject({ provider: 'openai', fallback: true });
    expect(failed.content).toMatch(/Moon in/);
    llm.mode = 'stall';
    const stalled = await ask(token, session);
    expect(stalled.fallback).toBe(true);
    expect(stalled.content.startsWith('Your ')).toBe(true);
    expect(stalled.content).toMatch(/built-in assistant/);
  });

  it('a connection cut mid-stream keeps what was said and the built-in assistant finishes, saying so', async () => {
    const { token, session } = await subscriber(t);
    llm.mode = 'cut';
    const cut = await ask(token, session);
    expect(cut).toMatchObject({ provider: 'openai', fallback: true, stopped: false });
    expect(cut.content.startsWith('Your chart \n\n_The assistant service stopped answering')).toBe(true);
    expect(cut.content).toMatch(/Moon in/);
  });

  it('stops an answer on chat:stop and stores what was said, marked stopped', async () => {
    llm.mode = 'slow';
    const { token, session } = await subscriber(t);
    const socket = openSocket(base, token);
    await nextEvent(socket, 'connect');
    socket.once('chat:delta', () => socket.emit('chat:stop', { sessionId: session }));
    const done = nextEvent<{ message: { content: string; stopped: boolean } }>(socket, 'chat:done');
    socket.emit('chat:send', { sessionId: session, content: 'Tell me everything' });
    const { message } = await done;
    expect(message.stopped).toBe(true);
    expect(message.content.length).toBeGreaterThan(0);
    expect(message.content).not.toContain('word39');
    socket.close();
  });
});

describe('a draining server (SIGTERM)', () => {
  it('finishes the answers being streamed, over the socket and as events, then cuts the socket for a reconnect', async () => {
    llm.mode = 'slow';
    const { t, base } = await start(true);
    try {
      const { token, session } = await subscriber(t);
      const other = await t.app.inject({ method: 'POST', url: '/api/chat/sessions', headers: bearer(token) });
      const socket = openSocket(base, token);
      await nextEvent(socket, 'connect');
      const done = nextEvent<{ message: { content: string; stopped: boolean } }>(socket, 'chat:done');
      const cut = nextEvent<string>(socket, 'disconnect');
      const started = nextEvent(socket, 'chat:delta');
      socket.emit('chat:send', { sessionId: session, content: 'Tell me everything' });
      const events = fetch(`${base}/api/chat/sessions/${other.json().data.id}/messages`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'And my Sun?' }),
      });
      await started;
      const drained = t.app.shutdown.drain(50);
      expect((await fetch(`${base}/api/ready`)).status).toBe(503);

      const { message } = await done;
      expect(message).toMatchObject({ stopped: false });
      expect(message.content).toContain('word39');
      const streamed = await (await events).text();
      expect(streamed).toContain('event: done');
      expect(streamed).toContain('word39');
      // Cut below Socket.IO ("transport close"): the client reconnects, as it would not after
      // a server-side disconnect ("io server disconnect").
      expect(await cut).toBe('transport close');
      await drained;
    } finally {
      await t.close();
    }
  });
});
