import { expect, test } from 'vitest';
import { formatCalendarDate } from './format-date.ts';

test('formats an ISO calendar date as day, month name and year', () => {
  expect(formatCalendarDate('2026-11-22')).toBe('22 November 2026');
  expect(formatCalendarDate('2027-01-01')).toBe('1 January 2027');
});

test('refuses text that is not a date', () => {
  expect(() => formatCalendarDate('22/11/2026')).toThrow(RangeError);
});
