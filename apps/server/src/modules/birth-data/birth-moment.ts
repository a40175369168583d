// The birth instant from a local date and time at a birthplace: the person's stated clock when they
// gave one, else the birthplace's own clock history (its local mean time until the zone's first
// change away from LMT, the zone's history from then on). A time the clocks skipped or repeated,
// at a summer-time change or at the change from local mean time, is refused with both readings
// unless the person has chosen one (or does not know the time).
import { epochSecondsToCivil, formatCivil } from '@app/astro/time/civil';
import { birthplaceOffsetAt, resolveBirthplaceTime } from '@app/astro/time/local-mean-time';
import { formatUtcOffset } from '@app/astro/time/utc-offset';
import type { LocalTimeChoice } from '@app/astro/time/zones';
import type { TimeChoice, TimeProblemDetails, TimeResolution } from '@app/contracts/birth-data.ts';
import { AppError } from '../../platform/errors.ts';
import type { BirthDataRow } from './repository.ts';

export const CLOCK_MESSAGES = {
  timeAmbiguous: (date: string, time: string, zone: string) =>
    `${time} on ${date} happened twice in ${zone} because the clocks went back. Please choose which one you mean.`,
  timeSkipped: (date: string, time: string, zone: string) =>
    `${time} on ${date} did not exist in ${zone} because the clocks went forward. Please choose what you mean.`,
  meanTimeAmbiguous: (date: string, time: string, city: string, clock: string) =>
    `${time} on ${date} happened twice in ${city} because the clocks went back from local mean time to ${clock}. Please choose which one you mean.`,
  meanTimeSkipped: (date: string, time: string, city: string, clock: string) =>
    `${time} on ${date} did not exist in ${city} because the clocks went forward from local mean time to ${clock}. Please choose what you mean.`,
} as const;

export interface BirthMomentInput {
  date: string;
  time: string;
  zone: string;
  longitude: number;
  /** The place's name, for the question asked at the change from local mean time. */
  city: string;
  timeUnknown: boolean;
  resolution?: TimeResolution | undefined;
  statedUtcOffsetSeconds?: number | null | undefined;
}

export interface BirthMoment {
  epochSeconds: number;
  offset: number;
  resolution: TimeResolution | null;
}

function toChoice(choice: LocalTimeChoice, resolution: TimeResolution): TimeChoice {
  return {
    resolution,
    utc: new Date(choice.epochSeconds * 1000).toISOString(),
    utcOffsetSeconds: choice.offset,
    abbreviation: choice.abbreviation,
    isDst: choice.isDst,
    localTime: choice.localTime,
  };
}

/** The UT instant of a birth; throws TIME_AMBIGUOUS / TIME_SKIPPED (422) when a choice is needed. */
export function resolveBirthMoment(input: BirthMomentInput): BirthMoment {
  const { date, time } = input;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute) / 1000;
  const stated = input.statedUtcOffsetSeconds;
  if (stated !== undefined && stated !== null)
    return { epochSeconds: wall - stated, offset: stated, resolution: null };
  const local = { year, month, day, hour, minute, second: 0 };
  const result = resolveBirthplaceTime(local, input.zone, input.longitude);
  if (result.status === 'unique')
    return { epochSeconds: result.epochSeconds, offset: result.offset, resolution: null };
  // Choices come in time order: the earlier instant first.
  const chosen = input.resolution ?? (input.timeUnknown ? 'earlier' : undefined);
  if (chosen) {
    const pick = result.choices[chosen === 'earlier' ? 0 : 1];
    return { epochSeconds: pick.epochSeconds, offset: pick.offset, resolution: chosen };
  }
  const details: TimeProblemDetails = {
    field: 'time',
    kind: result.status,
    choices: [toChoice(result.choices[0], 'earlier'), toChoice(result.choices[1], 'later')],
  };
  const ambiguous = result.status === 'ambiguous';
  // At the change from the birthplace's mean time one reading is that mean time, the other the zone's.
  const standard = result.choices.find((choice) => choice.abbreviation !== 'LMT');
  const fromMeanTime = result.choices.some((choice) => choice.abbreviation === 'LMT') && standard;
  const message = fromMeanTime
    ? (ambiguous ? CLOCK_MESSAGES.meanTimeAmbiguous : CLOCK_MESSAGES.meanTimeSkipped)(
        date,
        time,
        input.city,
        standard.abbreviation,
      )
    : (ambiguous ? CLOCK_MESSAGES.timeAmbiguous : CLOCK_MESSAGES.timeSkipped)(date, time, input.zone);
  throw new AppError(422, ambiguous ? 'TIME_AMBIGUOUS' : 'TIME_SKIPPED', message, details);
}

/** The clock a stored birth was read on: its abbreviation and, when not the zone's, how it was read. */
export function storedClock(
  row: Pick<
    BirthDataRow,
    'utc' | 'time_zone' | 'longitude' | 'city' | 'utc_offset_seconds' | 'stated_utc_offset_seconds'
  >,
): { abbreviation: string; timeBasis: string | null } {
  const stated = row.stated_utc_offset_seconds;
  if (stated !== null && stated !== undefined) {
    const label = `UTC${formatUtcOffset(Number(stated))}`;
    return { abbreviation: label, timeBasis: `stated offset ${label}` };
  }
  const clock = birthplaceOffsetAt(row.time_zone, row.longitude, Date.parse(row.utc) / 1000);
  // A record still read by the zone's own mean time (not yet re-read) is not labelled as the birthplace's.
  const meanTime = clock.abbreviation === 'LMT' && clock.offset === Number(row.utc_offset_seconds);
  return {
    abbreviation: clock.abbreviation,
    timeBasis: meanTime ? `local mean time of ${row.city} (${formatUtcOffset(clock.offset)})` : null,
  };
}

/**
 * What the clock showed at the stored instant ("1990-03-25T03:30:00"): the time as typed, except
 * for a time the clocks skipped, which reads as the wall time it resolved to.
 */
export function storedWallTime(row: Pick<BirthDataRow, 'utc' | 'utc_offset_seconds'>): string {
  return formatCivil(epochSecondsToCivil(Date.parse(row.utc) / 1000 + Number(row.utc_offset_seconds)));
}
