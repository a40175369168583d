import { epochSecondsToCivil } from '@app/astro/time/civil';
import { canonicalZoneName, zoneOffsetAt } from '@app/astro/time/zones';

// A person's wall clock in their zone, read with the astro package's zone data (the same the
// landscape's day is cut with).

export interface LocalMoment {
  /** YYYY-MM-DD. */
  date: string;
  hour: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** The date of this week's Monday (weekly digests go once a week, from Monday on). */
  weekStart: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_SECONDS = 86_400;

function dateOfDays(days: number): string {
  const civil = epochSecondsToCivil(days * DAY_SECONDS);
  return `${civil.year}-${pad(civil.month)}-${pad(civil.day)}`;
}

export function localMoment(zone: string, at: Date): LocalMoment {
  const seconds = Math.floor(at.getTime() / 1000);
  const local = seconds + zoneOffsetAt(zone, seconds).offset;
  const days = Math.floor(local / DAY_SECONDS);
  // 1970-01-01 was a Thursday.
  const weekday = (((days + 4) % 7) + 7) % 7;
  return {
    date: dateOfDays(days),
    hour: Math.floor((local - days * DAY_SECONDS) / 3600),
    weekday,
    weekStart: dateOfDays(days - ((weekday + 6) % 7)),
  };
}

/** The canonical name of a zone the astro package knows, or null. */
export function knownZone(name: string): string | null {
  return canonicalZoneName(name) ?? null;
}
