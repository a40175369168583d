import { noTimeNotes } from '@app/interpretations/assistant/writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/harness.ts';
import { chatPerson } from './testing/chat-person.ts';

// What the answers leave behind: the day's allowance (a clarifying answer is free), the titles the
// first questions give conversations, and the note about an unknown birth time (once per
// conversation). The real app and database, answered by the built-in assistant.

const ADMINS = Array.from({ length: 12 }, (_, i) => `answers.${i}@chat.test`);
let nextAdmin = 0;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: ADMINS } });
});
afterAll(() => t.close());

const person = () => chatPerson(t, ADMINS[nextAdmin++]!);

function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload && { payload }) });
}

/** Asks and answers the stored answer's text. */
async function ask(token: string, session: string, content: string): Promise<string> {
  const answered = await call(token, 'POST', `/chat/sessions/${session}/messages`, { content });
  expect(answered.statusCode, answered.body).toBe(200);
  const done = answered.body.split('\n\n').find((block) => block.startsWith('event: done\n'))!;
  return JSON.parse(done.slice(done.indexOf('data: ') + 6)).message.content;
}

async function newSession(token: string): Promise<string> {
  return (await call(token, 'POST', '/chat/sessions')).json().data.id;
}

const used = async (token: string) => (await call(token, 'GET', '/chat/usage')).json().data.used;

describe('the daily allowance', () => {
  it('does not count an answer that asks the person to say more, and counts the others', async () => {
    const { token, session } = await person();
    expect(await ask(token, session, 'blorp?')).toMatch(/Could you tell me a little more\?/);
    expect(await used(token)).toBe(0);
    const { usage } = (await call(token, 'GET', '/subscription/constraints')).json();
    expect(usage.chatMessages).toMatchObject({ used: 0, remaining: usage.chatMessages.limit });
    await ask(token, session, 'What does my Moon sign mean?');
    expect(await used(token)).toBe(1);
  });
});

describe('the title a first question gives a conversation', () => {
  it('names the topic, and stays distinct among the person’s conversations', async () => {
    const { token, session } = await person();
    const titleAfter = async (question: string, id?: string) => {
      const target = id ?? (await newSession(token));
      await ask(token, target, question);
      return (await call(token, 'GET', `/chat/sessions/${target}`)).json().data.title;
    };
    expect(await titleAfter('What does my Moon sign mean?', session)).toBe('Moon sign and emotions');
    expect(await titleAfter('What does my Moon sign mean?')).toBe('Moon sign and emotions (2)');
    expect(await titleAfter('Tell me about my moon please')).toBe('Moon sign and emotions (3)');
    expect(await titleAfter('What does my chart say about my career?')).toBe('Career and vocation');
    expect(await titleAfter('What is in my 10th house?')).toBe('10th house: career and reputation');
    expect(await titleAfter('Which transits should I know about this week?')).toBe('Transits this week');
    expect(await titleAfter('What about love?')).toBe('Love and relationships');
    // A conversation named by hand keeps its name.
    const named = await newSession(token);
    await call(token, 'PATCH', `/chat/sessions/${named}`, { title: 'Mine' });
    expect(await titleAfter('What does my Moon sign mean?', named)).toBe('Mine');
    const titles = (await call(token, 'GET', '/chat/sessions'))
      .json()
      .data.map((s: { title: string }) => s.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) expect(title).not.toMatch(/…$/);
  });
});

describe('an unknown birth time', () => {
  it('is explained in the first answer of a conversation that needs it, not again', async () => {
    const { token } = await person();
    const saved = await call(token, 'PUT', '/birth-data/update', {
      name: 'Ada',
      date: '1990-04-21',
      timeUnknown: true,
      city: 'Oslo',
      country: 'Norway',
      latitude: 59.91,
      longitude: 10.75,
      timeZone: 'Europe/Oslo',
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    // The note has several wordings (library/assistant/phrasings.yaml, noTime): count any of them.
    const notes = (answer: string) => noTimeNotes().filter((n) => answer.includes(n)).length;
    const first = await newSession(token);
    expect(notes(await ask(token, first, 'What does my Moon sign mean?'))).toBe(1);
    expect(notes(await ask(token, first, 'Tell me about my Venus'))).toBe(0);
    expect(notes(await ask(token, first, 'What about love?'))).toBe(0);
    // A new conversation says it again, once.
    const second = await newSession(token);
    expect(notes(await ask(token, second, 'What about love?'))).toBe(1);
    expect(notes(await ask(token, second, 'What does my chart say about my career?'))).toBe(0);
  });
});
