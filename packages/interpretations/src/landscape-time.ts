// Dates and times in the landscape's words, in the person's zone: "today at 14:02", "on 25 Nov,
// 06:24", "since 10 November", "until 14 January".

export function localDateOf(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

export function clockOf(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** "25 Nov, 06:24". */
function shortMomentOf(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** "10 November" (the year only when it is not the year of `date`). */
export function dayOf(iso: string, zone: string, date: string): string {
  const sameYear = localDateOf(iso, zone).slice(0, 4) === date.slice(0, 4);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(new Date(iso));
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
