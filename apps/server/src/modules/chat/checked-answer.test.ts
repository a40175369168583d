import type { ClaimFacts } from '@app/interpretations/claims/claim-facts';
import { describe, expect, it } from 'vitest';
import { checkedPieces, type FoundCorrection } from './checked-answer.ts';

// The answer's pieces, gathered into sentences and checked before they are given: what reaches
// the person, what is recorded, and what a stop or a broken stream leaves.

const FACTS: ClaimFacts = {
  now: '2026-11-27T12:00:00.000Z',
  zone: 'Europe/Oslo',
  timeKnown: true,
  placements: [
    { body: 'sun', sign: 'taurus', house: 9, retrograde: false },
    { body: 'moon', sign: 'pisces', house: 7, retrograde: false },
    { body: 'mars', sign: 'pisces', house: 6, retrograde: false },
    { body: 'jupiter', sign: 'cancer', house: 11, retrograde: false },
  ],
  ascendant: 'virgo',
  midheaven: 'taurus',
  aspects: [{ a: 'mars', b: 'jupiter', kind: 'trine', orb: 1.2 }],
  sky: [],
  transits: [],
};

/** `text` in pieces of `size` characters, as a model's tokens cut words anywhere. */
async function* piecesOf(text: string, size = 5, fail?: Error): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
  if (fail) throw fail;
}

async function run(pieces: AsyncIterable<string>, stopAfter = Number.POSITIVE_INFINITY) {
  const found: FoundCorrection[] = [];
  const given: string[] = [];
  let stopped = false;
  let error: unknown;
  try {
    for await (const piece of checkedPieces(
      pieces,
      FACTS,
      (c) => found.push(c),
      () => stopped,
    )) {
      given.push(piece);
      if (given.length >= stopAfter) stopped = true;
    }
  } catch (e) {
    error = e;
  }
  return { text: given.join(''), given, found, error };
}

describe('checked pieces', () => {
  it('gives whole sentences, true ones as they were and false ones corrected or left out', async () => {
    const { text, given, found } = await run(
      piecesOf('Your Sun is in Taurus. Your Moon is in Leo. Mars squares Jupiter in your chart. Be gentle.'),
    );
    expect(given[0]).toBe('Your Sun is in Taurus. ');
    expect(text).not.toMatch(/Leo|squares/);
    expect(text).toContain('Your Sun is in Taurus. ');
    expect(text).toMatch(/Be gentle\.$/);
    expect(found).toHaveLength(2);
    expect(found[0]?.said).toMatch(/Moon is in Leo/);
    expect(found[0]?.chart).toMatch(/Pisces/);
    expect(found[1]?.said).toMatch(/Mars squares Jupiter/);
    expect(found[1]?.chart).toMatch(/trine/);
    // A false aspect cannot be mended in place: its sentence goes.
    expect(found[1]?.kind).toBe('dropped');
    for (const c of found) expect(text.includes(c.said)).toBe(false);
  });

  it('keeps the line break of a dropped line, so the next line does not run into the one before', async () => {
    const { text } = await run(
      piecesOf('Two things:\n- Mars squares Jupiter in your chart.\n- Your Sun is in Taurus.\n'),
    );
    expect(text).toBe('Two things:\n- Your Sun is in Taurus.\n');
  });

  it('ends at a stop without giving (or recording) what was not shown', async () => {
    const { text, found } = await run(piecesOf('Your Sun is in Taurus. Your Moon is in Leo. Still more'), 1);
    expect(text).toBe('Your Sun is in Taurus. ');
    expect(found).toEqual([]);
  });

  it('gives what was said before the stream broke, checked, then passes the failure on', async () => {
    const broken = new Error('connection reset');
    const { text, error } = await run(piecesOf('Your Sun is in Taurus. Your Moon is in', 4, broken));
    expect(error).toBe(broken);
    expect(text).toBe('Your Sun is in Taurus. Your Moon is in');
  });
});
