import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeChatCompletions, startFakeChatCompletions } from '../../testing/fake-chat-completions.ts';
import { bearer, createTestApp, passSecondFactor, type TestApp } from '../../testing/harness.ts';
import { nextEvent, openSocket } from '../../testing/sockets.ts';
import { chatPerson } from './testing/chat-person.ts';

// Answers are checked against the person's chart as they stream (decision 0213): a model that
// invents placements has its false statements corrected or left out before anyone sees them, and
// the corrections are kept with the answer. The person of chatPerson (21 April 1990, 14:30, Oslo)
// has the Sun in Taurus, the Moon in Pisces, and Mars trine (not square) Jupiter.

const LIE = 'Your Sun is in Taurus. Your Moon is in Leo. Mars squares Jupiter in your chart.';
const ADMINS = Array.from({ length: 12 }, (_, i) => `claims.${i}@chat.test`);
let nextAdmin = 0;

interface Correction {
  said: string;
  chart: string;
}
interface Answer {
  content: string;
  corrections?: Correction[] | null;
  provider: string | null;
}

let llm: FakeChatCompletions;
beforeAll(async () => {
  llm = await startFakeChatCompletions({ answer: LIE });
});
afterAll(() => llm.close());

/** What the answer still says of each false statement (nothing, or it is not a statement anymore). */
function expectNoLies(text: string): void {
  expect(text).not.toMatch(/Moon is in Leo/);
  expect(text).not.toMatch(/Mars squares Jupiter/);
  expect(text).toContain('Your Sun is in Taurus.');
}

function expectCorrections(corrections: Correction[] | null | undefined): void {
  expect(corrections?.length).toBeGreaterThanOrEqual(2);
  const moon = corrections?.find((c) => /Leo/.test(c.said));
  expect(moon?.chart).toMatch(/Pisces/);
  expect(corrections?.some((c) => /Mars squares Jupiter/.test(c.said))).toBe(true);
  expect(corrections?.some((c) => /Taurus/.test(c.said))).toBe(false);
}

