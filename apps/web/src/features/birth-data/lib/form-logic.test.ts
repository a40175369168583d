import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import {
  BirthFormSchema,
  describeBirthDate,
  describeBirthTime,
  describeTimeChoice,
  EMPTY_FORM,
  formatOffset,
  initialValues,
  localToday,
  placeLabel,
  readBirthProblem,
  toPayload,
  withPlace,
} from './form-logic.ts';

const filled = {
  ...EMPTY_FORM,
  name: 'Ada',
  date: '1990-04-21',
  time: '14:30',
  city: 'Oslo',
  country: 'Norway',
};
const oslo = {
  id: 3143244,
  name: 'Oslo',
  region: 'Oslo',
  country: 'Norway',
  countryCode: 'NO',
  lat: 59.91,
  lon: 10.75,
  population: 580000,
  timeZone: 'Europe/Oslo',
};

function refusal(code: string, details: unknown): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', undefined, undefined, {
    status: 422,
    statusText: 'Unprocessable',
    headers,
    config: { headers },
    data: { success: false, code, error: 'Choose one.', details },
  });
}

function issues(values: unknown) {
  const result = BirthFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the birth form rules', () => {
  it('accepts a complete form', () => {
    expect(issues(filled)).toEqual({});
  });

  it('refuses impossible, too early and future dates', () => {
    expect(issues({ ...filled, date: '2023-02-29' }).date).toMatch(/not a date in the calendar/);
    expect(issues({ ...filled, date: '1799-12-31' }).date).toMatch(/from 1800/);
    const future = new Date(Date.now() + 3 * 86_400_000);
    expect(issues({ ...filled, date: localToday(future) }).date).toMatch(/future/);
  });

  it('needs a time unless the time is unknown', () => {
    expect(issues({ ...filled, time: '' }).time).toMatch(/I don't know my birth time/);
    expect(issues({ ...filled, time: '25:00' }).time).toMatch(/HH:MM/);
    expect(issues({ ...filled, time: '', timeUnknown: true })).toEqual({});
  });

  it('needs name, city and country', () => {
    expect(Object.keys(issues({ ...filled, name: ' ', city: '', country: '' })).sort()).toEqual([
      'city',
      'country',
      'name',
    ]);
  });
});

describe('payloads', () => {
  it('sends the place id when a place was chosen, and drops the time when unknown', () => {
    const chosen = withPlace(filled, oslo);
    expect(toPayload(chosen)).toEqual({
      name: 'Ada',
      date: '1990-04-21',
      time: '14:30',
      timeUnknown: false,
      city: 'Oslo',
      country: 'Norway',
      placeId: 3143244,
    });
    expect(toPayload({ ...chosen, timeUnknown: true, time: '09:00' }, 'later')).toEqual({
      name: 'Ada',
      date: '1990-04-21',
      timeUnknown: true,
      city: 'Oslo',
      country: 'Norway',
      placeId: 3143244,
      resolution: 'later',
    });
    expect(toPayload({ ...filled, name: '  Ada  ' })).not.toHaveProperty('placeId');
  });

  it('edits a saved record, showing an unknown time as empty', () => {
    const saved = {
      name: 'Ada',
      date: '1990-04-21',
      time: '12:00',
      timeUnknown: true,
      city: 'Oslo',
      country: 'Norway',
      placeId: 3143244,
    };
    expect(initialValues(saved)).toEqual({ ...filled, time: '', timeUnknown: true, placeId: 3143244 });
    expect(initialValues(null, 'Ada Lovelace')).toEqual({ ...EMPTY_FORM, name: 'Ada Lovelace' });
  });
});

describe('texts', () => {
  it('labels places with region and country, skipping a missing region', () => {
    expect(placeLabel(oslo)).toBe('Oslo, Oslo, Norway');
    expect(placeLabel({ name: 'Monaco', region: null, country: 'Monaco' })).toBe('Monaco, Monaco');
  });

  it('formats offsets and clock-change choices', () => {
    expect(formatOffset(-14_400)).toBe('UTC−04:00');
    expect(formatOffset(19_800)).toBe('UTC+05:30');
    expect(formatOffset(0)).toBe('UTC+00:00');
    const choice = {
      resolution: 'earlier' as const,
      utc: '2021-11-07T05:30:00.000Z',
      utcOffsetSeconds: -14_400,
      abbreviation: 'EDT',
      isDst: true,
      localTime: '2021-11-07T01:30:00',
    };
    expect(describeTimeChoice(choice, 'ambiguous')).toBe(
      '01:30 EDT (UTC−04:00), the first time, before the clocks went back',
    );
  });
});

