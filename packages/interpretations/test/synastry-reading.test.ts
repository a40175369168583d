import { describe, expect, it } from 'vitest';
import { entryAt, library, type Variants } from '../src/library/library.ts';
import { readSynastry, type SynastryFacts } from '../src/synastry-reading.ts';

const FACTS: SynastryFacts = {
  name: 'Alex',
  aspects: [
    { a: 'mars', b: 'venus', kind: 'trine', orb: 0.2 },
    { a: 'sun', b: 'moon', kind: 'conjunction', orb: 1.5 },
    { a: 'trueNode', b: 'saturn', kind: 'square', orb: 2.25 },
    ...['mercury', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'ascendant', 'midheaven', 'venus'].map(
      (b, i) => ({ a: 'moon', b, kind: 'sextile', orb: 3 + i / 10 }),
    ),
  ],
  theirsInYourHouses: [
    { body: 'venus', house: 5 },
    { body: 'trueNode', house: 11 },
  ],
  yoursInTheirHouses: [{ body: 'saturn', house: 7 }],
  timeKnown: { yours: true, theirs: true },
  seed: 'person-1',
};

const variantsOf = (path: string, ...keys: string[]) =>
  (entryAt<Variants>(library(), path, ...keys)?.variants ?? []).map((r) => `${r.about} ${r.feel} ${r.do}`);

describe('the reading of two charts', () => {
  const reading = readSynastry(FACTS);
  const section = (id: string) => reading.sections.find((s) => s.id === id);

  it('reads the ten closest contacts, closest first, each from the entry of the pair whichever side holds which point', () => {
    const contacts = section('contacts')!.entries;
    expect(contacts).toHaveLength(10);
    expect(contacts[0]!.title).toBe('Your Mars trines Alex’s Venus (orb 0°12′)');
    // Your Mars to their Venus is filed under Venus (the first of the pair in the catalogue's order).
    expect(variantsOf('synastry/aspects/venus', 'mars', 'trine')).toContain(contacts[0]!.text);
    expect(variantsOf('synastry/aspects/sun', 'moon', 'conjunction')).toContain(contacts[1]!.text);
    expect(contacts[2]!.title).toBe('Your North Node squares Alex’s Saturn (orb 2°15′)');
    expect(variantsOf('synastry/aspects/saturn', 'node', 'square')).toContain(contacts[2]!.text);
  });

  it('reads a contact between two slow planets after those touching a personal point', () => {
    const read = readSynastry({
      ...FACTS,
      aspects: [{ a: 'neptune', b: 'uranus', kind: 'conjunction', orb: 0.1 }, ...FACTS.aspects],
    });
    const titles = read.sections[0]!.entries.map((e) => e.title);
    expect(titles[0]).toBe('Your Mars trines Alex’s Venus (orb 0°12′)');
    expect(titles).not.toContain('Your Neptune meets Alex’s Uranus (orb 0°06′)');
  });

  it("reads each one's planets in the other's houses", () => {
    expect(section('theirs-in-yours')!.entries.map((e) => e.title)).toEqual([
      'Alex’s Venus in your 5th house (creativity, romance, play and children)',
      'Alex’s North Node in your 11th house (friends, groups and hopes for the future)',
    ]);
    expect(variantsOf('synastry/houses/venus', '5')).toContain(section('theirs-in-yours')!.entries[0]!.text);
    expect(section('yours-in-theirs')!.entries[0]!.title).toBe(
      'Your Saturn in Alex’s 7th house (partnerships, close one-to-one relationships and open rivals)',
    );
    expect(reading.note).toBeNull();
  });

  it('leaves out the houses of a chart without a birth time, and says why', () => {
    const without = readSynastry({
      ...FACTS,
      theirsInYourHouses: [],
      yoursInTheirHouses: [],
      timeKnown: { yours: true, theirs: false },
    });
    expect(without.sections.map((s) => s.id)).toEqual(['contacts']);
    expect(without.note).toMatch(/^Without Alex’s birth time, the Ascendant, the Midheaven and the houses/);
    expect(readSynastry({ ...FACTS, timeKnown: { yours: false, theirs: false } }).note).toMatch(
      /^Without both birth times/,
    );
  });

  it('reads the same for one pair on every visit, and differently for another pair', () => {
    expect(readSynastry(FACTS)).toEqual(reading);
    const texts = (seed: string) =>
      readSynastry({ ...FACTS, seed }).sections.flatMap((s) => s.entries.map((e) => e.text));
    const other = ['person-2', 'person-3', 'person-4'].map(texts);
    expect(other.some((t) => t.some((text, i) => text !== texts('person-1')[i]))).toBe(true);
  });
});
