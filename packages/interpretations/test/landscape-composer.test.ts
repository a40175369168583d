import { describe, expect, it } from 'vitest';
import { composeLandscape, type LandscapeFacts } from '../src/landscape-composer.ts';

const facts = (over: Partial<LandscapeFacts> = {}): LandscapeFacts => ({
  date: '2026-11-24',
  zone: 'Europe/Oslo',
  variant: 0,
  timeKnown: true,
  transits: [
    {
      body: 'saturn',
      point: 'sun',
      kind: 'square',
      applying: true,
      exactAt: '2026-11-25T05:24:00.000Z',
      pointSign: 'taurus',
      pointHouse: 7,
      bodyHouse: 4,
    },
    {
      body: 'venus',
      point: 'ascendant',
      kind: 'trine',
      applying: false,
      exactAt: '2026-11-23T10:00:00.000Z',
      pointSign: 'leo',
      pointHouse: 1,
      bodyHouse: 5,
    },
  ],
  moon: {
    sign: 'taurus',
    phase: 'full',
    ingress: { sign: 'gemini', at: '2026-11-24T11:10:00.000Z' },
    voidOfCourse: { start: '2026-11-24T10:09:00.000Z', end: '2026-11-24T11:10:00.000Z' },
  },
  retrograde: ['saturn', 'neptune'],
  stations: [],
  ingresses: [],
  ...over,
});

describe('landscape composer', () => {
  it('writes a headline, a summary paragraph and one reading per transit from the facts', () => {
    const text = composeLandscape(facts());
    expect(text.headline).toBe('Friction that sharpens purpose: Saturn squares your natal Sun');
    expect(text.summary).toContain('Saturn squares your natal Sun in Taurus');
    expect(text.summary).toContain('At 12:10 it moves into Gemini');
    expect(text.summary).toContain('void of course from 11:09 to 12:10');
    expect(text.summary).toContain('Saturn and Neptune are retrograde');
    expect(text.summary.split('. ').length).toBeGreaterThanOrEqual(4);
    expect(text.readings).toHaveLength(2);
    expect(text.readings[0]).toContain('your 7th house');
    expect(text.readings[0]).toContain('becomes exact on 25 Nov, 06:24');
    expect(text.readings[1]).toContain('was exact on 23 Nov, 11:00');
    expect(text.note).toBeNull();
  });

  it('leaves every house sentence out when the birth time is unknown, and says why', () => {
    const text = composeLandscape(
      facts({
        timeKnown: false,
        transits: facts()
          .transits.slice(0, 1)
          .map((t) => ({ ...t, pointHouse: null, bodyHouse: null })),
      }),
    );
    expect(`${text.summary} ${text.readings.join(' ')}`).not.toMatch(/house|Ascendant|Midheaven/);
    expect(text.note).toMatch(/birth time is not known/);
  });

  it('is deterministic for the same facts and varies its advice when regenerated', () => {
    expect(composeLandscape(facts())).toEqual(composeLandscape(facts()));
    const again = composeLandscape(facts({ variant: 1 }));
    expect(again.readings[0]).not.toBe(composeLandscape(facts()).readings[0]);
    expect(again.headline).toBe(composeLandscape(facts()).headline);
  });

  it('takes the headline from the Moon on a day without transits', () => {
    const text = composeLandscape(facts({ transits: [] }));
    expect(text.headline).toBe('A Taurus Moon day: steady, sensual and patient');
    expect(text.summary).toContain('takes its colour from the Moon');
  });
});
