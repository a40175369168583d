import type { NatalChart } from '@app/contracts/chart.ts';
import { describe, expect, it } from 'vitest';
import { useBirthDataApp } from './testing/birth-data-app.ts';

// The reading that comes with the natal chart: its sections are chosen by the chart itself.

const birth = useBirthDataApp();
const { save, chart, paidUser, withPlace } = birth;

interface Entry {
  id: string;
  title: string;
  text: string;
}
interface Reading {
  sections: { id: string; title: string; entries: Entry[] }[];
  note: string | null;
}
const SIGN = (sign: string) => sign.charAt(0).toUpperCase() + sign.slice(1);

describe('the reading of the natal chart', () => {
  it('reads the big three, the emphasis, every placement, the tightest aspects and the ruler of this chart', async () => {
    const token = await paidUser();
    await save(token, withPlace());
    const { chart: natal, reading } = (await chart(token)).json() as { chart: NatalChart; reading: Reading };
    expect(reading.note).toBeNull();
    expect(reading.sections.map((s) => s.id)).toEqual([
      'big-three',
      'emphasis',
      'placements',
      'aspects',
      'ruler',
    ]);
    const entries = reading.sections.flatMap((s) => s.entries);
    // Every library entry says what it is about, how it may feel and what to do (a crowded house is one line of our own).
    for (const entry of entries.filter((e) => !e.id.endsWith('-full')))
      expect(entry.text.split(/(?<=[.!?]) /).length, entry.id).toBeGreaterThanOrEqual(3);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);

    const body = (id: string) => natal.bodies.find((b) => b.id === id)!;
    const bigThree = reading.sections[0]!.entries.map((e) => e.title);
    expect(bigThree).toEqual([
      `Sun in ${SIGN(body('sun').sign)}`,
      `Moon in ${SIGN(body('moon').sign)}`,
      `Ascendant in ${SIGN(natal.angles!.ascendant.sign)}`,
    ]);
    const venus = reading.sections[2]!.entries.find((e) => e.id === 'placement-venus')!;
    expect(venus.title).toContain(`${SIGN(body('venus').sign)}, ${body('venus').house}`);

    // The tightest major aspects, tightest first, each of this chart.
    const aspects = reading.sections[3]!.entries;
    expect(aspects.length).toBeGreaterThan(0);
    const orbs = aspects.map((e) => {
      const [, d, m] = e.title.match(/orb (\d+)°(\d+)′/)!;
      return Number(d) * 60 + Number(m);
    });
    expect(orbs).toEqual([...orbs].sort((a, b) => a - b));
    for (const entry of aspects) {
      const [, a, b, kind] = entry.id.match(/^aspect-(\w+)-(\w+)-(\w+)$/)!;
      expect(
        natal.aspects.some((x) => x.kind === kind && ((x.a === a && x.b === b) || (x.a === b && x.b === a))),
        entry.id,
      ).toBe(true);
    }
    const ruler = reading.sections[4]!.entries[0]!;
    expect(ruler.title.toLowerCase()).toContain(natal.chartRuler!.modern);

    // Empty houses are those with none of the ten planets.
    const occupied = new Set(
      natal.bodies.filter((b) => !['meanNode', 'trueNode', 'lilith'].includes(b.id)).map((b) => b.house),
    );
    const empty = reading.sections[1]!.entries.filter((e) => e.id.endsWith('-empty')).map((e) =>
      Number(e.id.split('-')[1]),
    );
    expect(empty).toEqual([...Array(12).keys()].map((i) => i + 1).filter((h) => !occupied.has(h)));
  });

  it('leaves out every house, angle and the ruler without a birth time, and says why', async () => {
    const token = await paidUser();
    await save(token, { ...withPlace(), timeUnknown: true });
    const { reading } = (await chart(token)).json() as { reading: Reading };
    expect(reading.note).toMatch(/birth time is not known/);
    expect(reading.sections.map((s) => s.id)).not.toContain('ruler');
    const text = reading.sections.flatMap((s) => s.entries.map((e) => `${e.title} ${e.id}`)).join(' ');
    expect(text).not.toMatch(/house|ascendant|midheaven|ruler/i);
    const words = reading.sections.flatMap((s) => s.entries.map((e) => e.text)).join(' ');
    expect(words).not.toMatch(
      /\b(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth) house\b/i,
    );
  });
});
