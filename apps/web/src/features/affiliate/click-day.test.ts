import { describe, expect, it } from 'vitest';
import { clickDue, parseSentClick, utcDay } from './click-day.ts';

describe('one click per browser, code and day', () => {
  const noon = new Date('2026-11-23T12:00:00Z');

  it('counts days in UTC, like the server', () => {
    expect(utcDay(new Date('2026-11-23T23:59:59Z'))).toBe('2026-11-23');
    expect(utcDay(new Date('2026-11-24T00:00:00Z'))).toBe('2026-11-24');
  });

  it('is due for a first click, a new code or a new day, not again the same day', () => {
    expect(clickDue(null, 'LUNA', noon)).toBe(true);
    expect(clickDue({ code: 'LUNA', day: '2026-11-23' }, 'LUNA', noon)).toBe(false);
    expect(clickDue({ code: 'LUNA', day: '2026-11-23' }, 'SOL', noon)).toBe(true);
    expect(clickDue({ code: 'LUNA', day: '2026-11-22' }, 'LUNA', noon)).toBe(true);
  });

  it('reads what was stored and ignores anything unreadable', () => {
    expect(parseSentClick('{"code":"LUNA","day":"2026-11-23"}')).toEqual({ code: 'LUNA', day: '2026-11-23' });
    expect(parseSentClick(null)).toBeNull();
    expect(parseSentClick('not json')).toBeNull();
    expect(parseSentClick('{"code":1}')).toBeNull();
    expect(parseSentClick('null')).toBeNull();
  });
});