describe('a model that invents placements', () => {
  const logs: string[] = [];
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({
      logStream: { write: (line: string) => void logs.push(line) },
      config: {
        logLevel: 'info',
        adminEmails: ADMINS,
        assistant: {
          provider: 'openai' as const,
          openai: {
            baseUrl: llm.url,
            apiKey: 'test-key',
            model: 'liar-1',
            timeoutMs: 2000,
            idleMs: 1000,
            maxRetries: 0,
          },
        },
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  async function stored(token: string, session: string): Promise<Answer> {
    const detail = (
      await t.app.inject({ url: `/api/chat/sessions/${session}`, headers: bearer(token) })
    ).json();
    return detail.data.messages.at(-1);
  }

  it('streams, stores and returns only checked statements over server-sent events', async () => {
    const { token, session } = await chatPerson(t, ADMINS[nextAdmin++]!);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${session}/messages`,
      headers: bearer(token),
      payload: { content: 'Tell me about my chart, Ziggy-private-words' },
    });
    expect(response.statusCode).toBe(200);
    const blocks = response.body.split('\n\n');
    const streamed = blocks
      .filter((b) => b.startsWith('data: '))
      .map((b) => (JSON.parse(b.slice(6)) as { text: string }).text)
      .join('');
    expectNoLies(streamed);
    const done = blocks.find((b) => b.startsWith('event: done'))!;
    const message = JSON.parse(done.slice(done.indexOf('data: ') + 6)).message as Answer;
    expect(message.provider).toBe('openai');
    expect(message.content).toBe(streamed);
    // The wrong Moon sign is mended in place, the invented aspect left out.
    expect(streamed).toMatch(/Moon is in Pisces/);
    expectCorrections(message.corrections);
    const kept = await stored(token, session);
    expect(kept.content).toBe(streamed);
    expectCorrections(kept.corrections);
    // Each correction is logged with the model and its kind, never with the person's words.
    const logged = logs
      .map((line) => JSON.parse(line) as { msg: string; model?: string; kind?: string })
      .filter((line) => line.msg === 'assistant statement corrected against the chart');
    expect(logged.length).toBeGreaterThanOrEqual(2);
    for (const line of logged) {
      expect(line.model).toBe('liar-1');
      expect(['corrected', 'dropped']).toContain(line.kind);
    }
    expect(logs.some((line) => line.includes('Ziggy-private-words'))).toBe(false);
    // The operators see how often the model is corrected.
    await passSecondFactor(t.app, token);
    const health = (await t.app.inject({ url: '/api/admin/system-health', headers: bearer(token) })).json()
      .data as { assistant: { corrections: { model: string; checked: number; corrected: number }[] } };
    const liar = health.assistant.corrections.find((r) => r.model === 'liar-1');
    expect(liar?.checked).toBeGreaterThanOrEqual(1);
    expect(liar?.corrected).toBeGreaterThanOrEqual(1);
  });

  it('sends the same checked answer over the socket', async () => {
    const { token, session } = await chatPerson(t, ADMINS[nextAdmin++]!);
    const socket = openSocket(base, token);
    await nextEvent(socket, 'connect');
    const deltas: string[] = [];
    socket.on('chat:delta', (d: { text: string }) => deltas.push(d.text));
    const done = nextEvent<{ message: Answer }>(socket, 'chat:done');
    socket.emit('chat:send', { sessionId: session, content: 'Tell me about my chart' });
    const { message } = await done;
    socket.close();
    expectNoLies(deltas.join(''));
    expect(message.content).toBe(deltas.join(''));
    expectCorrections(message.corrections);
    expect((await stored(token, session)).corrections).toEqual(message.corrections);
  });

  it('keeps only the corrections of what the person was shown when they stop', async () => {
    llm.answer = 'Your Sun is in Taurus. Your Moon is in Leo.';
    llm.mode = 'slow';
    try {
      const { token, session } = await chatPerson(t, ADMINS[nextAdmin++]!);
      const socket = openSocket(base, token);
      await nextEvent(socket, 'connect');
      const started = nextEvent<{ userMessage: { id: string } }>(socket, 'chat:started');
      const deltas: string[] = [];
      const two = new Promise<void>((resolve) =>
        socket.on('chat:delta', (d: { text: string }) => {
          if (deltas.push(d.text) === 2) resolve();
        }),
      );
      const done = nextEvent<{ message: Answer & { stopped: boolean } }>(socket, 'chat:done');
      socket.emit('chat:send', { sessionId: session, content: 'Tell me about my chart' });
      const after = (await started).userMessage.id;
      await two;
      // The corrected Moon sentence was sent, but the person's screen had shown only the first.
      expect(deltas).toEqual(['Your Sun is in Taurus. ', 'Your Moon is in Pisces. ']);
      socket.emit('chat:stop', { sessionId: session, after, shown: deltas[0]!.length });
      const { message } = await done;
      socket.close();
      expect(message).toMatchObject({ content: deltas[0], stopped: true });
      expect(message.corrections ?? null).toBeNull();
      expect((await stored(token, session)).corrections ?? null).toBeNull();
    } finally {
      llm.answer = LIE;
      llm.mode = 'stream';
    }
  });

  it('leaves an answer with nothing false as it was, with no corrections', async () => {
    llm.answer = 'Your Sun is in Taurus. Your Moon is in Pisces.';
    try {
      const { token, session } = await chatPerson(t, ADMINS[nextAdmin++]!);
      await t.app.inject({
        method: 'POST',
        url: `/api/chat/sessions/${session}/messages`,
        headers: bearer(token),
        payload: { content: 'Tell me about my chart' },
      });
      const kept = await stored(token, session);
      expect(kept.content).toBe('Your Sun is in Taurus. Your Moon is in Pisces.');
      expect(kept.corrections ?? null).toBeNull();
    } finally {
      llm.answer = LIE;
    }
  });
});

describe('the built-in assistant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { adminEmails: ADMINS } });
  });
  afterAll(() => t.close());

  async function correctionsOf(questions: readonly string[]) {
    const { token, session } = await chatPerson(t, ADMINS[nextAdmin++]!);
    const found: string[] = [];
    for (const content of questions) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/chat/sessions/${session}/messages`,
        headers: bearer(token),
        payload: { content },
      });
      expect(response.statusCode, response.body).toBe(200);
      const done = response.body.split('\n\n').find((b) => b.startsWith('event: done'))!;
      const message = JSON.parse(done.slice(done.indexOf('data: ') + 6)).message as Answer;
      expect(message.content.length).toBeGreaterThan(0);
      if (message.corrections) found.push(`${content}: ${JSON.stringify(message.corrections)}`);
    }
    return found;
  }

  it('never has a statement about the chart corrected', async () => {
    const questions = [
      'What does my birth chart say about me?',
      'What are the most important aspects in my chart?',
      'What does my Moon sign mean?',
      'What does my chart say about my career?',
      'What does my Sun sign mean?',
      'Tell me about my Venus',
      'What about my rising sign and houses?',
      'Which transits should I know about this week?',
    ];
    expect(await correctionsOf(questions)).toEqual([]);
  });

  // Today's transits are listed with the day each was exact, which may be a day or two past
  // ("exact 25 Nov" on the 27th): a date without a year is the nearest one, not next year's.
  it('never has anything corrected over the questions people really ask', async () => {
    // The phrasings paying users asked in the assistant's review, as they asked them.
    const questions = [
      'Is this a good week to ask for a raise?',
      'What is a house in astrology?',
      'What does retrograde mean?',
      'What are my strengths?',
      'Tell me about my family and home.',
      'What is a trine?',
      'How will Saturn affect me this year?',
      'Is Mercury retrograde right now?',
      'What sign is the Moon in today?',
      'Which planet rules my chart?',
      'Which element is strongest in my chart?',
      'What was the Moon phase when I was born?',
      'How compatible am I with a Leo?',
      'I feel anxious today, why?',
      'What does my Venus say about love?',
      'When should I start a new project?',
      'What does my 10th house mean?',
      'Tell me about my Mars',
    ];
    expect(await correctionsOf(questions)).toEqual([]);
  });

  it('never has a statement about today’s transits corrected', async () => {
    const questions = ['Which transits are shaping my days right now?', 'Is Mercury retrograde right now?'];
    expect(await correctionsOf(questions)).toEqual([]);
  });
});
