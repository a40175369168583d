import {
  BIRTH_NAME_MAX_LENGTH,
  BIRTH_PLACE_MAX_LENGTH,
  BIRTH_YEAR_MIN,
  type BirthDataInput,
  birthDateProblem,
  PlaceProblemDetailsSchema,
  type TimeChoice,
  TimeProblemDetailsSchema,
  type TimeResolution,
} from '@app/contracts/birth-data.ts';
import type { Place } from '@app/contracts/places.ts';
import { isAxiosError } from 'axios';
import { z } from 'zod';
import type { BirthData } from '../api/get-birth-data.ts';

// The birth form's rules, kept apart from the components so they can be tested on their own.

export const MIN_BIRTH_DATE = `${BIRTH_YEAR_MIN}-01-01`;

/** Today's date on the person's own calendar, as YYYY-MM-DD (the date input's max). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const BirthFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Please enter a name.')
      .max(BIRTH_NAME_MAX_LENGTH, `The name can be at most ${BIRTH_NAME_MAX_LENGTH} characters.`),
    date: z.string().min(1, 'Please enter the date of birth.'),
    time: z.string(),
    timeUnknown: z.boolean(),
    city: z
      .string()
      .trim()
      .min(1, 'Please enter the city of birth.')
      .max(BIRTH_PLACE_MAX_LENGTH, `The city can be at most ${BIRTH_PLACE_MAX_LENGTH} characters.`),
    country: z
      .string()
      .trim()
      .min(1, 'Please enter the country of birth.')
      .max(BIRTH_PLACE_MAX_LENGTH, `The country can be at most ${BIRTH_PLACE_MAX_LENGTH} characters.`),
    placeId: z.number().int().positive().nullable(),
  })
  .superRefine((values, ctx) => {
    if (values.date) {
      const problem = birthDateProblem(values.date);
      if (problem) ctx.addIssue({ code: 'custom', path: ['date'], message: problem });
      else if (values.date > localToday()) {
        ctx.addIssue({
          code: 'custom',
          path: ['date'],
          message: 'The date of birth cannot be in the future.',
        });
      }
    }
    if (!values.timeUnknown && !/^([01]\d|2[0-3]):[0-5]\d$/.test(values.time)) {
      ctx.addIssue({
        code: 'custom',
        path: ['time'],
        message: values.time
          ? 'Please enter the time as HH:MM.'
          : 'Please enter the time of birth, or tick "I don\'t know my birth time".',
      });
    }
  });
export type BirthFormValues = z.infer<typeof BirthFormSchema>;

export const EMPTY_FORM: BirthFormValues = {
  name: '',
  date: '',
  time: '',
  timeUnknown: false,
  city: '',
  country: '',
  placeId: null,
};

/** The form's starting values: the saved record when editing, else the person's name. */
export function initialValues(saved: BirthData | null | undefined, fallbackName = ''): BirthFormValues {
  if (!saved) return { ...EMPTY_FORM, name: fallbackName };
  const timeUnknown = saved.timeUnknown === true;
  return {
    name: saved.name ?? fallbackName,
    date: saved.date ?? '',
    // An unknown time is stored as noon; the form shows it empty.
    time: timeUnknown ? '' : (saved.time ?? ''),
    timeUnknown,
    city: saved.city ?? '',
    country: saved.country ?? '',
    placeId: typeof saved.placeId === 'number' ? saved.placeId : null,
  };
}

/** What the server is sent. A chosen place goes by its id; a typed one by city and country. */
export function toPayload(values: BirthFormValues, resolution?: TimeResolution): BirthDataInput {
  return {
    name: values.name.trim(),
    date: values.date,
    ...(values.timeUnknown ? {} : { time: values.time }),
    timeUnknown: values.timeUnknown,
    city: values.city.trim(),
    country: values.country.trim(),
    ...(values.placeId !== null ? { placeId: values.placeId } : {}),
    ...(resolution ? { resolution } : {}),
  };
}

/** The values after choosing an atlas place: its name, country and id. */
export function withPlace(values: BirthFormValues, place: Place): BirthFormValues {
  return { ...values, city: place.name, country: place.country, placeId: place.id };
}

/** "Springfield, Illinois, United States": enough to tell namesakes apart. */
export function placeLabel(place: Pick<Place, 'name' | 'region' | 'country'>): string {
  return [place.name, place.region, place.country].filter((part) => part?.trim()).join(', ');
}

/** "UTC−04:00" from an offset in seconds east of Greenwich. */
export function formatOffset(seconds: number): string {
  const sign = seconds < 0 ? '−' : '+';
  const minutes = Math.round(Math.abs(seconds) / 60);
  return `UTC${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The saved birth time with the clock it was read on: "14:30 CEST (UTC+02:00)", or before the
 * zone's standard time "12:00 local mean time (UTC+00:21)" (the birthplace's own meridian).
 */
export function describeBirthTime(birth: {
  time?: string | null | undefined;
  utcOffsetSeconds?: number | undefined;
  zoneAbbreviation?: string | undefined;
}): string {
  const time = birth.time ?? '';
  // Records kept from before the server named the clock show the time alone.
  if (birth.utcOffsetSeconds === undefined || !birth.zoneAbbreviation) return time;
  const clock = birth.zoneAbbreviation === 'LMT' ? 'local mean time' : birth.zoneAbbreviation;
  return `${time} ${clock} (${formatOffset(birth.utcOffsetSeconds)})`.trim();
}

/** A reading of a clock-change time as a person would say it: "01:30 EDT (UTC−04:00), the first time". */
export function describeTimeChoice(choice: TimeChoice, kind: 'ambiguous' | 'skipped'): string {
  const clock = choice.localTime.slice(11, 16);
  const zone = `${choice.abbreviation} (${formatOffset(choice.utcOffsetSeconds)})`;
  if (kind === 'ambiguous') {
    return choice.resolution === 'earlier'
      ? `${clock} ${zone}, the first time, before the clocks went back`
      : `${clock} ${zone}, the second time, after the clocks went back`;
  }
  return choice.resolution === 'earlier'
    ? `${clock} ${zone}, the clock time before the change`
    : `${clock} ${zone}, the clock time after the change`;
}

export type BirthProblem =
  | { kind: 'place'; message: string; candidates: Place[] }
  | { kind: 'time'; message: string; timeKind: 'ambiguous' | 'skipped'; choices: TimeChoice[] };

/** A refusal that needs the person to choose (a place, or a reading of the time), if it is one. */
export function readBirthProblem(error: unknown): BirthProblem | null {
  if (!isAxiosError(error) || error.response?.status !== 422) return null;
  const body = error.response.data as { code?: string; error?: string; details?: unknown } | undefined;
  const message = body?.error ?? '';
  if (body?.code === 'PLACE_AMBIGUOUS' || body?.code === 'PLACE_NOT_FOUND') {
    const details = PlaceProblemDetailsSchema.safeParse(body.details);
    if (details.success) return { kind: 'place', message, candidates: details.data.candidates };
  }
  if (body?.code === 'TIME_AMBIGUOUS' || body?.code === 'TIME_SKIPPED') {
    const details = TimeProblemDetailsSchema.safeParse(body.details);
    if (details.success) {
      return { kind: 'time', message, timeKind: details.data.kind, choices: details.data.choices };
    }
  }
  return null;
}
