import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recountPeriods, timingOf, unusedCreditMinor } from './proration.ts';

const monthly = { id: 'monthly', priceMinor: 1499 };
const yearly = { id: 'yearly', priceMinor: 14388 };
const chat = { id: 'chat-monthly', priceMinor: 799 };

describe('when a change of plan takes effect', () => {
  it('up at once, down at the period end, anything at once in the trial, the same plan keeps', () => {
    expect(timingOf('active', monthly, yearly)).toBe('now');
    expect(timingOf('active', chat, monthly)).toBe('now');
    expect(timingOf('active', yearly, monthly)).toBe('period_end');
    expect(timingOf('active', monthly, chat)).toBe('period_end');
    expect(timingOf('active', monthly, { ...chat, priceMinor: 1499 })).toBe('period_end');
    expect(timingOf('trialing', yearly, monthly)).toBe('trial');
    expect(timingOf('trialing', monthly, yearly)).toBe('trial');
    expect(timingOf('active', yearly, yearly)).toBe('keep');
  });
});

describe('the unused part of a paid period', () => {
  const start = new Date('2031-01-01T00:00:00.000Z');
  const end = new Date('2031-01-31T00:00:00.000Z');
  const at = (days: number) => new Date(start.getTime() + days * 86_400_000);

  it('is in proportion to the time left, halves rounded up', () => {
    expect(unusedCreditMinor(1500, start, end, at(10))).toBe(1000);
    expect(unusedCreditMinor(1499, start, end, at(10))).toBe(999); // 999.33
    expect(unusedCreditMinor(3, start, end, at(15))).toBe(2); // 1.5
    expect(unusedCreditMinor(1499, start, end, start)).toBe(1499);
    expect(unusedCreditMinor(1499, start, end, end)).toBe(0);
    expect(unusedCreditMinor(1499, start, end, at(40))).toBe(0);
    expect(unusedCreditMinor(0, start, end, at(1))).toBe(0);
  });

  it('never exceeds what the period was worth and shrinks as time passes (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 400 * 86_400_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (value, length, a, b) => {
          const periodEnd = new Date(start.getTime() + length);
          const early = new Date(start.getTime() + Math.floor(Math.min(a, b) * length));
          const late = new Date(start.getTime() + Math.floor(Math.max(a, b) * length));
          const first = unusedCreditMinor(value, start, periodEnd, early);
          const second = unusedCreditMinor(value, start, periodEnd, late);
          expect(Number.isInteger(first)).toBe(true);
          expect(first).toBeLessThanOrEqual(value);
          expect(second).toBeLessThanOrEqual(first);
          expect(second).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('a coupon’s periods in another interval', () => {
  it('cover the same months, rounded up', () => {
    expect(recountPeriods(2, 'month', 'year')).toBe(1);
    expect(recountPeriods(13, 'month', 'year')).toBe(2);
    expect(recountPeriods(0, 'month', 'year')).toBe(0);
    expect(recountPeriods(1, 'year', 'month')).toBe(12);
    expect(recountPeriods(3, 'month', 'month')).toBe(3);
    expect(recountPeriods(null, 'month', 'year')).toBeNull();
  });
});
