import { describe, expect, it } from 'vitest';
import { moonPhaseText } from './moon-phase-text.ts';

describe('the Moon’s phase', () => {
  it('says once whether the Moon is waxing or waning', () => {
    expect(moonPhaseText({ phase: 'waning-gibbous', illumination: 0.881, waxing: false })).toBe(
      'Waning gibbous, 88% lit',
    );
    expect(moonPhaseText({ phase: 'waxing-crescent', illumination: 0.2, waxing: true })).toBe(
      'Waxing crescent, 20% lit',
    );
    expect(moonPhaseText({ phase: 'last-quarter', illumination: 0.5, waxing: false })).toBe(
      'Last quarter, 50% lit',
    );
  });

  it('names the new and the full Moon, and only there adds which way it is going', () => {
    expect(moonPhaseText({ phase: 'full', illumination: 0.99, waxing: false })).toBe(
      'Full moon, 99% lit and waning',
    );
    expect(moonPhaseText({ phase: 'new', illumination: 0.01, waxing: true })).toBe(
      'New moon, 1% lit and waxing',
    );
  });
});
