// Dates and times in the landscape's words, in the person's zone: "today at 14:02", "on 25 Nov,
// 06:24", "since 10 November", "until 14 January".

type FormatKind = 'date' | 'clock' | 'shortMoment' | 'day' | 'dayWithYear';

const FORMATS: Record<FormatKind, [locale: string, options: Intl.DateTimeFormatOptions]> = {
  date: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
  clock: ['en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }],
  /** "25 Nov, 06:24". */
  shortMoment: [
    'en-GB',
    { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  ],
  day: ['en-GB', { day: 'numeric', month: 'long' }],
  dayWithYear: ['en-GB', { day: 'numeric', month: 'long', year: 'numeric' }],
};

/**
 * Making a formatter costs a hundred times its use, and a landscape formats dozens of moments in
 * one zone (the nightly pre-generation, thousands): each kind's formatter is made once per zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function format(kind: FormatKind, iso: string, zone: string): string {
  const key = `${kind} ${zone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const [locale, options] = FORMATS[kind];
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(iso));
}

export const localDateOf = (iso: string, zone: string): string => format('date', iso, zone);

export const clockOf = (iso: string, zone: string): string => format('clock', iso, zone);

const shortMomentOf = (iso: string, zone: string): string => format('shortMoment', iso, zone);

/** "10 November" (the year only when it is not the year of `date`). */
export function dayOf(iso: string, zone: string, date: string): string {
  const sameYear = localDateOf(iso, zone).slice(0, 4) === date.slice(0, 4);
  return format(sameYear ? 'day' : 'dayWithYear', iso, zone);
}

/** "today at 12:10" on the landscape's own day, "on 25 Nov, 06:24" otherwise. */
export function momentPhrase(iso: string, zone: string, date: string): string {
  return localDateOf(iso, zone) === date
    ? `today at ${clockOf(iso, zone)}`
    : `on ${shortMomentOf(iso, zone)}`;
}

/** A clock time on the day, or a short moment on another day. */
export function whenPhrase(iso: string, zone: string, date: string): string {
  return localDateOf(iso, zone) === date ? clockOf(iso, zone) : shortMomentOf(iso, zone);
}
