import { z } from 'zod';

// GET /api/places: the world atlas behind the birth-place autocomplete. Public (no login): the
// data is public and the birth form needs it before anything else.

const PLACES_QUERY_MAX_LENGTH = 100;
const PLACES_LIMIT_MAX = 20;
const PLACES_LIMIT_DEFAULT = 10;

export const PlacesQuerySchema = z.strictObject({
  q: z
    .string({ error: 'Please type the start of a place name.' })
    .trim()
    .min(1, 'Please type the start of a place name.')
    .max(
      PLACES_QUERY_MAX_LENGTH,
      `A place name search can be at most ${PLACES_QUERY_MAX_LENGTH} characters.`,
    ),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter ISO code, such as US or NO.')
    .transform((code) => code.toUpperCase())
    .optional(),
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${PLACES_LIMIT_MAX}.` })
    .int(`Limit must be a whole number from 1 to ${PLACES_LIMIT_MAX}.`)
    .min(1, `Limit must be a whole number from 1 to ${PLACES_LIMIT_MAX}.`)
    .max(PLACES_LIMIT_MAX, `Limit must be a whole number from 1 to ${PLACES_LIMIT_MAX}.`)
    .default(PLACES_LIMIT_DEFAULT),
});
export type PlacesQuery = z.infer<typeof PlacesQuerySchema>;

/** A place of the atlas; `id` (GeoNames id) is what birth data may store instead of a name. */
export const PlaceSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** First-level division (state, province, county...) that tells namesakes apart; null if none. */
  region: z.string().nullable(),
  /** Country name in English. */
  country: z.string(),
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string().length(2),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  population: z.number().int().nonnegative(),
  /** IANA zone, right for the place's history before 1970 too. */
  timeZone: z.string(),
});
export type Place = z.infer<typeof PlaceSchema>;

/** Best matches first: by population, whole-name matches weighted up. */
export const PlacesResultSchema = z.object({ success: z.literal(true), places: z.array(PlaceSchema) });
export type PlacesResult = z.infer<typeof PlacesResultSchema>;

/** GET /api/places/:id: one place by its id, e.g. to show the place saved with birth data. */
export const PlaceIdParamsSchema = z.strictObject({
  id: z.coerce
    .number({ error: 'A place id is a positive whole number.' })
    .int('A place id is a positive whole number.')
    .positive('A place id is a positive whole number.')
    .max(4_294_967_295, 'A place id is a positive whole number.'),
});

export const PlaceResultSchema = z.object({ success: z.literal(true), place: PlaceSchema });
