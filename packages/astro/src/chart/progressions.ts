// Secondary progressions (a day for a year) and solar returns.
//
// The progressed chart for an age of N years is the sky N days after birth. Its angles follow the
// Midheaven by solar arc in longitude: progressed MC = natal MC + (progressed Sun − natal Sun), the
// Ascendant and cusps then from that MC at the birthplace's latitude. The solar arc keeps the
// angles moving with the actual Sun (about a degree a year, faster in winter), the usual default
// of astrological software; the mean-Sun (Naibod) rate would ignore the Sun's uneven speed.
//
// The solar return for a year is the instant the Sun comes back to its natal longitude (in the
// chart's zodiac: a sidereal chart has a sidereal return, about 20 minutes later per 30 years).
import { DEG, norm360, RAD, signedDelta } from '../ephemeris/angles.ts';
import { bodyPosition } from '../ephemeris/bodies.ts';
import { makeInstant } from '../ephemeris/instant.ts';
import { AstroInputError } from '../errors.ts';
import { computeAngles } from '../houses/houses.ts';
import { epochSecondsToCivil, formatCivil, jdToEpochSeconds } from '../time/civil.ts';
import { isoUtc, type MomentInput, type ResolvedMoment, resolveMoment } from '../time/instant-input.ts';
import { zoneOffsetAt } from '../time/zones.ts';
import {
  buildChart,
  checkCoordinates,
  computeNatalChart,
  type NatalChart,
  type NatalChartInput,
  parseHouseSystem,
} from './natal-chart.ts';
import { ayanamsaAt, isSidereal, parseZodiac, type Zodiac } from './sidereal.ts';

/** Mean tropical year in days: one day after birth stands for one of these. */
export const TROPICAL_YEAR_DAYS = 365.242189;
const MAX_AGE = 150;
const FIRST_YEAR = 1800;
const LAST_YEAR = 2200;

export interface ProgressionInput extends NatalChartInput {
  /** Age in years (fractions allowed); or give `at`, the moment to progress to. */
  age?: number;
  at?: MomentInput;
}

export interface Progression {
  natal: NatalChart;
  age: number;
  /** Progressed Sun minus natal Sun, degrees: how far the angles have moved. */
  solarArc: number;
  angleMethod: 'solar-arc-in-longitude';
  /** The chart at birth + age days: bodies as they were then, angles and cusps by solar arc. */
  progressed: NatalChart;
}

/** A UT instant as a resolved moment, with the wall-clock time at `zone` when given. */
function momentAt(jdUt: number, zone?: string): ResolvedMoment {
  const epochSeconds = jdToEpochSeconds(jdUt);
  const moment: ResolvedMoment = { epochSeconds, jdUt, utc: isoUtc(epochSeconds) };
  if (!zone) return moment;
  const offset = zoneOffsetAt(zone, epochSeconds);
  return {
    ...moment,
    zone,
    localTime: formatCivil(epochSecondsToCivil(Math.round(epochSeconds) + offset.offset)),
    utcOffsetSeconds: offset.offset,
    zoneAbbreviation: offset.abbreviation,
  };
}

function zoneOf(moment: MomentInput): string | undefined {
  return 'zone' in moment ? moment.zone : undefined;
}

