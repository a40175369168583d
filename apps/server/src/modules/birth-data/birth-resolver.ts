import { canonicalZoneName } from '@app/astro/time/zones';
import { foldName } from '@app/atlas/normalize.ts';
import {
  type BirthDataBody,
  type PlaceProblemDetails,
  type TimeResolution,
  UNKNOWN_TIME_PLACEHOLDER,
} from '@app/contracts/birth-data.ts';
import type { FieldIssue } from '@app/contracts/errors.ts';
import type { Place } from '@app/contracts/places.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlacesService } from '../places/plugin.ts';
import { resolveBirthMoment } from './birth-moment.ts';
import { MESSAGES } from './messages.ts';
import type { BirthColumns } from './tables.ts';

// What the birth form sends, resolved once on save for anyone's birth (the person's own or someone
// in their life): the place to coordinates and zone through the atlas, the local time to UT.

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

export class BirthResolver {
  constructor(private readonly places: PlacesService) {}

  /**
   * Turns a validated body into the stored birth: the place to coordinates and zone, the local time to UT.
   * On update, a clock-change reading chosen before stays chosen while date, time and zone stay.
   */
  resolve(body: BirthDataBody, now: Date, previous?: BirthColumns): BirthColumns {
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
      const place = this.places.getById(body.placeId);
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
    const found = this.places
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

export function parseResolution(value: string | null): TimeResolution | null {
  return value === 'earlier' || value === 'later' ? value : null;
}
