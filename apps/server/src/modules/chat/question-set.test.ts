import { SIGNS } from '@app/interpretations/knowledge';
import { describe, expect, it } from 'vitest';
import { ASKED } from '../../../../../packages/interpretations/test/assistant-questions.ts';
import { UNSEEN } from '../../../../../packages/interpretations/test/assistant-questions-unseen.ts';
import { type AnsweredQuestion, answerOne } from './testing/question-set.ts';

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
      expect(text).toMatch(/^I can't/);
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
        expect(text).toMatch(retro ? /^Yes, / : /^No, /);
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
  const answers = set.map((a, i) => answerOne(i, a.q, a.after));

  it('answers at least 95 % without asking for more', () => {
    const fallback = answers.filter((a) => !a.answer.understood);
    expect(fallback.length / answers.length).toBeLessThanOrEqual(0.05);
  });

  it('says nothing the claim checker would correct', () => {
    expect(answers.filter((a) => a.corrections > 0).map((a) => a.q)).toEqual([]);
  });

  it.each(answers.map((a) => [a.q, a] as const))('%s: names the facts its kind calls for', (_q, a) => {
    expect(a.answer.paragraphs.length).toBeGreaterThan(0);
    expectFacts(a);
  });
});
