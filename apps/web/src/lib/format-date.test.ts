import { expect, test } from 'vitest';
import {
  formatCalendarDate,
  formatClockTime,
  formatDateTime,
  formatDay,
  formatMoment,
} from './format-date.ts';

test('formats an ISO calendar date as day, month name and year', () => {
  expect(formatCalendarDate('2026-11-22')).toBe('22 November 2026');
  expect(formatCalendarDate('2027-01-01')).toBe('1 January 2027');
});

test('refuses text that is not a date', () => {
  expect(() => formatCalendarDate('22/11/2026')).toThrow(RangeError);
});

test('instants read one way everywhere: day, month in words, year; 24-hour times', () => {
  const at = '2031-05-08T12:05:00.000Z';
  expect(formatDay(at, 'Europe/Oslo')).toBe('8 May 2031');
  expect(formatDateTime(at, 'Europe/Oslo')).toBe('8 May 2031 at 14:05');
  expect(formatClockTime(at, 'Asia/Tokyo')).toBe('21:05');
  // Just past midnight in Tokyo is still the day before in UTC.
  expect(formatDay('2031-05-08T15:30:00.000Z', 'Asia/Tokyo')).toBe('9 May 2031');
});

test("a moment of the coming days names the weekday and keeps the zone's own clock", () => {
  expect(formatMoment('2026-11-24T13:05:00.000Z', 'Europe/Oslo')).toBe('Tue 24 Nov, 14:05');
  expect(formatMoment('2026-11-24T23:30:00.000Z', 'Asia/Tokyo')).toBe('Wed 25 Nov, 08:30');
});
