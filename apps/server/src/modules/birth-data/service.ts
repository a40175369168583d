import { type NatalChart as AstroChart, computeNatalChart } from '@app/astro/chart/natal-chart';
import { degreeMinuteOf } from '@app/astro/chart/zodiac';
import { houseSystemCode } from '@app/astro/houses/houses';
import { canonicalZoneName } from '@app/astro/time/zones';
import { foldName } from '@app/atlas/normalize.ts';
import {
  type BirthData,
  type BirthDataBody,
  type PlaceProblemDetails,
  type TimeResolution,
  UNKNOWN_TIME_PLACEHOLDER,
} from '@app/contracts/birth-data.ts';
import type { HouseSystemCode, NatalChart, ZodiacId, ZodiacPosition } from '@app/contracts/chart.ts';
import type { FieldIssue } from '@app/contracts/errors.ts';
import type { Place } from '@app/contracts/places.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { PlacesService } from '../places/plugin.ts';
import { CLOCK_MESSAGES, resolveBirthMoment, storedClock, storedWallTime } from './birth-moment.ts';
import type { BirthDataRepository, BirthDataRow } from './repository.ts';

export const MESSAGES = {
  saved: 'Your birth data was saved.',
  updated: 'Your birth data was updated.',
  deleted: 'Your birth data was deleted.',
  alreadySaved: 'You have already saved your birth data. Update it instead.',
  nothingSaved: 'You have not saved any birth data yet.',
  future: 'The date and time of birth are in the future.',
  unknownZone: (zone: string) =>
    `"${zone}" is not a known time zone (use an IANA name such as Europe/Paris).`,
  placeIdUnknown: 'This place is not in the atlas. Please choose the place again.',
  placeNotFound: (city: string, country: string) =>
    `We could not find ${city} in ${country}. Please check the spelling or choose a place from the list.`,
  placeAmbiguous: (city: string, count: number) =>
    `There are ${count} places called ${city}. Please choose the one you were born in.`,
  ...CLOCK_MESSAGES,
} as const;

const CANDIDATE_LIMIT = 10;

/** Everyday names for countries whose atlas name is longer ("United States", "United Kingdom"). */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
};

/** The birth moment and place as readings use them. */
export interface BirthFacts {
  utc: string;
  latitude: number;
  longitude: number;
  timeKnown: boolean;
  /** Zone of the birth place. */
  timeZone: string;
}

export interface BirthDataServiceDeps {
  repo: BirthDataRepository;
  places: PlacesService;
  clock: Clock;
}

interface ResolvedPlace {
  placeId: number | null;
  region: string | null;
  countryCode: string | null;
  latitude: number;
  longitude: number;
  timeZone: string;
}

const validation = (message: string, path: string) =>
  new AppError(422, 'VALIDATION_FAILED', message, [{ path, message } satisfies FieldIssue]);

const at = (longitude: number): ZodiacPosition => ({ longitude, ...degreeMinuteOf(longitude) });

/** A person's birth data: place and time resolved once, on save, and the chart computed from them. */
export class BirthDataService {
  constructor(private readonly deps: BirthDataServiceDeps) {}

  async get(userId: string): Promise<BirthData | null> {
    const row = await this.deps.repo.find(userId);
    return row ? toBirthData(row) : null;
  }

  async save(userId: string, body: BirthDataBody): Promise<BirthData> {
    const row = this.resolve(userId, body, this.now());
    if (!(await this.deps.repo.insert(row))) throw new AppError(409, 'CONFLICT', MESSAGES.alreadySaved);
    return toBirthData(row);
  }

  async update(userId: string, body: BirthDataBody): Promise<BirthData> {
    const existing = await this.deps.repo.find(userId);
    if (!existing) throw notFound(MESSAGES.nothingSaved);
    const row = { ...this.resolve(userId, body, this.now(), existing), created_at: existing.created_at };
    if (!(await this.deps.repo.update(row))) throw notFound(MESSAGES.nothingSaved);
    await this.changed(userId);
    return toBirthData(row);
  }

  async delete(userId: string): Promise<void> {
    if (!(await this.deps.repo.delete(userId))) throw notFound(MESSAGES.nothingSaved);
    await this.changed(userId);
  }

  private readonly listeners: ((userId: string) => Promise<void>)[] = [];

  /** Readings made from the birth data (the landscape) drop what they derived when it changes. */
  onChange(listener: (userId: string) => Promise<void>): void {
    this.listeners.push(listener);
  }

  private async changed(userId: string): Promise<void> {
    for (const listener of this.listeners) await listener(userId);
  }

  /** The person's natal chart; computed on request (a fraction of a millisecond), so never stale. */
  async natalChart(
    userId: string,
    houseSystem: HouseSystemCode,
    zodiac: ZodiacId = 'tropical',
  ): Promise<NatalChart> {
    const row = await this.deps.repo.find(userId);
    if (!row) throw notFound(MESSAGES.nothingSaved);
    return buildChart(row, houseSystem, zodiac);
  }

  /** What readings need of the birth data (for the landscape and the assistant), or null when none is saved. */
  async birthFacts(userId: string): Promise<BirthFacts | null> {
    const row = await this.deps.repo.find(userId);
    if (!row) return null;
    return {
      utc: row.utc,
      latitude: row.latitude,
      longitude: row.longitude,
      timeKnown: Number(row.time_unknown) !== 1,
      timeZone: row.time_zone,
    };
  }

