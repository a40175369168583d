import { parseUtcOffset } from '@app/astro/time/utc-offset';
import { z } from 'zod';
import { refuseUnshowableName } from './auth.ts';
import { PlaceSchema } from './places.ts';

// /api/birth-data: the signed-in person's birth data (docs/requirements/data-model.md,
// validation.md and api.md). One record per person, keyed by the session: no ids in paths.

/** Earliest supported birth year: the chart library's time-zone and ΔT data are exact from here on. */
export const BIRTH_YEAR_MIN = 1800;
/** Stored as the birth time when the person does not know it; readings then leave out houses and angles. */
export const UNKNOWN_TIME_PLACEHOLDER = '12:00';
export const BIRTH_NAME_MAX_LENGTH = 100;
export const BIRTH_PLACE_MAX_LENGTH = 120;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Why a YYYY-MM-DD string is not a supported birth date, or undefined when it is one (the future is checked on the server, with its clock). */
export function birthDateProblem(date: string): string | undefined {
  const match = DATE_PATTERN.exec(date);
  if (!match) return 'Please enter the date as YYYY-MM-DD.';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return `${date} is not a date in the calendar.`;
  }
  if (year < BIRTH_YEAR_MIN) return `Birth dates from ${BIRTH_YEAR_MIN} onwards are supported.`;
  return undefined;
}

/** A stated UTC offset (the clock a birth record used) may be at most 16 hours either side of UTC. */
const STATED_OFFSET_LIMIT_SECONDS = 16 * 3600;
const STATED_OFFSET_RANGE_MESSAGE = 'The stated UTC offset must be between UTC−16:00 and UTC+16:00.';
const STATED_OFFSET_FORMAT_MESSAGE = 'Please enter the offset like +01:00 or −04:56:02.';

/**
 * Seconds east of Greenwich from what a person typed ("+01:00", "-4:56:02"), or the reason it
 * cannot be used as a stated offset.
 */
export function readStatedOffset(text: string): { seconds: number } | { problem: string } {
  const seconds = parseUtcOffset(text);
  if (seconds === undefined) return { problem: STATED_OFFSET_FORMAT_MESSAGE };
  if (Math.abs(seconds) > STATED_OFFSET_LIMIT_SECONDS) return { problem: STATED_OFFSET_RANGE_MESSAGE };
  return { seconds };
}

/** 'earlier' or 'later': which reading of a local time that happened twice or never (clock changes). */
const TimeResolutionSchema = z.enum(['earlier', 'later']);
export type TimeResolution = z.infer<typeof TimeResolutionSchema>;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .min(1, `Please fill in ${label.toLowerCase()}.`)
    .max(max, `${label} can be at most ${max} characters.`);

/**
 * The fields of the birth form (save and update), shared by a person's own birth and someone
 * else's. The place is a `placeId` from the autocomplete, or explicit coordinates with a time
 * zone, or neither: then city and country are looked up in the atlas.
 */
export const BIRTH_FIELDS = {
  name: text('Name', BIRTH_NAME_MAX_LENGTH).superRefine(refuseUnshowableName),
  date: z.string({ error: 'Please fill in the date of birth.' }),
  /** HH:MM, 24-hour clock; may be left out when `timeUnknown` is true. */
  time: z.string({ error: 'The time of birth must be text like 14:30.' }).optional(),
  timeUnknown: z.boolean({ error: 'timeUnknown must be true or false.' }).default(false),
  city: text('City', BIRTH_PLACE_MAX_LENGTH),
  country: text('Country', BIRTH_PLACE_MAX_LENGTH),
  placeId: z
    .number({ error: 'placeId must be a number.' })
    .int('placeId must be a whole number.')
    .positive('placeId must be positive.')
    .max(4_294_967_295, 'placeId is not an atlas place.')
    .optional(),
  latitude: z
    .number({ error: 'Latitude must be a number.' })
    .min(-90, 'Latitude must be between -90 and 90.')
    .max(90, 'Latitude must be between -90 and 90.')
    .optional(),
  longitude: z
    .number({ error: 'Longitude must be a number.' })
    .min(-180, 'Longitude must be between -180 and 180.')
    .max(180, 'Longitude must be between -180 and 180.')
    .optional(),
  timeZone: z.string({ error: 'timeZone must be text.' }).min(1).max(64).optional(),
  /** Answers a TIME_AMBIGUOUS or TIME_SKIPPED refusal. */
  resolution: TimeResolutionSchema.optional(),
  /**
   * The clock the birth record used, in seconds east of Greenwich (a railway or city time the
   * person knows applied); it wins over the zone's history and the birthplace's mean time.
   */
  statedUtcOffsetSeconds: z
    .number({ error: 'The stated UTC offset must be a number of seconds.' })
    .int('The stated UTC offset must be a whole number of seconds.')
    .min(-STATED_OFFSET_LIMIT_SECONDS, STATED_OFFSET_RANGE_MESSAGE)
    .max(STATED_OFFSET_LIMIT_SECONDS, STATED_OFFSET_RANGE_MESSAGE)
    .nullable()
    .optional(),
};

