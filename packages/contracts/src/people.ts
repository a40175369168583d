import { z } from 'zod';
import { BIRTH_FIELDS, BirthDataSchema, checkBirthFields } from './birth-data.ts';
import { ChartReadingSchema } from './chart.ts';

// People in a person's life and the comparison of their charts: /api/people.

/** How many people one account may keep. */
export const PEOPLE_LIMIT = 20;
export const RELATION_MAX_LENGTH = 40;
/** Relations offered in the form; any other short text is accepted too. */
export const RELATION_SUGGESTIONS = ['partner', 'friend', 'family', 'child', 'parent', 'colleague'] as const;

/** POST /api/people and PUT /api/people/:id: the birth form's fields and an optional relation. */
export const PersonInputSchema = z
  .strictObject({
    ...BIRTH_FIELDS,
    relation: z
      .string({ error: 'The relation must be text.' })
      .trim()
      .max(RELATION_MAX_LENGTH, `The relation can be at most ${RELATION_MAX_LENGTH} characters.`)
      .nullable()
      .optional(),
  })
  .superRefine(checkBirthFields);
export type PersonInput = z.input<typeof PersonInputSchema>;
export type PersonBody = z.output<typeof PersonInputSchema>;

const PersonSchema = BirthDataSchema.extend({
  id: z.string(),
  relation: z.string().nullable(),
});
export type Person = z.infer<typeof PersonSchema>;

export const PersonResultSchema = z.object({ success: z.literal(true), data: PersonSchema });
export const PeopleListSchema = z.object({
  success: z.literal(true),
  data: z.array(PersonSchema),
  /** How many people the account may keep. */
  limit: z.number().int(),
});
export type PeopleList = z.infer<typeof PeopleListSchema>;

export const PersonIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

const MajorAspectSchema = z.enum(['conjunction', 'sextile', 'square', 'trine', 'opposition']);
const PositionSchema = z.object({ longitude: z.number(), sign: z.string() });

const SynastrySchema = z.object({
  person: z.object({ id: z.string(), name: z.string(), timeKnown: z.boolean() }),
  /** Whether the account holder's own birth time is known. */
  timeKnown: z.boolean(),
  /** The other person's bodies, for the outer ring of a bi-wheel around the account holder's chart. */
  theirs: z.array(z.object({ body: z.string(), longitude: z.number(), retrograde: z.boolean() })),
  /** `a` a point of the account holder's chart, `b` one of the other person's; orb in degrees. */
  aspects: z.array(z.object({ a: z.string(), b: z.string(), kind: MajorAspectSchema, orb: z.number() })),
  composite: z.object({
    bodies: z.array(PositionSchema.extend({ body: z.string(), house: z.number().int().nullable() })),
    angles: z.object({ ascendant: PositionSchema, midheaven: PositionSchema }).nullable(),
    /** House cusps 1..12 (longitudes) from the composite Midheaven; null without both birth times. */
    cusps: z.array(z.number()).nullable(),
    /** Major aspects among the composite's points, for drawing its wheel. */
    aspects: z.array(
      z.object({
        a: z.string(),
        b: z.string(),
        kind: MajorAspectSchema,
        orb: z.number(),
        exactness: z.number(),
      }),
    ),
  }),
  overlay: z.object({
    /** The other person's planets in the account holder's houses (empty without their birth time). */
    theirsInYours: z.array(z.object({ body: z.string(), house: z.number().int() })),
    yoursInTheirs: z.array(z.object({ body: z.string(), house: z.number().int() })),
  }),
  /** Counts over the ten planets of each chart. */
  elements: z.object({ yours: z.record(z.string(), z.number()), theirs: z.record(z.string(), z.number()) }),
  modalities: z.object({
    yours: z.record(z.string(), z.number()),
    theirs: z.record(z.string(), z.number()),
  }),
  reading: ChartReadingSchema,
});
export type Synastry = z.infer<typeof SynastrySchema>;
export const SynastryResultSchema = z.object({ success: z.literal(true), data: SynastrySchema });
