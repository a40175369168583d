import { describe, expect, it } from 'vitest';
import {
  nextReading,
  novelty,
  type ReadingText,
  readsDifferently,
  sentencesOf,
  similarity,
} from './distinct-readings.ts';

// The measure of "reads differently" (pure: no app needed).

const reading = (headline: string, summary: string, ...readings: string[]): ReadingText => ({
  headline,
  summary,
  readings,
});

const BASE = reading(
  'Friction that sharpens presence: Uranus squares your Ascendant',
  'The strongest thread today is Uranus. The Moon in Cancer turns attention home.',
  'Uranus squares your Ascendant. It was exact on 26 Nov, 18:42 and is now easing off. Use the tension as fuel.',
  '',
);

describe('the sentences of a reading', () => {
  it('are the headline, the summary’s and each reading’s sentences, empty readings left out', () => {
    expect(sentencesOf(BASE)).toHaveLength(6);
    expect([...sentencesOf(reading('A, b!', ''))[0]!.keys()]).toEqual(['a', 'b']);
  });

  it('are the same when equal but for case and punctuation, or reworded by a word', () => {
    const [a, b, c] = sentencesOf(
      reading(
        '',
        'It is building and becomes exact today at 17:47. it is BUILDING, and becomes exact today at 17:47! ' +
          'It is building and becomes exact tomorrow at 17:47.',
      ),
    );
    expect(similarity(a!, b!)).toBe(1);
    expect(similarity(a!, c!)).toBeGreaterThanOrEqual(0.8);
    const [d, e] = sentencesOf(reading('', 'Lean on what comes naturally. Listen to the other side first.'));
    expect(similarity(d!, e!)).toBeLessThan(0.8);
  });
});

describe('reading differently', () => {
  const base = sentencesOf(BASE);
  /** BASE with its first `n` sentences replaced by new ones. */
  const changed = (n: number) =>
    sentencesOf(
      reading(
        n > 0 ? 'Patience pays where hurry costs' : BASE.headline,
        [
          n > 1 ? 'Small kindnesses open closed doors.' : 'The strongest thread today is Uranus.',
          n > 2 ? 'Quiet rooms hold the answers.' : 'The Moon in Cancer turns attention home.',
        ].join(' '),
        [
          n > 3 ? 'Borrowed courage still carries weight.' : 'Uranus squares your Ascendant.',
          n > 4
            ? 'Old friends remember what you forgot.'
            : 'It was exact on 26 Nov, 18:42 and is now easing off.',
          n > 5 ? 'Slow mornings sharpen late decisions.' : 'Use the tension as fuel.',
        ].join(' '),
      ),
    );

  it('needs a clear majority of new sentences: two in three', () => {
    expect(novelty(changed(1), base)).toBeCloseTo(1 / 6);
    expect(readsDifferently(changed(1), [base])).toBe(false);
    expect(readsDifferently(changed(3), [base])).toBe(false);
    expect(novelty(changed(4), base)).toBeCloseTo(4 / 6);
    expect(readsDifferently(changed(4), [base])).toBe(true);
    expect(readsDifferently(changed(6), [base])).toBe(true);
  });

  it('against every reading given that day, not only the last', () => {
    expect(readsDifferently(base, [changed(6)])).toBe(true);
    expect(readsDifferently(base, [base, changed(6)])).toBe(false);
    expect(readsDifferently(changed(6), [base, changed(4)])).toBe(false);
  });
});

describe('the next reading of the day', () => {
  const A = BASE;
  const B = reading(
    'Patience pays',
    'Small kindnesses open doors. Quiet rooms hold the answers.',
    'Letters travel far.',
  );
  const C = reading(
    'Old friends',
    'Tidy corners make room. Borrowed courage carries weight.',
    'Slow mornings.',
  );
  const alike = { ...A, headline: `${A.headline} again` };
  /** Variants 0..4 read A, A (nearly), B, B, C; later ones A again. */
  const compose = (variant: number) => [A, alike, B, B, C][variant] ?? A;

  it('skips variants too like one already given, and replays the day to know what was given', () => {
    expect(nextReading(compose, { variant: 0, text: A })?.variant).toBe(2);
    expect(nextReading(compose, { variant: 2, text: B })?.variant).toBe(4);
    expect(nextReading(compose, { variant: 4, text: C })).toBeNull();
  });

  it('compares with the newest reading as it was stored', () => {
    // Variant 3 stored in C's words (an older library wrote it): B comes next, C is not offered again.
    expect(nextReading(compose, { variant: 2, text: C })?.variant).toBe(3);
    expect(nextReading(compose, { variant: 3, text: C })).toBeNull();
  });
});
