import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SentenceSplitter, splitSentences } from './sentence-splitter.ts';

const ANSWER = [
  '## Your week\n',
  '\n',
  'Your Sun is in Taurus. ',
  'Your Moon is in Aquarius, e.g. you need space! ',
  'Is that true? ',
  'It is 3.5° from exact, near St. Ives. ',
  'Mr. Smith agrees... ',
  'Then "quoted." ',
  'And **bold.** ',
  'And (brackets.) ',
  'Last one\n',
  '\n',
  '1. First item with Venus in Cancer.\n',
  '2. Second item\n',
  '- A bullet. ',
  'With two sentences.\n',
  '* Another bullet\n',
  '> A quote.\n',
  'The end.',
];
const TEXT = ANSWER.join('');

/** Feeds the text in pieces cut at the given points; returns every output with the input length at its arrival. */
function feed(text: string, cuts: number[]): { out: string[]; at: number[] } {
  const s = new SentenceSplitter();
  const out: string[] = [];
  const at: number[] = [];
  let prev = 0;
  for (const c of [...cuts, text.length]) {
    for (const x of s.push(text.slice(prev, c))) {
      out.push(x);
      at.push(c);
    }
    prev = c;
  }
  for (const x of s.flush()) {
    out.push(x);
    at.push(text.length);
  }
  return { out, at };
}

describe('SentenceSplitter', () => {
  it('cuts a Markdown answer into its sentences, lines and list items', () => {
    expect(splitSentences(TEXT)).toEqual(ANSWER);
  });

  it('gives a sentence out as soon as the space or line break after it arrives', () => {
    const s = new SentenceSplitter();
    expect(s.push('Your Sun is in Taurus.')).toEqual([]);
    expect(s.push(' Your Moon')).toEqual(['Your Sun is in Taurus. ']);
    expect(s.push(' is in Aquarius!')).toEqual([]);
    expect(s.push('\n- item')).toEqual(['Your Moon is in Aquarius!\n']);
    expect(s.push(' two\n')).toEqual(['- item two\n']);
    expect(s.flush()).toEqual([]);
  });

  it('does not cut at abbreviations, decimals, initials or list numbers', () => {
    for (const text of [
      'Use e.g. a journal today.',
      'That is i.e. the point.',
      'Orb 3.5° wide.',
      'Visit St. Ives soon.',
      'J. K. Rowling was born with the Sun in Leo.',
      '12. A numbered item',
      'Dr. Who and Mrs. Hudson, etc. agree.',
    ])
      expect(splitSentences(text)).toEqual([text]);
  });

  it('keeps leading and repeated whitespace', () => {
    expect(splitSentences('One.  Two.\n\n\nThree')).toEqual(['One. ', ' Two.\n', '\n', '\n', 'Three']);
    expect(splitSentences('   ')).toEqual(['   ']);
    expect(splitSentences('')).toEqual([]);
  });

  it('reassembles to the input from pieces of any size, and each sentence arrives once it ends', () => {
    const whole = splitSentences(TEXT);
    const ends: number[] = [];
    let pos = 0;
    for (const w of whole) {
      pos += w.length;
      ends.push(pos);
    }
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: TEXT.length - 1 }), { maxLength: 40 }), (raw) => {
        const cuts = [...raw].sort((a, b) => a - b);
        const { out, at } = feed(TEXT, cuts);
        expect(out.join('')).toBe(TEXT);
        expect(out).toEqual(whole);
        // a sentence comes out with the first piece that reaches its end
        out.forEach((_x, i) => {
          const firstCut = [...cuts, TEXT.length].find((c) => c >= ends[i]!)!;
          expect(at[i]).toBe(i === out.length - 1 ? TEXT.length : firstCut);
        });
      }),
    );
  });

  it('reassembles any text, whatever it holds', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', 'B', ' ', '.', '!', '?', '\n', '*', '"', '1', 'e', 'g', '-'),
        }),
        fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 20 }),
        (text, raw) => {
          const cuts = raw.map((c) => Math.min(c, text.length)).sort((a, b) => a - b);
          const { out } = feed(text, cuts);
          expect(out.join('')).toBe(text);
          expect(out.every((x) => x.length > 0)).toBe(true);
          expect(out).toEqual(splitSentences(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is fast on long text without sentence ends', () => {
    const long = 'word '.repeat(20_000);
    const t0 = performance.now();
    const s = new SentenceSplitter();
    for (let i = 0; i < long.length; i += 7) s.push(long.slice(i, i + 7));
    expect(s.flush().join('')).toBe(long);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
