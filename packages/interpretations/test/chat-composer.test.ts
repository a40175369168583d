import { describe, expect, it } from 'vitest';
import { questionOf } from '../src/assistant/compose.ts';
import { type ChatFacts, composeAnswer, factsNeeded } from '../src/chat-composer.ts';

const facts = (over: Partial<ChatFacts> = {}): ChatFacts => ({
  now: '2026-11-24T09:00:00.000Z',
  timeKnown: true,
  zone: 'Europe/Oslo',
  placements: [
    { body: 'sun', sign: 'aries', house: 12, retrograde: false },
    { body: 'moon', sign: 'capricorn', house: 10, retrograde: false },
  ],
  ascendant: 'taurus',
  midheaven: 'capricorn',
  aspects: [],
  today: [],
  upcoming: [
    { body: 'saturn', point: 'moon', kind: 'square', exactAt: '2026-11-27T12:00:00.000Z', applying: true },
    { body: 'jupiter', point: 'sun', kind: 'trine', exactAt: '2026-11-26T12:00:00.000Z', applying: true },
    { body: 'mars', point: 'moon', kind: 'conjunction', exactAt: '2026-12-15T12:00:00.000Z', applying: true },
  ],
  memories: [],
  ...over,
});

describe('a question about one planet over a period', () => {
  it('is understood as that planet within the window, and gathers the coming transits', () => {
    const question = 'What does my Moon in Capricorn mean for my week?';
    const f = facts();
    expect(questionOf(question, f)).toMatchObject({
      kind: 'transits',
      body: 'moon',
      window: { label: 'this week' },
    });
    expect(factsNeeded(question, f)).toMatchObject({ upcoming: true, window: null });
    expect(questionOf('Which transits should I know about this week?', f)).toMatchObject({
      kind: 'transits',
      window: { label: 'this week' },
    });
    expect(questionOf('What does my Moon sign mean?', f)).toEqual({
      kind: 'chart',
      fact: 'placement',
      body: 'moon',
    });
  });

  it('answers with only the transits that touch it in the window, each with its day', () => {
    const answer = composeAnswer('What does my Moon in Capricorn mean for my week?', facts());
    const text = answer.paragraphs.join('\n');
    expect(text).toMatch(/this week/i);
    expect(text).toContain('**Saturn squares your Moon (exact 27 November).**');
    // Jupiter touches the Sun, not the Moon; Mars's conjunction is three weeks away.
    expect(text).not.toContain('Jupiter');
    expect(text).not.toContain('Mars');
    expect(answer.facts.map((f) => f.kind)).toEqual(['transit']);
  });

  it('says so when nothing touches that planet in the window', () => {
    const answer = composeAnswer('How will my Moon feel this week?', facts({ upcoming: [] }));
    expect(answer.paragraphs[0]).toContain('this week');
    expect(answer.paragraphs.join('\n')).toContain('Capricorn in the 10th house.');
  });
});