export function computeProgressions(input: ProgressionInput): Progression {
  const natal = computeNatalChart(input);
  const age =
    input.at !== undefined
      ? (resolveMoment(input.at).jdUt - natal.moment.jdUt) / TROPICAL_YEAR_DAYS
      : input.age;
  if (age === undefined || !Number.isFinite(age) || age < 0 || age > MAX_AGE) {
    throw new AstroInputError(
      `The age to progress to must be between 0 and ${MAX_AGE} years (a moment after birth), got ${age ?? 'none'}`,
      'INVALID_AGE',
    );
  }
  const natalInst = makeInstant(natal.moment.jdUt);
  const inst = makeInstant(natal.moment.jdUt + age);
  // Measured in the tropical zodiac; the sidereal shift then applies to the result like to any chart.
  const solarArc = norm360(bodyPosition('sun', inst).longitude - bodyPosition('sun', natalInst).longitude);
  const natalMc = computeAngles(natalInst.gast + input.longitude, input.latitude, natalInst.trueObliquity);
  const mc = (natalMc.midheaven + solarArc) * DEG;
  const armc = Math.atan2(Math.sin(mc) * Math.cos(inst.trueObliquity * DEG), Math.cos(mc)) * RAD;
  const progressed = buildChart({
    inst,
    moment: momentAt(inst.jdUt, zoneOf(input.moment)),
    latitude: input.latitude,
    longitude: input.longitude,
    system: parseHouseSystem(input.houseSystem),
    options: input.options ?? {},
    timeKnown: natal.timeKnown,
    zodiac: natal.zodiac,
    armc: norm360(armc),
  });
  return { natal, age, solarArc, angleMethod: 'solar-arc-in-longitude', progressed };
}

export interface SolarReturnInput extends NatalChartInput {
  /** Calendar year of the return: the one nearest the birthday in that year. */
  year: number;
  /** Where the return chart is cast (default: the birthplace); `zone` adds the local time. */
  place?: { latitude: number; longitude: number; zone?: string };
}

export interface SolarReturn {
  natal: NatalChart;
  year: number;
  /** The natal Sun's longitude in the chart's zodiac, which the Sun returns to. */
  sunLongitude: number;
  /** The chart for the return instant at the return place. */
  chart: NatalChart;
}

/** The Sun's longitude and daily speed in a zodiac. */
function sunIn(zodiac: Zodiac, jdUt: number): { longitude: number; speed: number } {
  const inst = makeInstant(jdUt);
  const sun = bodyPosition('sun', inst);
  if (!isSidereal(zodiac)) return sun;
  const ayanamsa = ayanamsaAt(zodiac.sidereal, inst);
  return { longitude: norm360(sun.longitude - ayanamsa.value), speed: sun.speed - ayanamsa.speed };
}

/** When the Sun is at `longitude` near `guessJd` (within a few days), to a millisecond. */
function sunReturnInstant(zodiac: Zodiac, longitude: number, guessJd: number): number {
  let jd = guessJd;
  for (let i = 0; i < 10; i++) {
    const sun = sunIn(zodiac, jd);
    const step = signedDelta(longitude, sun.longitude) / sun.speed;
    jd += step;
    if (Math.abs(step) < 1e-8) return jd;
  }
  return jd;
}

export function computeSolarReturn(input: SolarReturnInput): SolarReturn {
  const natal = computeNatalChart(input);
  const birthYear = Number(natal.moment.utc.slice(0, 4));
  if (
    !Number.isInteger(input.year) ||
    input.year < Math.max(birthYear, FIRST_YEAR) ||
    input.year > LAST_YEAR
  ) {
    throw new AstroInputError(
      `The return year must be a whole year from the birth year (${birthYear}) to ${LAST_YEAR}, got ${input.year}`,
      'INVALID_YEAR',
    );
  }
  const place = input.place ?? {
    latitude: input.latitude,
    longitude: input.longitude,
    zone: zoneOf(input.moment),
  };
  checkCoordinates(place.latitude, place.longitude);
  const zodiac = parseZodiac(input.zodiac);
  const sunLongitude =
    natal.bodies.find((b) => b.body === 'sun')?.longitude ?? sunIn(zodiac, natal.moment.jdUt).longitude;
  const guess = natal.moment.jdUt + (input.year - birthYear) * TROPICAL_YEAR_DAYS;
  const jdUt = sunReturnInstant(zodiac, sunLongitude, guess);
  const chart = buildChart({
    inst: makeInstant(jdUt),
    moment: momentAt(jdUt, place.zone),
    latitude: place.latitude,
    longitude: place.longitude,
    system: parseHouseSystem(input.houseSystem),
    options: input.options ?? {},
    // Without the birth time the return instant is uncertain by up to half a day: no angles then.
    timeKnown: natal.timeKnown,
    zodiac,
  });
  return { natal, year: input.year, sunLongitude, chart };
}
