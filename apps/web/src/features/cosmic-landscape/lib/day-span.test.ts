import { describe, expect, it } from 'vitest';
import { daySpan, zoneMidnight } from './day-span.ts';

describe('the day against a transit span', () => {
  it('finds local midnight east and west of UTC and across a clock change', () => {
    expect(new Date(zoneMidnight('2026-11-24', 'Asia/Tokyo')).toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(new Date(zoneMidnight('2026-11-24', 'Pacific/Pago_Pago')).toISOString()).toBe(
      '2026-11-24T11:00:00.000Z',
    );
    expect(new Date(zoneMidnight('2026-11-24', 'Pacific/Kiritimati')).toISOString()).toBe(
      '2026-11-23T10:00:00.000Z',
    );
    // Oslo moves to summer time at 02:00 on 29 March 2026: that midnight is still UTC+1.
    expect(new Date(zoneMidnight('2026-03-29', 'Europe/Oslo')).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(new Date(zoneMidnight('2026-03-30', 'Europe/Oslo')).toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
  });

  it('places entry, exactness, exit and the day on one bar', () => {
    const span = daySpan(
      { enters: '2026-11-20T00:00:00Z', exactAt: '2026-11-25T00:00:00Z', leaves: '2026-11-30T00:00:00Z' },
      '2026-11-24',
      'UTC',
    );
    expect(span).toEqual({ dayStart: 0.4, dayEnd: 0.5, enters: 0, exact: 0.5, leaves: 1 });
  });

  it('leaves a day of room past an end the server did not find', () => {
    const span = daySpan(
      { enters: null, exactAt: null, leaves: '2026-11-26T00:00:00Z' },
      '2026-11-24',
      'UTC',
    );
    // The bar runs from a day before today to the exit: three days.
    expect(span.enters).toBeNull();
    expect(span.exact).toBeNull();
    expect(span.dayStart).toBeCloseTo(1 / 3);
    expect(span.dayEnd).toBeCloseTo(2 / 3);
    expect(span.leaves).toBe(1);
  });
});
