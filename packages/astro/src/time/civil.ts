// Proleptic Gregorian calendar arithmetic without Date, so every year behaves the same.

export const SECONDS_PER_DAY = 86400;
/** Julian Day of the Unix epoch, 1970-01-01T00:00:00 UT. */
export const JD_UNIX_EPOCH = 2440587.5;
/** Julian Day of J2000.0 (2000-01-01T12:00 TT). */
export const JD_J2000 = 2451545.0;

export interface CivilDateTime {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
  hour: number;
  minute: number;
  second: number; // may carry a fraction
}

/** Days since 1970-01-01 for a Gregorian date (Howard Hinnant's algorithm). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Seconds since the epoch when the civil fields are read as UT (or as a local wall clock). */
export function civilToEpochSeconds(c: CivilDateTime): number {
  return daysFromCivil(c.year, c.month, c.day) * SECONDS_PER_DAY + c.hour * 3600 + c.minute * 60 + c.second;
}

export function epochSecondsToCivil(seconds: number): CivilDateTime {
  const days = Math.floor(seconds / SECONDS_PER_DAY);
  let rest = seconds - days * SECONDS_PER_DAY;
  const hour = Math.floor(rest / 3600);
  rest -= hour * 3600;
  const minute = Math.floor(rest / 60);
  return { ...civilFromDays(days), hour, minute, second: rest - minute * 60 };
}

export function epochSecondsToJd(seconds: number): number {
  return JD_UNIX_EPOCH + seconds / SECONDS_PER_DAY;
}

export function jdToEpochSeconds(jd: number): number {
  return (jd - JD_UNIX_EPOCH) * SECONDS_PER_DAY;
}

/** Checks the ranges of each field; returns a reason when the date or time cannot exist. */
export function civilProblem(c: CivilDateTime): string | undefined {
  if (![c.year, c.month, c.day, c.hour, c.minute, c.second].every(Number.isFinite)) return 'not a number';
  if (!Number.isInteger(c.year) || !Number.isInteger(c.month) || !Number.isInteger(c.day))
    return 'fractional date';
  if (c.month < 1 || c.month > 12) return `month ${c.month} does not exist`;
  if (c.day < 1 || c.day > daysInMonth(c.year, c.month))
    return `day ${c.day} does not exist in ${c.year}-${c.month}`;
  if (!Number.isInteger(c.hour) || c.hour < 0 || c.hour > 23) return `hour ${c.hour} is out of range`;
  if (!Number.isInteger(c.minute) || c.minute < 0 || c.minute > 59)
    return `minute ${c.minute} is out of range`;
  if (c.second < 0 || c.second >= 60) return `second ${c.second} is out of range`;
  return undefined;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

export function formatCivil(c: CivilDateTime): string {
  const y = c.year < 0 ? `-${String(-c.year).padStart(4, '0')}` : String(c.year).padStart(4, '0');
  return `${y}-${pad2(c.month)}-${pad2(c.day)}T${pad2(c.hour)}:${pad2(c.minute)}:${pad2(Math.floor(c.second))}`;
}
