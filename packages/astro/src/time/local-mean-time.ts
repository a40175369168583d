// Before a zone adopted standard time, each town kept its own local mean time (LMT): the Sun's
// mean position over that town's meridian. The tz database records one LMT per zone, that of its
// reference city (Oslo for Europe/Oslo), so a birth in Bergen in 1880 read through the zone alone
// would be 22 minutes off. These helpers give the birthplace's own clock history: its mean time
// until the zone's first change away from LMT, the zone's history from that instant on. The change
// itself skips or repeats wall times at the birthplace (Bergen's clocks jumped from +0:21:17 to
// CET +1:00, skipping 38 min 43 s), which `resolveBirthplaceTime` reports like any clock change.
import type { CivilDateTime } from './civil.ts';
import {
  type LocalTimeResolution,
  localMeanTimeEnd,
  resolveWallTime,
  type ZoneOffset,
  zoneOffsetAt,
} from './zones.ts';

/** The UTC offset of local mean time at a longitude: 4 minutes per degree east, to the second. */
export function localMeanTimeOffset(longitude: number): number {
  return Math.round(longitude * 240);
}

/** The offset the birthplace's clocks showed at an instant: its own LMT, then the zone's. */
export function birthplaceOffsetAt(zone: string, longitude: number, epochSeconds: number): ZoneOffset {
  const byZone = zoneOffsetAt(zone, epochSeconds);
  const end = localMeanTimeEnd(zone);
  if (end === undefined || epochSeconds >= end) return byZone;
  // The birthplace kept its zone's calendar date: across the date line from the reference city
  // (Lakeba in Fiji, or Alaska before 1867) its mean time is a whole day from longitude / 15.
  const own = localMeanTimeOffset(longitude);
  const offset = own + 86400 * Math.round((byZone.offset - own) / 86400);
  return { offset, isDst: false, abbreviation: 'LMT' };
}

/**
 * Every UT instant at which the birthplace's clocks read `local`. Choices with abbreviation "LMT"
 * are the birthplace's own mean time; the rest follow the zone.
 */
export function resolveBirthplaceTime(
  local: CivilDateTime,
  zone: string,
  longitude: number,
): LocalTimeResolution {
  return resolveWallTime(local, (epochSeconds) => birthplaceOffsetAt(zone, longitude, epochSeconds));
}
