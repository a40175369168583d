import { type NatalChart as AstroChart, chartOfBirth } from '@app/astro/chart/natal-chart';
import { degreeMinuteOf } from '@app/astro/chart/zodiac';
import { houseSystemCode } from '@app/astro/houses/houses';
import type { BirthData } from '@app/contracts/birth-data.ts';
import type { HouseSystemCode, NatalChart, ZodiacId, ZodiacPosition } from '@app/contracts/chart.ts';
import { storedClock, storedWallTime } from './birth-moment.ts';
import { parseResolution } from './birth-resolver.ts';
import type { BirthColumns } from './tables.ts';

// A stored birth as the API shows it, as readings use it, and as a chart.

const at = (longitude: number): ZodiacPosition => ({ longitude, ...degreeMinuteOf(longitude) });

/** The birth moment and place as readings use them. */
export interface BirthFacts {
  utc: string;
  latitude: number;
  longitude: number;
  timeKnown: boolean;
  /** Zone of the birth place. */
  timeZone: string;
}

export function birthFactsOf(row: BirthColumns): BirthFacts {
  return {
    utc: row.utc,
    latitude: row.latitude,
    longitude: row.longitude,
    timeKnown: Number(row.time_unknown) !== 1,
    timeZone: row.time_zone,
  };
}

export function toBirthData(row: BirthColumns): BirthData {
  const clock = storedClock(row);
  return {
    name: row.name,
    date: row.birth_date,
    time: row.birth_time,
    timeUnknown: row.time_unknown === 1,
    city: row.city,
    country: row.country,
    placeId: row.place_id === null ? null : Number(row.place_id),
    region: row.region,
    countryCode: row.country_code,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.time_zone,
    utc: row.utc,
    utcOffsetSeconds: row.utc_offset_seconds,
    localTime: storedWallTime(row),
    zoneAbbreviation: clock.abbreviation,
    statedUtcOffsetSeconds:
      row.stated_utc_offset_seconds === null ? null : Number(row.stated_utc_offset_seconds),
    timeBasis: clock.timeBasis,
    resolution: parseResolution(row.resolution),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The computed chart of a stored birth (for comparisons and readings). */
export function astroChartOf(
  row: BirthColumns,
  houseSystem: HouseSystemCode = 'P',
  zodiac: ZodiacId = 'tropical',
): AstroChart {
  return chartOfBirth(birthFactsOf(row), { houseSystem, zodiac });
}

/** The natal chart of a stored birth as the API shows it: one way for anyone's birth. */
export function chartOf(
  row: BirthColumns,
  requested: HouseSystemCode,
  zodiac: ZodiacId = 'tropical',
): NatalChart {
  const timeKnown = Number(row.time_unknown) !== 1;
  const chart = astroChartOf(row, requested, zodiac);
  // The offset stored at saving: the stated one, the birthplace's mean time, or the zone's.
  const clock = storedClock(row);
  const notes: string[] = [];
  if (chart.housesOmittedReason) notes.push(chart.housesOmittedReason);
  if (chart.houses?.fallbackReason) notes.push(chart.houses.fallbackReason);
  const angles = chart.angles;
  return {
    houseSystem: { requested, used: chart.houses ? houseSystemCode(chart.houses.system) : requested },
    zodiac: { id: zodiac, ayanamsa: chart.ayanamsa },
    timeKnown,
    moment: {
      utc: row.utc,
      localTime: storedWallTime(row),
      timeZone: row.time_zone,
      utcOffsetSeconds: Number(row.utc_offset_seconds),
      zoneAbbreviation: clock.abbreviation,
      ...(clock.timeBasis !== null && { timeBasis: clock.timeBasis }),
    },
    place: { city: row.city, country: row.country, latitude: row.latitude, longitude: row.longitude },
    bodies: chart.bodies.map((body) => ({
      id: body.body,
      ...at(body.longitude),
      latitude: body.latitude,
      speed: body.speed,
      retrograde: body.retrograde,
      house: body.house,
      dignities: body.dignities,
    })),
    angles: angles && {
      ascendant: at(angles.ascendant),
      midheaven: at(angles.midheaven),
      descendant: at(angles.descendant),
      imumCoeli: at(angles.imumCoeli),
      vertex: at(angles.vertex),
    },
    cusps: chart.houses
      ? chart.houses.cusps.map((longitude, index) => ({ house: index + 1, ...at(longitude) }))
      : null,
    aspects: chart.aspects.map((aspect) => ({
      a: aspect.a,
      b: aspect.b,
      kind: aspect.kind,
      angle: aspect.angle,
      deviation: aspect.deviation,
      orb: aspect.orb,
      exactness: aspect.exactness,
      motion: aspect.motion,
    })),
    elements: chart.elements,
    modalities: chart.modalities,
    chartRuler: chart.chartRuler,
    moonPhase: chart.moonPhase && {
      name: chart.moonPhase.name,
      illumination: chart.moonPhase.illumination,
      elongation: chart.moonPhase.elongation,
      waxing: chart.moonPhase.waxing,
    },
    notes,
  };
}
