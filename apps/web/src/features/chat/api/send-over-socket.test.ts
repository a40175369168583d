import { EventEmitter } from 'node:events';
import type { ChatMessage } from '@app/contracts/chat.ts';
import { NETWORK_ERROR_MESSAGE } from '@app/contracts/error-catalogue.ts';
import { describe, expect, it } from 'vitest';
import { ChatSendError } from './chat-send-error.ts';
import { type ChatSocketLike, sendOverSocket } from './send-over-socket.ts';

/** A socket whose server side the test plays: it records what the client emits. */
class FakeSocket extends EventEmitter implements ChatSocketLike {
  sent: [string, unknown][] = [];
  override emit(event: string, payload?: unknown): boolean {
    if (event.startsWith('chat:')) {
      this.sent.push([event, payload]);
      return true;
    }
    return super.emit(event, payload);
  }
  /** The server's side: an event arriving at the client. */
  receive(event: string, payload?: unknown) {
    super.emit(event, payload);
  }
}

const message = (role: 'user' | 'assistant', content: string): ChatMessage => ({
  id: `${role}-1`,
  role,
  content,
  facts: [],
  stopped: false,
  provider: 'builtin',
  fallback: false,
  createdAt: '2026-11-24T10:00:00.000Z',
});

describe('sending a question over the realtime socket', () => {
  it('streams its pieces, ignores other conversations, and settles with the stored messages', async () => {
    const socket = new FakeSocket();
    const pieces: string[] = [];
    const answer = sendOverSocket(socket, 's1', 'Hello?', { onText: (text) => pieces.push(text) });
    expect(socket.sent).toEqual([['chat:send', { sessionId: 's1', content: 'Hello?' }]]);
    socket.receive('chat:delta', { sessionId: 's1', text: 'Your ' });
    socket.receive('chat:delta', { sessionId: 'other', text: 'not this' });
    socket.receive('chat:delta', { sessionId: 's1', text: 'Moon.' });
    const done = {
      sessionId: 's1',
      userMessage: message('user', 'Hello?'),
      message: message('assistant', 'Your Moon.'),
    };
    socket.receive('chat:done', { ...done, sessionId: 'other' });
    socket.receive('chat:done', done);
    await expect(answer).resolves.toEqual(done);
    expect(pieces).toEqual(['Your ', 'Moon.']);
    expect(socket.listenerCount('chat:delta')).toBe(0);
  });

  it("rejects with the server's message and status", async () => {
    const socket = new FakeSocket();
    const answer = sendOverSocket(socket, 's1', 'Hi', { onText: () => undefined });
    socket.receive('chat:error', {
      sessionId: 's1',
      status: 429,
      code: 'RATE_LIMITED',
      error: 'Daily limit reached.',
    });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatSendError);
    expect(error).toMatchObject({ message: 'Daily limit reached.', status: 429, code: 'RATE_LIMITED' });
  });

  it('when aborted, asks the server to keep what was shown, and settles with that stored answer', async () => {
    const socket = new FakeSocket();
    const controller = new AbortController();
    const pieces: string[] = [];
    const answer = sendOverSocket(socket, 's1', 'Hi', {
      signal: controller.signal,
      onText: (text) => pieces.push(text),
    });
    const question = { ...message('user', 'Hi'), id: 'q1' };
    socket.receive('chat:started', { sessionId: 's1', userMessage: question });
    socket.receive('chat:delta', { sessionId: 's1', text: 'Part' });
    controller.abort();
    expect(socket.sent.at(-1)).toEqual(['chat:stop', { sessionId: 's1', after: 'q1', shown: 4 }]);
    // What was on its way when the person stopped is not shown, nor the whole answer stored before.
    socket.receive('chat:delta', { sessionId: 's1', text: ' and more' });
    const whole = { sessionId: 's1', userMessage: question, message: message('assistant', 'Part and more') };
    socket.receive('chat:done', whole);
    const cut = { ...whole, message: { ...whole.message, content: 'Part', stopped: true } };
    socket.receive('chat:done', cut);
    await expect(answer).resolves.toEqual(cut);
    expect(pieces).toEqual(['Part']);
  });

  it('rejects as an abort when the stopped answer does not come', async () => {
    const socket = new FakeSocket();
    const controller = new AbortController();
    const answer = sendOverSocket(socket, 's1', 'Hi', { signal: controller.signal, onText: () => undefined });
    controller.abort();
    // Stopped before the question was stored: the answer being prepared is stopped, and once the
    // question is known its answer too (it may have been given meanwhile).
    expect(socket.sent.at(-1)).toEqual(['chat:stop', { sessionId: 's1', shown: 0 }]);
    socket.receive('chat:started', { sessionId: 's1', userMessage: { ...message('user', 'Hi'), id: 'q1' } });
    expect(socket.sent.at(-1)).toEqual(['chat:stop', { sessionId: 's1', shown: 0, after: 'q1' }]);
    socket.receive('chat:error', { sessionId: 's1', status: 404, code: 'NOT_FOUND', error: 'Gone.' });
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('fails with the network message when the connection drops mid-answer', async () => {
    const socket = new FakeSocket();
    const answer = sendOverSocket(socket, 's1', 'Hi', { onText: () => undefined });
    socket.receive('disconnect', 'transport close');
    await expect(answer).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE });
  });
});
