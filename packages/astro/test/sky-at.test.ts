import { describe, expect, it } from 'vitest';
import { computeNatalChart } from '../src/chart/natal-chart.ts';
import { skyAt } from '../src/transits/sky-at.ts';

// The sky at one moment, as the assistant's claim checker reads it: each body's sign and motion.

describe('the sky at a moment', () => {
  it('agrees with a chart cast for that moment, body by body', () => {
    for (const utc of ['2026-11-27T12:00:00Z', '2024-04-10T03:30:00Z', '1999-08-11T11:03:00Z']) {
      const chart = computeNatalChart({
        moment: { utc },
        latitude: 0,
        longitude: 0,
        options: { timeKnown: false },
      });
      const sky = skyAt(utc);
      expect(sky.map((b) => b.body)).toEqual([
        'moon',
        'sun',
        'mercury',
        'venus',
        'mars',
        'jupiter',
        'saturn',
        'uranus',
        'neptune',
        'pluto',
        'trueNode',
      ]);
      for (const b of sky) {
        const cast = chart.bodies.find((x) => x.body === b.body)!;
        expect(b.sign, `${utc} ${b.body}`).toBe(cast.sign);
        if (b.body !== 'sun' && b.body !== 'moon')
          expect(b.retrograde, `${utc} ${b.body}`).toBe(cast.retrograde);
        else expect(b.retrograde).toBe(false);
      }
    }
  });

  it('knows a known sky: the Sun in Sagittarius on 27 November, Mercury retrograde in April 2024', () => {
    expect(skyAt('2026-11-27T12:00:00Z').find((b) => b.body === 'sun')?.sign).toBe('sagittarius');
    expect(skyAt('2024-04-10T03:30:00Z').find((b) => b.body === 'mercury')).toMatchObject({
      sign: 'aries',
      retrograde: true,
    });
  });
});