describe('reading refusals that need a choice', () => {
  it('reads candidate places and time choices, and nothing else', () => {
    expect(readBirthProblem(refusal('PLACE_AMBIGUOUS', { field: 'city', candidates: [oslo] }))).toEqual({
      kind: 'place',
      message: 'Choose one.',
      candidates: [oslo],
    });
    const choices = [
      {
        resolution: 'earlier',
        utc: 'a',
        utcOffsetSeconds: -18_000,
        abbreviation: 'EST',
        isDst: false,
        localTime: '2021-03-14T01:30:00',
      },
      {
        resolution: 'later',
        utc: 'b',
        utcOffsetSeconds: -14_400,
        abbreviation: 'EDT',
        isDst: true,
        localTime: '2021-03-14T03:30:00',
      },
    ];
    expect(
      readBirthProblem(refusal('TIME_SKIPPED', { field: 'time', kind: 'skipped', choices })),
    ).toMatchObject({
      kind: 'time',
      timeKind: 'skipped',
      choices,
    });
    expect(readBirthProblem(refusal('VALIDATION_FAILED', [{ path: 'date', message: 'x' }]))).toBeNull();
    expect(readBirthProblem(refusal('TIME_SKIPPED', { field: 'time' }))).toBeNull();
    expect(readBirthProblem(new Error('offline'))).toBeNull();
  });
});

describe('describeBirthTime', () => {
  it("names the clock: the zone, or the birthplace's mean time before standard time", () => {
    expect(describeBirthTime({ time: '14:30', utcOffsetSeconds: 7200, zoneAbbreviation: 'CEST' })).toBe(
      '14:30 CEST (UTC+02:00)',
    );
    expect(describeBirthTime({ time: '12:00', utcOffsetSeconds: 1277, zoneAbbreviation: 'LMT' })).toBe(
      '12:00 local mean time (UTC+00:21:17)',
    );
    expect(
      describeBirthTime({ time: '12:00', city: 'Bergen', utcOffsetSeconds: 1278, zoneAbbreviation: 'LMT' }),
    ).toBe('12:00 local mean time of Bergen (UTC+00:21:18)');
    expect(
      describeBirthTime({
        time: '12:00',
        city: 'Bergen',
        utcOffsetSeconds: 3600,
        zoneAbbreviation: 'UTC+1:00',
        statedUtcOffsetSeconds: 3600,
      }),
    ).toBe('12:00 at the stated offset UTC+01:00');
  });

  it('shows a time the clocks skipped as the time it resolved to, not as typed', () => {
    // Oslo, 25 March 1990: 02:30 never happened; read as CEST it is 01:30 UT, which the clock showed as 03:30.
    const oslo = {
      date: '1990-03-25',
      time: '02:30',
      localTime: '1990-03-25T03:30:00',
      utc: '1990-03-25T01:30:00.000Z',
      utcOffsetSeconds: 7200,
      zoneAbbreviation: 'CEST',
      statedUtcOffsetSeconds: null,
    };
    expect(describeBirthTime(oslo)).toBe('03:30 CEST (UTC+02:00)');
    expect(describeBirthDate(oslo)).toBe('1990-03-25');
    // A whole skipped day (Apia, 30 December 2011) moves the date as well.
    expect(describeBirthDate({ date: '2011-12-30', localTime: '2011-12-31T10:00:00' })).toBe('2011-12-31');
    // A copy saved before the server sent the wall time shows what was typed.
    expect(describeBirthTime({ time: '14:30' })).toBe('14:30');
    expect(describeBirthDate({ date: '1990-04-21' })).toBe('1990-04-21');
  });
});

describe('the stated UTC offset', () => {
  it('is optional, read like +01:00 into seconds, and refused with a clear message otherwise', () => {
    expect(issues({ ...filled, statedOffset: '  ' })).toEqual({});
    expect(toPayload({ ...filled, statedOffset: '' })).not.toHaveProperty('statedUtcOffsetSeconds');
    expect(toPayload({ ...filled, statedOffset: '+01:00' }).statedUtcOffsetSeconds).toBe(3600);
    expect(toPayload({ ...filled, statedOffset: '-4:56:02' }).statedUtcOffsetSeconds).toBe(-17_762);
    expect(toPayload({ ...filled, statedOffset: 'UTC−05:30' }).statedUtcOffsetSeconds).toBe(-19_800);
    expect(issues({ ...filled, statedOffset: '1:00' })).toEqual({
      statedOffset: 'Please enter the offset like +01:00 or −04:56:02.',
    });
    expect(issues({ ...filled, statedOffset: 'CET' })).toEqual({
      statedOffset: 'Please enter the offset like +01:00 or −04:56:02.',
    });
    expect(issues({ ...filled, statedOffset: '+16:00:01' })).toEqual({
      statedOffset: 'The stated UTC offset must be between UTC−16:00 and UTC+16:00.',
    });
    expect(issues({ ...filled, statedOffset: '-16:00' })).toEqual({});
  });

  it('shows a saved offset in the field when editing', () => {
    expect(initialValues({ ...filled, statedUtcOffsetSeconds: -17_762 }).statedOffset).toBe('-04:56:02');
    expect(initialValues({ ...filled, statedUtcOffsetSeconds: 3600 }).statedOffset).toBe('+01:00');
    expect(initialValues({ ...filled, statedUtcOffsetSeconds: null }).statedOffset).toBe('');
  });

  it('names local mean time in a choice at the change from it, to the second', () => {
    const choice = {
      resolution: 'earlier' as const,
      utc: '1894-12-31T22:50:00.000Z',
      utcOffsetSeconds: 1277,
      abbreviation: 'LMT',
      isDst: false,
      localTime: '1894-12-31T23:11:17',
    };
    expect(describeTimeChoice(choice, 'skipped')).toBe(
      '23:11:17 local mean time (UTC+00:21:17), the clock time before the change',
    );
  });
});
