import { describe, expect, it } from 'vitest';
import { type ChatFacts, composeAnswer, needsUpcoming, recognise } from '../src/chat-composer.ts';

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
  it('is recognised as that planet within the period, and gathers the coming transits', () => {
    const question = 'What does my Moon in Capricorn mean for my week?';
    expect(recognise(question)).toEqual({ kind: 'transits', period: 'week', body: 'moon' });
    expect(needsUpcoming(question)).toBe(true);
    expect(recognise('Which transits should I know about this week?')).toEqual({
      kind: 'transits',
      period: 'week',
    });
    expect(recognise('What does my Moon sign mean?')).toEqual({ kind: 'body', body: 'moon' });
  });

  it('answers with the placement and only the transits that touch it in the period', () => {
    const answer = composeAnswer('What does my Moon in Capricorn mean for my week?', facts());
    const text = answer.paragraphs.join('\n');
    expect(text).toContain('Moon in Capricorn in the 10th house');
    expect(text).toContain('What touches your Moon this week:');
    expect(text).toContain('Saturn');
    // Jupiter touches the Sun, not the Moon; Mars's conjunction is three weeks away.
    expect(text).not.toContain('Jupiter');
    expect(text).not.toContain('Mars');
    expect(answer.facts.map((f) => f.kind)).toEqual(['placement', 'transit']);
  });

  it('says so when nothing touches that planet in the period', () => {
    const answer = composeAnswer('How will my Moon feel this week?', facts({ upcoming: [] }));
    expect(answer.paragraphs.join('\n')).toContain(
      'No slow planet makes an exact aspect to your Moon this week',
    );
  });

  it('writes each transit line with a verb that fits a list of themes', () => {
    const text = composeAnswer('Which transits should I know about this week?', facts()).paragraphs.join(
      '\n',
    );
    expect(text).toMatch(/: it brings .+ to your /);
  });
});
