import { FIXED_STARTERS } from '@app/contracts/chat.ts';
import { SIGNS } from '@app/interpretations/knowledge';
import { transitTitle } from '@app/interpretations/landscape-composer';
import { sentencesOf } from '@app/interpretations/library/frames';
import { describe, expect, it } from 'vitest';
import { ASKED, UNSEEN } from '../../../../../packages/interpretations/test/assistant-questions.ts';
import { starterFor } from '../landscape/plugin.ts';
import { SAYS_NO } from './testing/chat-person.ts';
import { type AnsweredQuestion, answerOne, answerSet, SET_BIRTHS } from './testing/question-set.ts';

// The built-in assistant over the question sets, each question against one of eight fixed charts at
// a fixed moment: understood, answered from the facts the server gathers (no "tell me more" for
// more than 5 %), every statement true to the chart (the claim checker changes nothing), and the
// facts the kind of question calls for named in the answer.

const sign = (id: string | null | undefined) => (id ? (SIGNS[id]?.name ?? id) : '');
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What an answer to this kind of question must name, from the facts it was given. */
function expectFacts(a: AnsweredQuestion): void {
  const { understood: q, text, facts } = a;
  const placement = (body: string) => facts.placements.find((p) => p.body === body);
  switch (q.kind) {
    case 'refuse':
      expect(text).toMatch(SAYS_NO);
      break;
    case 'timing':
      expect(text).toContain(q.window.label);
      expect(text).toMatch(/^(Yes|Partly|It is workable|Nothing in the sky)/);
      break;
    case 'forecast':
      expect(text).toContain(cap(q.body === 'trueNode' ? 'North Node' : q.body));
      expect(text).toContain(q.window.label);
      break;
    case 'topic':
      expect(a.answer.facts.length, 'names a placement of the chart').toBeGreaterThan(0);
      break;
    case 'chart':
      if (q.fact === 'big-three') expect(text).toContain(`Sun in ${sign(placement('sun')?.sign)}`);
      if (q.fact === 'placement' && q.body && placement(q.body))
        expect(text).toContain(sign(placement(q.body)?.sign));
      if (q.fact === 'ruler' && facts.natal?.ruler) expect(text).toContain(cap(facts.natal.ruler));
      if (q.fact === 'moon-phase') expect(text).toContain(facts.natal!.moonPhase!.replace(/-/g, ' '));
      if (q.fact === 'house' && facts.timeKnown)
        expect(text).toMatch(new RegExp(`\\b${q.house}(st|nd|rd|th) house`));
      break;
    case 'sky':
      if (q.fact === 'moon-sign') expect(text).toContain(sign(facts.sky!.moon.sign));
      if (q.fact === 'moon-phase') expect(text).toContain(facts.sky!.moon.phase.replace(/-/g, ' '));
      if (q.fact === 'retrograde' && q.body) {
        const retro = facts.sky!.retrograde.some((r) => r.body === q.body);
        expect(text).toMatch(retro ? /^Yes\b/ : /^No\b/);
      }
      break;
    case 'feeling':
      expect(text).toContain(sign(facts.sky!.moon.sign));
      break;
    case 'compatibility':
      expect(text).toContain(sign(q.sign));
      expect(text).toContain(sign(placement('sun')?.sign));
      break;
    case 'summary':
      expect(text).toContain(`Sun in ${sign(placement('sun')?.sign)}`);
      break;
    default:
      break;
  }
  if (!facts.timeKnown) expect(text).not.toMatch(/\d+(st|nd|rd|th) house|Ascendant in|Midheaven in/);
  expect(text).not.toMatch(/undefined|\{window\}|NaN/);
}

describe.each([
  ['the question set', ASKED],
  ['the set written without seeing the assistant', UNSEEN],
])('%s', (_name, set) => {
  const answers = answerSet(set);

  it('answers at least 95 % without asking for more', () => {
    const fallback = answers.filter((a) => !a.answer.understood);
    expect(fallback.length / answers.length).toBeLessThanOrEqual(0.05);
  });

  it('says no sentence twice in one conversation, lists of facts aside', () => {
    const said = new Map<number, Set<string>>();
    const repeated: string[] = [];
    answers.forEach((a, i) => {
      const before = said.get(i % SET_BIRTHS.length) ?? new Set<string>();
      const sentences = a.answer.paragraphs
        .flatMap((p) => p.split('\n'))
        .flatMap(sentencesOf)
        .filter((s) => !/^(- )?\*\*[^*]+\*\*[.:]?$/.test(s));
      repeated.push(...sentences.filter((s) => before.has(s)));
      for (const s of sentences) before.add(s);
      said.set(i % SET_BIRTHS.length, before);
    });
    expect(repeated).toEqual([]);
  });

  it('says nothing the claim checker would correct', () => {
    expect(answers.filter((a) => a.corrections > 0).map((a) => a.q)).toEqual([]);
  });

  it.each(answers.map((a) => [a.q, a] as const))('%s: names the facts its kind calls for', (_q, a) => {
    expect(a.answer.paragraphs.length).toBeGreaterThan(0);
    expectFacts(a);
  });
});

describe("the chat's starters and the landscape's \u201cAsk about this\u201d questions", () => {
  it.each(FIXED_STARTERS.map((q, i) => [q, i] as const))('%s', (q, i) => {
    const a = answerOne(i, q);
    expect(a.answer.understood).toBe(true);
    expect(a.corrections).toBe(0);
    expect(a.answer.facts.length).toBeGreaterThan(0);
  });

  it("answers each of today's transits asked about by its title, with that transit and its day", () => {
    let asked = 0;
    SET_BIRTHS.slice(0, 12).forEach((_, i) => {
      const probe = answerOne(i, 'hello');
      for (const t of probe.facts.today.slice(0, 3)) {
        const pointSign =
          t.point === 'ascendant'
            ? probe.facts.ascendant
            : t.point === 'midheaven'
              ? probe.facts.midheaven
              : probe.facts.placements.find((p) => p.body === t.point)?.sign;
        const title = transitTitle({
          ...t,
          pointSign: pointSign ?? 'aries',
          pointHouse: null,
          bodyHouse: null,
        });
        const a = answerOne(i, starterFor(title));
        expect(a.understood, title).toMatchObject({ kind: 'transit', body: t.body, aspect: t.kind });
        expect(a.corrections, title).toBe(0);
        expect(
          a.answer.facts.some((f) => f.kind === 'transit'),
          title,
        ).toBe(true);
        asked++;
      }
    });
    expect(asked).toBeGreaterThan(10);
  });
});
