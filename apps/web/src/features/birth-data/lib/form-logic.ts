import {
  BIRTH_NAME_MAX_LENGTH,
  BIRTH_PLACE_MAX_LENGTH,
  BIRTH_YEAR_MIN,
  type BirthDataInput,
  birthDateProblem,
  PlaceProblemDetailsSchema,
  readStatedOffset,
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
    /** "+01:00" as typed; empty when the birthplace's own clock applies. */
    statedOffset: z.string(),
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
    if (values.statedOffset.trim()) {
      const stated = readStatedOffset(values.statedOffset);
      if ('problem' in stated)
        ctx.addIssue({ code: 'custom', path: ['statedOffset'], message: stated.problem });
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
  statedOffset: '',
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
    statedOffset:
      typeof saved.statedUtcOffsetSeconds === 'number' ? offsetText(saved.statedUtcOffsetSeconds) : '',
  };
}

/** What the server is sent. A chosen place goes by its id; a typed one by city and country. */
export function toPayload(values: BirthFormValues, resolution?: TimeResolution): BirthDataInput {
  const stated = values.statedOffset.trim() ? readStatedOffset(values.statedOffset) : undefined;
  return {
    name: values.name.trim(),
    date: values.date,
    ...(values.timeUnknown ? {} : { time: values.time }),
    timeUnknown: values.timeUnknown,
    city: values.city.trim(),
    country: values.country.trim(),
    ...(values.placeId !== null ? { placeId: values.placeId } : {}),
    ...(resolution ? { resolution } : {}),
    ...(stated && 'seconds' in stated ? { statedUtcOffsetSeconds: stated.seconds } : {}),
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

/** "+01:00", "-04:56:02": an offset as the stated-offset field shows it (ASCII signs, for typing). */
function offsetText(seconds: number): string {
  const total = Math.abs(Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const rest = total % 60 ? `:${pad(total % 60)}` : '';
  return `${seconds < 0 ? '-' : '+'}${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}${rest}`;
}

/** "UTC−04:00", or "UTC+00:21:17" when there are seconds, from an offset in seconds east of Greenwich. */
export function formatOffset(seconds: number): string {
  return `UTC${offsetText(seconds).replace('-', '−')}`;
}

/**
 * A wall-clock reading ("1990-03-25T03:30:00") as its date and time: "03:30", or "23:11:17" when
 * there are seconds (readings at the change from local mean time fall on odd seconds).
 */
function wallClock(localTime: string): { date: string; time: string } {
  const seconds = localTime.slice(17, 19);
  return { date: localTime.slice(0, 10), time: localTime.slice(11, seconds && seconds !== '00' ? 19 : 16) };
}

/** The birth date as its clock showed it (a skipped time at midnight can move it); else as typed. */
export function describeBirthDate(birth: { date?: string | null; localTime?: string | undefined }): string {
  return birth.localTime ? wallClock(birth.localTime).date : (birth.date ?? '');
}

/**
 * The saved birth time with the clock it was read on: "14:30 CEST (UTC+02:00)"; before the zone's
 * standard time "12:00 local mean time of Bergen (UTC+00:21:18)" (the birthplace's own meridian);
 * "12:00 at the stated offset UTC+01:00" when the person gave the clock. A time the clocks skipped
 * shows as the time it resolved to ("02:30" chosen as CEST is "03:30 CEST"), never as typed.
 */
export function describeBirthTime(birth: {
  time?: string | null | undefined;
  /** The wall time the server resolved; records kept from before it was sent have only `time`. */
  localTime?: string | undefined;
  city?: string | null | undefined;
  utcOffsetSeconds?: number | undefined;
  zoneAbbreviation?: string | undefined;
  statedUtcOffsetSeconds?: number | null | undefined;
}): string {
  const time = birth.localTime ? wallClock(birth.localTime).time : (birth.time ?? '');
  if (typeof birth.statedUtcOffsetSeconds === 'number')
    return `${time} at the stated offset ${formatOffset(birth.statedUtcOffsetSeconds)}`;
  // Records kept from before the server named the clock show the time alone.
  if (birth.utcOffsetSeconds === undefined || !birth.zoneAbbreviation) return time;
  const clock =
    birth.zoneAbbreviation === 'LMT'
      ? `local mean time${birth.city ? ` of ${birth.city}` : ''}`
      : birth.zoneAbbreviation;
  return `${time} ${clock} (${formatOffset(birth.utcOffsetSeconds)})`.trim();
}

/** A reading of a clock-change time as a person would say it: "01:30 EDT (UTC−04:00), the first time". */
export function describeTimeChoice(choice: TimeChoice, kind: 'ambiguous' | 'skipped'): string {
  const clock = choice.abbreviation === 'LMT' ? 'local mean time' : choice.abbreviation;
  const reading = `${wallClock(choice.localTime).time} ${clock} (${formatOffset(choice.utcOffsetSeconds)})`;
  if (kind === 'ambiguous') {
    return choice.resolution === 'earlier'
      ? `${reading}, the first time, before the clocks went back`
      : `${reading}, the second time, after the clocks went back`;
  }
  return choice.resolution === 'earlier'
    ? `${reading}, the clock time before the change`
    : `${reading}, the clock time after the change`;
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
