import { epochSecondsToCivil } from './civil.ts';
import { resolveLocalTime, zoneOffsetAt } from './zones.ts';

// A person's day: the local date in their zone and the UT instants of its two midnights.

export interface LocalDay {
  /** YYYY-MM-DD in the zone. */
  date: string;
  zone: string;
  startUtc: string;
  endUtc: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local date in `zone` at an instant. */
export function localDateAt(zone: string, at: Date): string {
  const seconds = Math.floor(at.getTime() / 1000);
  const civil = epochSecondsToCivil(seconds + zoneOffsetAt(zone, seconds).offset);
  return `${civil.year}-${pad(civil.month)}-${pad(civil.day)}`;
}

/** The first instant of a local date: midnight, or the end of a clock change that skipped it. */
function startOf(zone: string, date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const r = resolveLocalTime({ year, month, day, hour: 0, minute: 0, second: 0 }, zone);
  if (r.status === 'unique') return r.epochSeconds;
  // Repeated midnight: the day starts at the first one. Skipped midnight: at the jump, which is the later reading.
  return r.status === 'ambiguous' ? r.choices[0].epochSeconds : r.choices[1].epochSeconds;
}

export function nextDate(date: string, days = 1): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

export function dayOf(zone: string, date: string): LocalDay {
  return {
    date,
    zone,
    startUtc: new Date(startOf(zone, date) * 1000).toISOString(),
    endUtc: new Date(startOf(zone, nextDate(date)) * 1000).toISOString(),
  };
}

/** The day that contains `at` in `zone`. */
export function localDay(zone: string, at: Date): LocalDay {
  return dayOf(zone, localDateAt(zone, at));
}
