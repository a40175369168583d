// Where a transit's orb span sits against the person's day, for the time bar and its text.
import { wallClockFormat } from '../../../lib/format-date.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The zone's offset from UTC at an instant, in milliseconds. */
function zoneOffset(instant: number, zone: string): number {
  const parts = wallClockFormat(zone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Local midnight of a calendar date in a zone, as a UTC instant (ms). */
export function zoneMidnight(date: string, zone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // Two passes settle days whose offset differs at midnight from a day earlier (clock changes).
  let instant = wall - zoneOffset(wall, zone);
  instant = wall - zoneOffset(instant, zone);
  return instant;
}

export interface DaySpan {
  /** The day, as fractions of the bar (0..1). */
  dayStart: number;
  dayEnd: number;
  /** Orb entry, exactness and exit as fractions of the bar; null when unknown. */
  enters: number | null;
  exact: number | null;
  leaves: number | null;
}

/**
 * The bar spans the transit's whole orb span plus the day itself; unknown ends (beyond the span the
 * server searched) stretch the bar a day past what is known.
 */
export function daySpan(
  transit: { enters: string | null; exactAt: string | null; leaves: string | null },
  date: string,
  zone: string,
): DaySpan {
  const start = zoneMidnight(date, zone);
  const end = start + DAY;
  const at = (iso: string | null) => (iso ? Date.parse(iso) : null);
  const [enters, exact, leaves] = [at(transit.enters), at(transit.exactAt), at(transit.leaves)];
  const known = [start, end, enters, exact, leaves].filter((n): n is number => n !== null);
  const from = enters ?? Math.min(...known) - DAY;
  const to = leaves ?? Math.max(...known) + DAY;
  const width = to - from;
  const place = (n: number | null) => (n === null ? null : (n - from) / width);
  return {
    dayStart: place(start)!,
    dayEnd: place(end)!,
    enters: place(enters),
    exact: place(exact),
    leaves: place(leaves),
  };
}
