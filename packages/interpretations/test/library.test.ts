import { describe, expect, it } from 'vitest';
import { checkLibrary } from '../src/library/check.ts';
import { readLibraryFiles } from '../src/library/library.ts';

const report = checkLibrary(readLibraryFiles());

describe('the interpretation library', () => {
  it('covers every combination of every kind the catalogue lists', () => {
    const short = report.coverage.filter((c) => c.covered < c.possible);
    expect(short.map((c) => `${c.kind}: ${c.covered} / ${c.possible}`)).toEqual([]);
  });

  it('keeps the style guide: every part written, to "you", in length, no ruled-out word, no sentence twice', () => {
    expect(report.problems.slice(0, 20)).toEqual([]);
  });

  it('finds what is wrong with an entry', () => {
    const bad = checkLibrary({
      'natal/empty-house': {
        '1': { about: 'A house.', feel: 'It may feel inevitably doomed.', do: 'Rest.' },
        '2': { about: 'A house.', feel: 'Something', do: 'Do it.' },
      },
    });
    expect(bad.problems).toEqual(
      expect.arrayContaining([
        'natal/empty-house: 1: not written to "you"',
        'natal/empty-house: 1.feel: "\\binevitabl" is ruled out',
        'natal/empty-house: 2.about: the same text as natal/empty-house: 1.about',
        'natal/empty-house: 2.feel: does not end a sentence',
      ]),
    );
    expect(bad.coverage.find((c) => c.kind === 'natal: empty house')).toEqual({
      kind: 'natal: empty house',
      covered: 2,
      possible: 12,
    });
  });
});
