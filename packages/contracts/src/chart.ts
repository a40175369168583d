import { SIGNS } from '@app/astro/chart/zodiac';
import { BODY_IDS } from '@app/astro/ephemeris/body-ids';
import { z } from 'zod';

// GET /api/chart/natal: the signed-in person's natal chart, computed from their birth data.

export const HOUSE_SYSTEM_CODES = ['P', 'K', 'W', 'E', 'O', 'R', 'C'] as const;
export const HouseSystemCodeSchema = z.enum(HOUSE_SYSTEM_CODES, {
  error: `houseSystem must be one of ${HOUSE_SYSTEM_CODES.join(', ')}.`,
});
export type HouseSystemCode = z.infer<typeof HouseSystemCodeSchema>;

export const HOUSE_SYSTEM_NAMES: Record<HouseSystemCode, string> = {
  P: 'Placidus',
  K: 'Koch',
  W: 'Whole Sign',
  E: 'Equal',
  O: 'Porphyry',
  R: 'Regiomontanus',
  C: 'Campanus',
};

/** Tropical (from the vernal equinox) or sidereal with the Lahiri or Fagan/Bradley ayanamsa. */
export const ZODIAC_IDS = ['tropical', 'lahiri', 'fagan-bradley'] as const;
export const ZodiacIdSchema = z.enum(ZODIAC_IDS, {
  error: `zodiac must be one of ${ZODIAC_IDS.join(', ')}.`,
});
export type ZodiacId = z.infer<typeof ZodiacIdSchema>;

export const ZODIAC_NAMES: Record<ZodiacId, string> = {
  tropical: 'Tropical',
  lahiri: 'Sidereal (Lahiri)',
  'fagan-bradley': 'Sidereal (Fagan-Bradley)',
};

export const NatalChartQuerySchema = z.strictObject({
  houseSystem: HouseSystemCodeSchema.default('P'),
  zodiac: ZodiacIdSchema.default('tropical'),
});

export const SIGN_NAMES = SIGNS;
const SignSchema = z.enum(SIGN_NAMES);
export type SignName = z.infer<typeof SignSchema>;

export const BODY_NAMES = BODY_IDS;
const BodyNameSchema = z.enum(BODY_NAMES);
export type BodyName = z.infer<typeof BodyNameSchema>;

const ASPECT_KINDS = [
  'conjunction',
  'semiSextile',
  'sextile',
  'square',
  'trine',
  'quincunx',
  'opposition',
] as const;
const AspectKindSchema = z.enum(ASPECT_KINDS);
export type AspectKindName = z.infer<typeof AspectKindSchema>;

/** A point on the zodiac: longitude 0..360 and the same as sign, whole degrees and minutes (truncated). */
const ZodiacPosition = z.object({
  longitude: z.number(),
  sign: SignSchema,
  degree: z.number().int().min(0).max(29),
  minute: z.number().int().min(0).max(59),
});
export type ZodiacPosition = z.infer<typeof ZodiacPosition>;

const ChartBodySchema = ZodiacPosition.extend({
  id: BodyNameSchema,
  /** Ecliptic latitude, degrees. */
  latitude: z.number(),
  /** Degrees per day; negative when retrograde. */
  speed: z.number(),
  retrograde: z.boolean(),
  /** 1..12; null when the birth time is unknown. */
  house: z.number().int().min(1).max(12).nullable(),
  dignities: z.array(z.enum(['domicile', 'exaltation', 'detriment', 'fall'])),
});

const ChartAnglesSchema = z.object({
  ascendant: ZodiacPosition,
  midheaven: ZodiacPosition,
  descendant: ZodiacPosition,
  imumCoeli: ZodiacPosition,
  vertex: ZodiacPosition,
});

const ChartCuspSchema = ZodiacPosition.extend({ house: z.number().int().min(1).max(12) });

const ChartAspectSchema = z.object({
  /** Body ids, or 'ascendant' / 'midheaven'. */
  a: z.string(),
  b: z.string(),
  kind: AspectKindSchema,
  angle: z.number(),
  /** Distance from exact, degrees (signed). */
  deviation: z.number(),
  orb: z.number(),
  exactness: z.number(),
  motion: z.enum(['applying', 'separating', 'exact']),
});

const NatalChartSchema = z.object({
  /** The house system asked for and the one used (they differ in polar latitudes, see notes). */
  houseSystem: z.object({ requested: HouseSystemCodeSchema, used: HouseSystemCodeSchema }),
  /** The zodiac longitudes are counted in, and for a sidereal one the ayanamsa subtracted (degrees). */
  zodiac: z.object({ id: ZodiacIdSchema, ayanamsa: z.number().nullable() }),
  timeKnown: z.boolean(),
  moment: z.object({
    utc: z.string(),
    /** The wall-clock time at the birth ("1990-03-25T03:30:00"; a skipped time reads as the one it became). */
    localTime: z.string(),
    timeZone: z.string(),
    utcOffsetSeconds: z.number().int(),
    zoneAbbreviation: z.string(),
    /** Before standard time: "local mean time of Bergen (+0:21:17)", the clock the time was read on. */
    timeBasis: z.string().optional(),
  }),
  place: z.object({ city: z.string(), country: z.string(), latitude: z.number(), longitude: z.number() }),
  bodies: z.array(ChartBodySchema),
  /** null when the birth time is unknown. */
  angles: ChartAnglesSchema.nullable(),
  /** Twelve cusps, house 1 first; null when the birth time is unknown. */
  cusps: z.array(ChartCuspSchema).nullable(),
  aspects: z.array(ChartAspectSchema),
  /** Counts over the ten planets, Sun to Pluto. */
  elements: z.object({ fire: z.number(), earth: z.number(), air: z.number(), water: z.number() }),
  modalities: z.object({ cardinal: z.number(), fixed: z.number(), mutable: z.number() }),
  /** Ruler of the rising sign; null when the birth time is unknown. */
  chartRuler: z.object({ modern: BodyNameSchema, traditional: BodyNameSchema }).nullable(),
  moonPhase: z
    .object({
      name: z.string(),
      illumination: z.number(),
      elongation: z.number(),
      waxing: z.boolean(),
    })
    .nullable(),
  /** Plain-language remarks: unknown birth time, a house system replaced near the poles. */
  notes: z.array(z.string()),
});
export type NatalChart = z.infer<typeof NatalChartSchema>;

const ChartReadingEntrySchema = z.object({
  /** Stable within a chart ("sign-sun", "aspect-moon-saturn-square"); the page anchors it as "reading-<id>". */
  id: z.string(),
  title: z.string(),
  text: z.string(),
});
export type ChartReadingEntry = z.infer<typeof ChartReadingEntrySchema>;

/** The chart read in words, in sections; without a birth time no section rests on houses or angles. */
export const ChartReadingSchema = z.object({
  sections: z.array(
    z.object({ id: z.string(), title: z.string(), entries: z.array(ChartReadingEntrySchema) }),
  ),
  /** Why sections are missing (unknown birth time), else null. */
  note: z.string().nullable(),
});
export type ChartReading = z.infer<typeof ChartReadingSchema>;

export const NatalChartResultSchema = z.object({
  success: z.literal(true),
  chart: NatalChartSchema,
  reading: ChartReadingSchema,
});
export type NatalChartResult = z.infer<typeof NatalChartResultSchema>;
