import { describe, expect, it } from 'vitest';
import { firstWeekday, hourChoices, weekdays, zoneName } from './notification-times.ts';

describe('the hour and days of the notification settings', () => {
  it('writes the hours on the clock of the person’s locale', () => {
    const british = hourChoices('en-GB');
    expect(british).toHaveLength(24);
    expect(british[0]).toEqual({ value: '0', label: '00:00' });
    expect(british[8]?.label).toBe('08:00');
    expect(british[23]?.label).toBe('23:00');
    const american = hourChoices('en-US');
    expect(american[0]?.label).toMatch(/^12:00\sAM$/);
    expect(american[13]?.label).toMatch(/^1:00\sPM$/);
    expect(hourChoices('de-DE')[8]?.label).toBe('08:00');
  });

  it('starts the week where the locale does, keeping the stored day numbers', () => {
    expect(firstWeekday('de-DE')).toBe(1);
    expect(firstWeekday('en-US')).toBe(0);
    const german = weekdays('de-DE');
    expect(german.map((day) => day.short)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(german.map((day) => day.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekdays('en-US')[0]).toEqual({ day: 0, short: 'Sun', long: 'Sunday' });
  });

  it('writes a zone as people read it', () => {
    expect(zoneName('America/New_York')).toBe('America/New York');
  });
});
