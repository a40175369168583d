import { z } from 'zod';

// /api/cosmic-landscape: the signed-in person's daily landscape (docs/requirements/api.md,
// state-and-flows.md and constants.md). Every answer is `{ success, data }`; errors use the
// common error body.

/** docs/requirements/constants.md: default number of days the history returns. */
export const LANDSCAPE_HISTORY_DEFAULT = 7;
const LANDSCAPE_HISTORY_MAX = 60;

const Instant = z.string();
const LocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const LandscapeTransitSchema = z.object({
  /** Transiting body (the astro library's body ids). */
  body: z.string(),
  /** Natal point: a body id, 'ascendant' or 'midheaven'. */
  natalPoint: z.string(),
  /** The astro library's aspect id. */
  aspect: z.string(),
  /** Degrees from exact at the middle of the day. */
  orb: z.number(),
  applying: z.boolean(),
  /** ISO instants to the minute; null when beyond the span searched. */
  enters: Instant.nullable(),
  exactAt: Instant.nullable(),
  leaves: Instant.nullable(),
  weight: z.number(),
  /** "Saturn squares your natal Sun in Taurus". */
  title: z.string(),
  /** The reading of this transit (top transits only; the Moon's transits have none). */
  text: z.string(),
  /** A chat starter about this transit ("Ask about this"). */
  starter: z.string(),
});
export type LandscapeTransit = z.infer<typeof LandscapeTransitSchema>;

const LandscapeMoonSchema = z.object({
  sign: z.string(),
  ingress: z.object({ sign: z.string(), at: Instant }).nullable(),
  phase: z.string(),
  illumination: z.number(),
  waxing: z.boolean(),
  voidOfCourse: z.object({ start: Instant, end: Instant }).nullable(),
});

const SkyBodySchema = z.object({ body: z.string(), longitude: z.number(), retrograde: z.boolean() });

export const LandscapeSchema = z.object({
  id: z.string(),
  /** The person's local day. */
  date: LocalDate,
  /** IANA zone the day belongs to (current location, else birth place). */
  zone: z.string(),
  generatedAt: Instant,
  /**
   * The composer's variant: 0 for the day's first composition; a regeneration takes the lowest
   * later variant that reads differently from every reading already given that day.
   */
  variant: z.number().int(),
  timeKnown: z.boolean(),
  headline: z.string(),
  summary: z.string(),
  /** Why houses and angles are left out (unknown birth time), else null. */
  note: z.string().nullable(),
  moon: LandscapeMoonSchema,
  /** Ranked, heaviest first. */
  transits: z.array(LandscapeTransitSchema),
  /** The Moon's transits that perfect during the day, in time order. */
  moonTransits: z.array(LandscapeTransitSchema),
  retrograde: z.array(z.string()),
  stations: z.array(z.object({ body: z.string(), turns: z.enum(['retrograde', 'direct']), at: Instant })),
  ingresses: z.array(z.object({ body: z.string(), sign: z.string(), at: Instant })),
  /** Today's sky at the middle of the day, for the outer ring of the bi-wheel. */
  sky: z.array(SkyBodySchema),
});
export type Landscape = z.infer<typeof LandscapeSchema>;

export const LandscapeStatusSchema = z.object({
  date: LocalDate,
  zone: z.string(),
  exists: z.boolean(),
  generatedAt: Instant.nullable(),
  regenerationsUsed: z.number().int(),
  regenerationsAllowed: z.number().int(),
  /**
   * Whether a regeneration would read differently from every reading already given today; when
   * false none is offered (POST /regenerate answers 409 CONFLICT and spends nothing).
   */
  anotherReadingAvailable: z.boolean(),
});
export type LandscapeStatus = z.infer<typeof LandscapeStatusSchema>;

/** Why no regeneration is offered when every reading of the day's sky has been given (409 CONFLICT). */
export const NO_OTHER_READING_MESSAGE =
  "There is no other reading of today's sky yet: this one already says what the day holds.";

export const LandscapeUsageSchema = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
  resetsAt: Instant,
});
export type LandscapeUsage = z.infer<typeof LandscapeUsageSchema>;

export const LandscapeDashboardSchema = z.object({
  landscape: LandscapeSchema,
  status: LandscapeStatusSchema,
  history: z.array(LandscapeSchema),
});
export type LandscapeDashboard = z.infer<typeof LandscapeDashboardSchema>;

export const LandscapeHistoryQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit must be a number of days.' })
    .int('limit must be a whole number of days.')
    .min(1, 'limit must be at least 1.')
    .max(LANDSCAPE_HISTORY_MAX, `limit can be at most ${LANDSCAPE_HISTORY_MAX}.`)
    .default(LANDSCAPE_HISTORY_DEFAULT),
});

export const CalendarQuerySchema = z.strictObject({
  days: z.coerce
    .number({ error: 'days must be a number.' })
    .int('days must be a whole number.')
    .min(1, 'days must be at least 1.')
    .max(90, 'days can be at most 90.')
    .default(30),
  token: z.string().min(1).max(200),
});

export const CalendarLinkSchema = z.object({
  /** The private subscription address (keep it secret: anyone with it can read the feed). */
  url: z.string(),
});

/** `{ success: true, data }` around any landscape answer. */
export const landscapeAnswer = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const LandscapeLocationSchema = z.object({
  placeId: z.number().int().nullable(),
  /** "Lisbon, Lisbon, Portugal"; null: the day follows the birth place's zone. */
  name: z.string().nullable(),
  zone: z.string().nullable(),
});

export const LandscapeLocationBodySchema = z.strictObject({
  placeId: z
    .number({ error: 'placeId must be a place from the suggestions, or null for your birth place.' })
    .int('placeId must be a whole number.')
    .positive('placeId must be positive.')
    .nullable(),
});
