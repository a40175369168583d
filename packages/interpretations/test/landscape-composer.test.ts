import { describe, expect, it } from 'vitest';
import {
  composeLandscape,
  type LandscapeFacts,
  type LandscapeText,
  transitEntryOf,
} from '../src/landscape-composer.ts';
import { frameOf, sentencesOf } from '../src/library/frames.ts';

const saturnSquareSun = {
  body: 'saturn',
  point: 'sun',
  kind: 'square',
  applying: true,
  enters: '2026-11-10T08:00:00.000Z',
  exactAt: '2026-11-25T05:24:00.000Z',
  leaves: '2027-01-14T12:00:00.000Z',
  pointSign: 'taurus',
  pointHouse: 7,
  bodyHouse: 4,
};
const venusTrineAscendant = {
  body: 'venus',
  point: 'ascendant',
  kind: 'trine',
  applying: false,
  enters: '2026-11-22T10:00:00.000Z',
  exactAt: '2026-11-23T10:00:00.000Z',
  leaves: '2026-11-25T01:00:00.000Z',
  pointSign: 'leo',
  pointHouse: 1,
  bodyHouse: 5,
};
const moonOppositeMars = {
  body: 'moon',
  point: 'mars',
  kind: 'opposition',
  applying: true,
  exactAt: '2026-11-24T15:02:00.000Z',
  pointSign: 'aries',
  pointHouse: 9,
  bodyHouse: 3,
};

const facts = (over: Partial<LandscapeFacts> = {}): LandscapeFacts => ({
  date: '2026-11-24',
  zone: 'Europe/Oslo',
  variant: 0,
  seed: 'person-1',
  timeKnown: true,
  transits: [saturnSquareSun, venusTrineAscendant],
  moonTransits: [moonOppositeMars],
  moon: {
    sign: 'taurus',
    phase: 'full',
    ingress: { sign: 'gemini', at: '2026-11-24T11:10:00.000Z' },
    voidOfCourse: { start: '2026-11-24T10:09:00.000Z', end: '2026-11-24T11:10:00.000Z' },
  },
  retrograde: ['saturn', 'neptune'],
  stations: [],
  ingresses: [],
  slowHouses: [{ body: 'saturn', house: 4 }],
  ...over,
});

const sentences = (text: LandscapeText) =>
  [text.headline, text.summary, ...text.readings, ...text.moonReadings].flatMap(sentencesOf);
const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('landscape composer', () => {
  it('writes a headline, a summary with a practical close and a reading for every transit and Moon contact', () => {
    const text = composeLandscape(facts());
    expect(text.headline).toMatch(/: Saturn squares your natal Sun$|: Venus trines your Ascendant$/);
    const [threads, close] = text.summary.split('\n\n');
    expect(sentencesOf(threads!).length).toBeGreaterThanOrEqual(4);
    expect(close).toBeTruthy();
    expect(threads).toMatch(/12:10[^.]*Gemini|Gemini[^.]*12:10/);
    expect(threads).toContain('(from 11:09 to 12:10)');
    expect(text.readings).toHaveLength(2);
    expect(text.moonReadings).toHaveLength(1);
    expect(text.moonReadings[0]).toContain('(exact at 16:02)');
    // A slow transit on a quiet day is one sentence of its entry; the others are read in full (less what the summary said).
    expect(sentencesOf(text.readings[0]!).length).toBeGreaterThanOrEqual(1);
    for (const reading of [text.readings[1]!, ...text.moonReadings])
      expect(sentencesOf(reading).length).toBeGreaterThanOrEqual(2);
    expect(text.note).toBeNull();
  });

  it('places a slow transit in its whole span and a fast one in its days', () => {
    const text = composeLandscape(facts());
    expect(text.readings[0]).toContain(
      '(in orb since 10 November, until 14 January 2027; exact on 25 November)',
    );
    expect(text.readings[1]).toContain(
      '(in orb since 22 November, until 25 November; was exact on 23 November)',
    );
  });

  it('reads the words of the library entry for each transit', () => {
    const text = composeLandscape(facts());
    const entry = transitEntryOf(moonOppositeMars)!;
    expect(
      entry.variants.some(
        (v) => text.moonReadings[0]!.includes(v.feel) && text.moonReadings[0]!.includes(v.do),
      ),
    ).toBe(true);
    // On a quiet day of a slow transit: one sentence of its entry, in turn, with its span.
    const saturn = transitEntryOf(saturnSquareSun)!;
    const words = [...saturn.variants.flatMap((v) => [v.about, v.feel, v.do]), ...saturn.building];
    expect(words.some((line) => text.readings[0]!.includes(line.replace(/\.$/, '')))).toBe(true);
  });

  it('never says one sentence frame twice in a day', () => {
    const frames = sentences(composeLandscape(facts())).map(frameOf);
    expect(frames.length - new Set(frames).size).toBe(0);
  });

  it('reads differently on consecutive days and for another person on the same day', () => {
    const today = sentences(composeLandscape(facts()));
    const tomorrow = sentences(composeLandscape(facts({ date: nextDay('2026-11-24') })));
    const other = sentences(composeLandscape(facts({ seed: 'person-2' })));
    const shared = (a: string[], b: string[]) => a.filter((s) => b.includes(s)).length / a.length;
    expect(shared(today, tomorrow)).toBeLessThan(0.4);
    expect(shared(today, other)).toBeLessThan(0.6);
  });

  it('is deterministic for the same facts, and a regeneration reads differently', () => {
    expect(composeLandscape(facts())).toEqual(composeLandscape(facts()));
    const first = sentences(composeLandscape(facts()));
    const again = sentences(composeLandscape(facts({ variant: 1 })));
    expect(again.filter((s) => !first.includes(s)).length / again.length).toBeGreaterThanOrEqual(2 / 3);
  });

  it('leaves every house and angle sentence out when the birth time is unknown, and says why', () => {
    const text = composeLandscape(
      facts({
        timeKnown: false,
        transits: [{ ...saturnSquareSun, pointHouse: null, bodyHouse: null }],
        moonTransits: [{ ...moonOppositeMars, pointHouse: null, bodyHouse: null }],
        slowHouses: [],
      }),
    );
    expect(sentences(text).join(' ')).not.toMatch(/\b\d+(st|nd|rd|th) house|Ascendant|Midheaven/);
    expect(text.note).toMatch(/birth time is not known/);
  });

  it('takes the headline from the Moon on a day without transits', () => {
    const text = composeLandscape(facts({ transits: [] }));
    expect(text.headline).toBe('A Taurus Moon day: steady, sensual and patient');
    expect(text.summary).toContain('takes its colour from the Moon');
  });

  it('reads a New or Full Moon in its natal house and a station on a natal point', () => {
    const text = composeLandscape(
      facts({
        lunation: { kind: 'full', at: '2026-11-24T14:53:00.000Z', house: 7 },
        stations: [{ body: 'mercury', turns: 'retrograde', at: '2026-11-24T09:00:00.000Z' }],
        stationContacts: [
          { body: 'mercury', turns: 'retrograde', at: '2026-11-24T09:00:00.000Z', point: 'venus' },
        ],
      }),
    );
    expect(text.summary).toContain('The Full Moon is exact at 15:53.');
    expect(text.summary).not.toContain('turns retrograde today');
  });
});
