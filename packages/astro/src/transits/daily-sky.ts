// The sky of one day measured against a natal chart: the transits that are in orb during the day
// (with when each enters orb, perfects and leaves orb), the Moon's day (sign, ingress, phase,
// void-of-course span and its passing aspects), stations, retrograde planets and sign ingresses.
// A "day" is any span of UT given by its bounds: the caller decides whose midnight it starts at.
import type { NatalChart } from '../chart/natal-chart.ts';
import type { BodyId } from '../ephemeris/body-ids.ts';
import { AstroInputError } from '../errors.ts';
import { type DayTransit, dayTransitsOf, moonTransitsOf } from './day-transits.ts';
import {
  type Ingress,
  ingressesOf,
  type MoonOfDay,
  moonOf,
  retrogradeAt,
  type Station,
  stationsOf,
} from './shared-sky.ts';
import { jdOf } from './sky-sampling.ts';

export {
  DAY_TRANSITING_BODIES,
  type DayTransit,
  MOON_TRANSIT_ORB,
  TRANSIT_ORB,
} from './day-transits.ts';
export { transitWeight } from './transit-weight.ts';

export interface DailySky {
  /** Ranked, heaviest first. */
  transits: DayTransit[];
  /** The Moon's transits that perfect during the day, in time order. */
  moonTransits: DayTransit[];
  moon: MoonOfDay;
  /** Planets retrograde at the day's middle. */
  retrograde: BodyId[];
  stations: Station[];
  ingresses: Ingress[];
}

/** What the day's sky is for everyone (no chart needed): the Moon, stations, retrograde planets, ingresses. */
export type SharedSky = Omit<DailySky, 'transits' | 'moonTransits'>;

function dayBounds(day: { startUtc: string; endUtc: string }): [number, number] {
  const start = jdOf(day.startUtc);
  const end = jdOf(day.endUtc);
  if (!(end > start) || end - start > 26 / 24)
    throw new AstroInputError('A day must end after it starts and last at most 26 hours', 'INVALID_RANGE');
  return [start, end];
}

/** The parts of the day's sky that do not depend on a chart; the same for everyone whose day has these bounds. */
export function sharedSkyOfDay(day: { startUtc: string; endUtc: string }): SharedSky {
  const [start, end] = dayBounds(day);
  const middle = (start + end) / 2;
  return {
    moon: moonOf(start, end),
    retrograde: retrogradeAt(middle),
    stations: stationsOf(start, end),
    ingresses: ingressesOf(start, end),
  };
}

/** The transits of the day to the chart: ranked day transits and the Moon's transits. */
export function transitsOfDay(
  chart: NatalChart,
  day: { startUtc: string; endUtc: string },
): Pick<DailySky, 'transits' | 'moonTransits'> {
  const [start, end] = dayBounds(day);
  return { transits: dayTransitsOf(chart, start, end), moonTransits: moonTransitsOf(chart, start, end) };
}

/** The day's sky against the chart; `startUtc`/`endUtc` bound the day (at most 26 hours, for days that gain an hour). */
export function dailySky(chart: NatalChart, day: { startUtc: string; endUtc: string }): DailySky {
  return { ...transitsOfDay(chart, day), ...sharedSkyOfDay(day) };
}

/** Every day transit that perfects within its own day, over consecutive days (for calendars and "this month"). */
export function exactTransitsOfDays(
  chart: NatalChart,
  days: readonly { startUtc: string; endUtc: string }[],
): DayTransit[] {
  const seen = new Map<string, DayTransit>();
  for (const day of days) {
    for (const t of transitsOfDay(chart, day).transits) {
      if (!t.exactAt || t.exactAt < day.startUtc || t.exactAt >= day.endUtc) continue;
      seen.set(`${t.body}|${t.point}|${t.kind}|${t.exactAt}`, t);
    }
  }
  return [...seen.values()].sort((a, b) => (a.exactAt ?? '').localeCompare(b.exactAt ?? ''));
}