  /** People with birth data, a batch at a time in a stable order (for scheduled work). */
  userIdsAfter(after: string, limit: number): Promise<string[]> {
    return this.deps.repo.userIdsAfter(after, limit);
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  /**
   * Turns a validated body into a row: the place to coordinates and zone, the local time to UT.
   * On update, a clock-change reading chosen before stays chosen while date, time and zone stay.
   */
  private resolve(userId: string, body: BirthDataBody, now: Date, previous?: BirthDataRow): BirthDataRow {
    const place = this.resolvePlace(body);
    const time = body.timeUnknown ? UNKNOWN_TIME_PLACEHOLDER : (body.time as string);
    const sameMoment =
      previous !== undefined &&
      previous.birth_date === body.date &&
      previous.birth_time === time &&
      previous.time_zone === place.timeZone;
    const kept = sameMoment ? parseResolution(previous.resolution) : null;
    const stated = body.statedUtcOffsetSeconds ?? null;
    const moment = resolveBirthMoment({
      date: body.date,
      time,
      zone: place.timeZone,
      longitude: place.longitude,
      city: body.city,
      timeUnknown: body.timeUnknown,
      resolution: body.resolution ?? kept ?? undefined,
      statedUtcOffsetSeconds: stated,
    });
    if (moment.epochSeconds * 1000 > now.getTime()) throw validation(MESSAGES.future, 'date');
    const stamp = now.toISOString();
    return {
      user_id: userId,
      name: body.name,
      birth_date: body.date,
      birth_time: time,
      time_unknown: body.timeUnknown ? 1 : 0,
      city: body.city,
      country: body.country,
      place_id: place.placeId,
      region: place.region,
      country_code: place.countryCode,
      latitude: place.latitude,
      longitude: place.longitude,
      time_zone: place.timeZone,
      utc: new Date(moment.epochSeconds * 1000).toISOString(),
      utc_offset_seconds: moment.offset,
      stated_utc_offset_seconds: stated,
      resolution: moment.resolution,
      created_at: stamp,
      updated_at: stamp,
    };
  }

  private resolvePlace(body: BirthDataBody): ResolvedPlace {
    if (body.latitude !== undefined && body.longitude !== undefined && body.timeZone !== undefined) {
      const zone = canonicalZoneName(body.timeZone);
      if (!zone) throw validation(MESSAGES.unknownZone(body.timeZone), 'timeZone');
      return {
        placeId: null,
        region: null,
        countryCode: null,
        latitude: body.latitude,
        longitude: body.longitude,
        timeZone: zone,
      };
    }
    if (body.placeId !== undefined) {
      const place = this.deps.places.getById(body.placeId);
      if (!place) throw validation(MESSAGES.placeIdUnknown, 'placeId');
      return fromPlace(place);
    }
    return fromPlace(this.findPlace(body.city, body.country));
  }

  /** City and country typed without choosing from the list: exactly one atlas place must fit. */
  private findPlace(city: string, country: string): Place {
    const code = /^[A-Za-z]{2}$/.test(country.trim())
      ? country.trim().toUpperCase()
      : COUNTRY_ALIASES[foldName(country)];
    const wantedCountry = foldName(country);
    const [namePart = '', regionPart] = city.split(',').map((part) => part.trim());
    const wantedName = foldName(namePart);
    const wantedRegion = regionPart ? foldName(regionPart) : undefined;
    const found = this.deps.places
      .search({ q: city, limit: 20, ...(code && { country: code }) })
      .filter((place) => code || foldName(place.country) === wantedCountry);
    const exact = found.filter(
      (place) =>
        foldName(place.name) === wantedName &&
        (wantedRegion === undefined ||
          (place.region !== null && foldName(place.region).startsWith(wantedRegion))),
    );
    if (exact.length === 1) return exact[0]!;
    if (exact.length > 1) {
      throw new AppError(422, 'PLACE_AMBIGUOUS', MESSAGES.placeAmbiguous(namePart, exact.length), {
        field: 'city',
        candidates: exact.slice(0, CANDIDATE_LIMIT),
      } satisfies PlaceProblemDetails);
    }
    throw new AppError(422, 'PLACE_NOT_FOUND', MESSAGES.placeNotFound(city, country), {
      field: 'city',
      candidates: found.slice(0, CANDIDATE_LIMIT),
    } satisfies PlaceProblemDetails);
  }

  /** The person's birth data for the account export. */
  exportSection = async (userId: string): Promise<BirthData | null> => this.get(userId);
}

function fromPlace(place: Place): ResolvedPlace {
  return {
    placeId: place.id,
    region: place.region,
    countryCode: place.countryCode,
    latitude: place.lat,
    longitude: place.lon,
    timeZone: place.timeZone,
  };
}

function parseResolution(value: string | null): TimeResolution | null {
  return value === 'earlier' || value === 'later' ? value : null;
}

export function toBirthData(row: BirthDataRow): BirthData {
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

function buildChart(row: BirthDataRow, requested: HouseSystemCode, zodiac: ZodiacId): NatalChart {
  const timeKnown = row.time_unknown !== 1;
  const chart: AstroChart = computeNatalChart({
    moment: { utc: row.utc },
    latitude: row.latitude,
    longitude: row.longitude,
    houseSystem: requested,
    zodiac,
    options: { timeKnown },
  });
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
