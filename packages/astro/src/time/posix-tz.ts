// POSIX TZ strings (the rule a zone follows after its last listed transition), e.g.
// "CET-1CEST,M3.5.0,M10.5.0/3" or "<+03>-3".
import { daysFromCivil, daysInMonth, SECONDS_PER_DAY } from './civil.ts';

interface RuleDate {
  kind: 'M' | 'J' | 'n';
  month: number;
  week: number;
  weekday: number;
  day: number;
  time: number; // seconds after local midnight, may be negative or beyond a day
}

export interface PosixTz {
  stdAbbr: string;
  stdOffset: number; // seconds east of UT
  dstAbbr?: string;
  dstOffset?: number;
  start?: RuleDate;
  end?: RuleDate;
}

function parseAbbr(s: string, at: number): [string, number] {
  if (s[at] === '<') {
    const close = s.indexOf('>', at);
    if (close < 0) throw new Error(`bad TZ string ${s}`);
    return [s.slice(at + 1, close), close + 1];
  }
  let end = at;
  while (end < s.length && /[A-Za-z]/.test(s[end]!)) end++;
  if (end - at < 3) throw new Error(`bad TZ string ${s}`);
  return [s.slice(at, end), end];
}

/** Parses "[+-]hh[:mm[:ss]]"; returns seconds. */
function parseHms(s: string, at: number): [number, number] {
  const m = /^([+-]?)(\d{1,3})(?::(\d{1,2}))?(?::(\d{1,2}))?/.exec(s.slice(at));
  if (!m) throw new Error(`bad TZ string ${s}`);
  const sign = m[1] === '-' ? -1 : 1;
  const v = Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
  return [sign * v, at + m[0].length];
}

function parseRuleDate(s: string): RuleDate {
  const [datePart, timePart] = s.split('/') as [string, string | undefined];
  const time = timePart === undefined ? 7200 : parseHms(timePart, 0)[0];
  if (datePart.startsWith('M')) {
    const [month, week, weekday] = datePart.slice(1).split('.').map(Number) as [number, number, number];
    return { kind: 'M', month, week, weekday, day: 0, time };
  }
  if (datePart.startsWith('J'))
    return { kind: 'J', month: 0, week: 0, weekday: 0, day: Number(datePart.slice(1)), time };
  return { kind: 'n', month: 0, week: 0, weekday: 0, day: Number(datePart), time };
}

export function parsePosixTz(s: string): PosixTz {
  const [stdAbbr, a] = parseAbbr(s, 0);
  const [stdRaw, b] = parseHms(s, a);
  const tz: PosixTz = { stdAbbr, stdOffset: -stdRaw || 0 };
  if (b >= s.length) return tz;
  const [dstAbbr, c] = parseAbbr(s, b);
  tz.dstAbbr = dstAbbr;
  let at = c;
  if (s[at] !== ',' && at < s.length) {
    const [dstRaw, d] = parseHms(s, at);
    tz.dstOffset = -dstRaw || 0;
    at = d;
  } else {
    tz.dstOffset = tz.stdOffset + 3600;
  }
  if (s[at] !== ',') throw new Error(`TZ string without rules: ${s}`);
  const [startS, endS] = s.slice(at + 1).split(',') as [string, string];
  tz.start = parseRuleDate(startS);
  tz.end = parseRuleDate(endS);
  return tz;
}

/** Local seconds since the epoch at which the rule fires in `year` (wall clock of the time before it). */
function ruleLocalSeconds(year: number, r: RuleDate): number {
  let days: number;
  if (r.kind === 'M') {
    const first = daysFromCivil(year, r.month, 1);
    const firstWeekday = (((first + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
    let day = 1 + ((r.weekday - firstWeekday + 7) % 7) + (r.week - 1) * 7;
    if (r.week === 5) {
      const dim = daysInMonth(year, r.month);
      while (day > dim) day -= 7;
    }
    days = first + day - 1;
  } else if (r.kind === 'J') {
    // Day 1..365, February 29 never counted.
    const leap = daysInMonth(year, 2) === 29;
    days = daysFromCivil(year, 1, 1) + r.day - 1 + (leap && r.day >= 60 ? 1 : 0);
  } else {
    days = daysFromCivil(year, 1, 1) + r.day;
  }
  return days * SECONDS_PER_DAY + r.time;
}

export interface PosixOffset {
  offset: number;
  isDst: boolean;
  abbreviation: string;
}

export function posixOffsetAt(tz: PosixTz, epochSeconds: number): PosixOffset {
  if (!tz.start || !tz.end || tz.dstOffset === undefined) {
    return { offset: tz.stdOffset, isDst: false, abbreviation: tz.stdAbbr };
  }
  const year = yearOf(epochSeconds + tz.stdOffset);
  const start = ruleLocalSeconds(year, tz.start) - tz.stdOffset;
  const end = ruleLocalSeconds(year, tz.end) - tz.dstOffset;
  const inDst =
    start < end
      ? epochSeconds >= start && epochSeconds < end
      : !(epochSeconds >= end && epochSeconds < start);
  return inDst
    ? { offset: tz.dstOffset, isDst: true, abbreviation: tz.dstAbbr ?? tz.stdAbbr }
    : { offset: tz.stdOffset, isDst: false, abbreviation: tz.stdAbbr };
}

function yearOf(seconds: number): number {
  // Gregorian year from days since epoch, via the 400-year cycle average; corrected by one step.
  const days = Math.floor(seconds / SECONDS_PER_DAY);
  let y = Math.floor(1970 + days / 365.2425);
  if (daysFromCivil(y, 1, 1) > days) y--;
  else if (daysFromCivil(y + 1, 1, 1) <= days) y++;
  return y;
}
