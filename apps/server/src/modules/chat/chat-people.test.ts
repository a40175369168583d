import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/harness.ts';
import { chatPerson } from './testing/chat-person.ts';

// Questions about someone in the person's life, answered by the built-in assistant from the
// comparison of the two charts: the same contacts the comparison page shows, and each chart's
// transits in a window the question names. The real app and database.

const ADMINS = Array.from({ length: 4 }, (_, i) => `people.${i}@chat.test`);
let nextAdmin = 0;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: ADMINS } });
});
afterAll(() => t.close());

function call(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload && { payload }) });
}

async function ask(token: string, session: string, content: string) {
  const answered = await call(token, 'POST', `/chat/sessions/${session}/messages`, { content });
  expect(answered.statusCode, answered.body).toBe(200);
  const done = answered.body.split('\n\n').find((block) => block.startsWith('event: done\n'))!;
  return JSON.parse(done.slice(done.indexOf('data: ') + 6)).message as {
    content: string;
    corrections: unknown;
  };
}

const grace = {
  name: 'Grace Hopper',
  relation: 'partner',
  date: '1985-12-09',
  time: '07:15',
  city: 'Oslo',
  country: 'Norway',
  latitude: 59.91,
  longitude: 10.75,
  timeZone: 'Europe/Oslo',
};

describe('questions about someone in your life', () => {
  it('answers compatibility with a person, by name or relation, from the contacts of the comparison', async () => {
    const { token, session } = await chatPerson(t, ADMINS[nextAdmin++]!);
    const id = (await call(token, 'POST', '/people', grace)).json().data.id;
    const synastry = (await call(token, 'GET', `/people/${id}/synastry`)).json().data;
    // The closest contact that touches a personal point (two slow planets' contacts come last).
    const slow = ['uranus', 'neptune', 'pluto'];
    const closest = synastry.aspects.find(
      (x: { a: string; b: string }) => !(slow.includes(x.a) && slow.includes(x.b)),
    );
    const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
    const name = (id: string) => (id === 'trueNode' ? 'North Node' : cap(id));
    for (const question of [
      'How compatible am I with Grace?',
      'what do my chart and my partner’s say about us',
      'me and grace hopper??',
    ]) {
      const answer = await ask(token, session, question);
      expect(answer.content, question).toContain('Grace');
      expect(answer.content, question).toContain(`Your ${name(closest.a)}`);
      expect(answer.content, question).toContain(`Grace Hopper’s ${name(closest.b)}`);
      expect(answer.corrections ?? [], question).toEqual([]);
    }
  });

  it('answers a window about the two of them with each chart’s transits in it', async () => {
    const { token, session } = await chatPerson(t, ADMINS[nextAdmin++]!);
    await call(token, 'POST', '/people', grace);
    const answer = await ask(token, session, 'What about Grace and me this month?');
    expect(answer.content).toMatch(/\*\*This month\*\*/);
    expect(answer.content).toMatch(/(your|Grace Hopper’s) [A-Z]\w+ \(exact \d{1,2} [A-Z][a-z]+\)/);
  });

  it('answers as before when no one in the question is known', async () => {
    const { token, session } = await chatPerson(t, ADMINS[nextAdmin++]!);
    await call(token, 'POST', '/people', grace);
    const answer = await ask(token, session, 'What does my Moon sign mean?');
    expect(answer.content).not.toContain('Grace');
  });
});
