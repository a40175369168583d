// Before a zone adopted standard time, each town kept its own local mean time (LMT): the Sun's
// mean position over that town's meridian. The tz database records one LMT per zone, that of its
// reference city (Oslo for Europe/Oslo), so a birth in Bergen in 1880 read through the zone alone
// would be 22 minutes off. These helpers read such a time at the birthplace's own meridian.
import { type CivilDateTime, civilToEpochSeconds, formatCivil } from './civil.ts';
import { type LocalTimeChoice, zoneOffsetAt } from './zones.ts';

/** The UTC offset of local mean time at a longitude: 4 minutes per degree east, to the second. */
export function localMeanTimeOffset(longitude: number): number {
  return Math.round(longitude * 240);
}

/**
 * A wall-clock time at a birthplace read as that place's own mean time, or null when the instant
 * falls after the zone's first change away from LMT (the zone's history then applies).
 */
export function birthplaceMeanTime(
  local: CivilDateTime,
  zone: string,
  longitude: number,
): LocalTimeChoice | null {
  const offset = localMeanTimeOffset(longitude);
  const epochSeconds = civilToEpochSeconds(local) - offset;
  if (zoneOffsetAt(zone, epochSeconds).abbreviation !== 'LMT') return null;
  return { epochSeconds, offset, isDst: false, abbreviation: 'LMT', localTime: formatCivil(local) };
}

/** "+0:21:18", "-5:00", "+1:00": hours, minutes, and seconds when there are any. */
export function formatUtcOffset(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+';
  const total = Math.abs(Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${sign}${h}:${String(m).padStart(2, '0')}${s ? `:${String(s).padStart(2, '0')}` : ''}`;
}
