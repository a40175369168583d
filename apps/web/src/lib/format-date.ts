// One way to write dates across the app: day, month in words, year ("8 May 2031"), times on the
// 24-hour clock ("14:05"), the same on every device whatever its locale.

/** The locale every date and time is written in, whatever the device's own. */
export const DATE_LOCALE = 'en-GB';

/** `2026-11-22` -> `22 November 2026`, the same on every device whatever its time zone. */
export function formatCalendarDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a calendar date: ${isoDate}`);
  return format('day', 'UTC').format(date);
}

// Made on first use, not when the module loads: a phone's first formatter costs tens of
// milliseconds (the locale's data), which the app's start-up should not pay on pages without dates.
// Each kind's fields: a whole date, a date and time, a time, a moment of the coming days, and
// the numeric parts of a wall clock (for arithmetic, not for reading).
const FIELDS = {
  day: { day: 'numeric', month: 'long', year: 'numeric' },
  dateTime: {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  moment: {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
  wallClock: {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(kind: keyof typeof FIELDS, zone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${zone ?? ''}`;
  let formatter = formats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(DATE_LOCALE, { ...FIELDS[kind], ...(zone && { timeZone: zone }) });
    formats.set(key, formatter);
  }
  return formatter;
}

/** An instant's date, `8 May 2031`, in the reader's zone (or `zone`). */
export function formatDay(iso: string, zone?: string): string {
  return format('day', zone).format(new Date(iso));
}

/** An instant's date and time, `8 May 2031, 14:05`, in the reader's zone (or `zone`). */
export function formatDateTime(iso: string, zone?: string): string {
  return format('dateTime', zone).format(new Date(iso));
}

/** An instant's time of day, `14:05`, in the reader's zone (or `zone`). */
export function formatClockTime(iso: string, zone?: string): string {
  return format('time', zone).format(new Date(iso));
}

/** A moment of the coming days, `Tue 24 Nov, 14:05`, in the reader's zone (or `zone`). */
export function formatMoment(iso: string, zone?: string): string {
  return format('moment', zone).format(new Date(iso));
}

/** A formatter whose parts (formatToParts) are an instant's date and 24-hour time in `zone`. */
export function wallClockFormat(zone: string): Intl.DateTimeFormat {
  return format('wallClock', zone);
}