/** The checks across the birth form's fields (a date in range, the time as HH:MM, one way to give the place). */
export function checkBirthFields(
  value: {
    date: string;
    time?: string | undefined;
    timeUnknown: boolean;
    placeId?: number | undefined;
    latitude?: number | undefined;
    longitude?: number | undefined;
    timeZone?: string | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const dateProblem = birthDateProblem(value.date);
  if (dateProblem) ctx.addIssue({ code: 'custom', path: ['date'], message: dateProblem });
  if (!value.timeUnknown) {
    if (value.time === undefined || value.time === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['time'],
        message: 'Please fill in the time of birth, or tick "I don\'t know my birth time".',
      });
    } else if (!TIME_PATTERN.test(value.time)) {
      ctx.addIssue({
        code: 'custom',
        path: ['time'],
        message: 'Please enter the time as HH:MM, e.g. 14:30.',
      });
    }
  } else if (value.time !== undefined && value.time !== '' && !TIME_PATTERN.test(value.time)) {
    ctx.addIssue({
      code: 'custom',
      path: ['time'],
      message: 'Please enter the time as HH:MM, e.g. 14:30.',
    });
  }
  const explicit = [value.latitude, value.longitude, value.timeZone].filter((v) => v !== undefined).length;
  if (explicit !== 0 && explicit !== 3) {
    ctx.addIssue({
      code: 'custom',
      path: [
        value.latitude === undefined ? 'latitude' : value.longitude === undefined ? 'longitude' : 'timeZone',
      ],
      message: 'Give latitude, longitude and timeZone together, or none of them.',
    });
  }
  if (explicit === 3 && value.placeId !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['placeId'],
      message: 'Give either a placeId or coordinates with a time zone, not both.',
    });
  }
}

export const BirthDataInputSchema = z.strictObject(BIRTH_FIELDS).superRefine(checkBirthFields);
export type BirthDataInput = z.input<typeof BirthDataInputSchema>;
export type BirthDataBody = z.output<typeof BirthDataInputSchema>;

/** Stored birth data as the API answers it. */
export const BirthDataSchema = z.object({
  name: z.string(),
  date: z.string(),
  /** HH:MM; noon when the time is unknown. */
  time: z.string(),
  timeUnknown: z.boolean(),
  city: z.string(),
  country: z.string(),
  /** Atlas place the coordinates came from; null for explicit coordinates. */
  placeId: z.number().int().nullable(),
  region: z.string().nullable(),
  countryCode: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string(),
  /** The birth instant in UT (ISO 8601) and the zone's offset then, in seconds east of Greenwich. */
  utc: z.string(),
  utcOffsetSeconds: z.number().int(),
  /**
   * The wall-clock time at the birth instant ("1990-03-25T03:30:00"): `date` and `time` as typed,
   * except for a time the clocks skipped, which reads as the time it resolved to.
   */
  localTime: z.string(),
  /** The zone's abbreviation at the birth instant ("EST"); tz data gives some places a number ("-03"). */
  zoneAbbreviation: z.string(),
  /** The offset the person stated for the birth record's clock, or null when the zone's history applies. */
  statedUtcOffsetSeconds: z.number().int().nullable(),
  /**
   * How the time was read when not simply by the zone: "local mean time of Bergen (+0:21:18)"
   * before the zone's standard time, or "stated offset UTC+1:00"; null otherwise.
   */
  timeBasis: z.string().nullable(),
  /**
   * The reading chosen for a local time that happened twice or never; null for ordinary times.
   * Kept by an update that leaves date, time and time zone as they were and sends no new choice.
   */
  resolution: TimeResolutionSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BirthData = z.infer<typeof BirthDataSchema>;

/** GET /get answers `birthData: null` when nothing is saved (not 404: having none is a normal state). */
export const BirthDataResultSchema = z.object({
  success: z.literal(true),
  birthData: BirthDataSchema.nullable(),
});
export type BirthDataResult = z.infer<typeof BirthDataResultSchema>;

export const SavedBirthDataSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  birthData: BirthDataSchema,
});
export type SavedBirthData = z.infer<typeof SavedBirthDataSchema>;

// Refusals that need the person to choose (422, `details` as below).

/** PLACE_AMBIGUOUS / PLACE_NOT_FOUND: the places that could be meant (maybe none), best first. */
export const PlaceProblemDetailsSchema = z.object({
  field: z.literal('city'),
  candidates: z.array(PlaceSchema),
});
export type PlaceProblemDetails = z.infer<typeof PlaceProblemDetailsSchema>;

/** One reading of a local time at a clock change. */
const TimeChoiceSchema = z.object({
  resolution: TimeResolutionSchema,
  /** The instant in UT, ISO 8601. */
  utc: z.string(),
  /** Offset from UT in seconds, e.g. -14400 for EDT. */
  utcOffsetSeconds: z.number().int(),
  abbreviation: z.string(),
  isDst: z.boolean(),
  /** The wall-clock time this reading really shows ("2021-03-14T03:30:00" for a skipped 02:30). */
  localTime: z.string(),
});
export type TimeChoice = z.infer<typeof TimeChoiceSchema>;

/** TIME_AMBIGUOUS (clocks went back: the time happened twice) / TIME_SKIPPED (clocks went forward). */
export const TimeProblemDetailsSchema = z.object({
  field: z.literal('time'),
  kind: z.enum(['ambiguous', 'skipped']),
  choices: z.array(TimeChoiceSchema).length(2),
});
export type TimeProblemDetails = z.infer<typeof TimeProblemDetailsSchema>;
