import { z } from 'zod';
import { ChatFactSchema } from './chat.ts';
import { LandscapeSchema } from './landscape.ts';

// GET /api/samples: what the product gives, computed for a fixed sample birth, for the home page.
// Public (no login), the same for everyone, computed once per UTC day.

/** The sample person's birth, as the birth form would take it. */
const SampleBirthSchema = z.object({
  /** YYYY-MM-DD, local to the birthplace. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** HH:MM, local to the birthplace. */
  time: z.string().regex(/^\d{2}:\d{2}$/),
  /** "Oslo, Norway". */
  place: z.string(),
  /** IANA zone of the birthplace (and of the sample's day). */
  zone: z.string(),
});
export type SampleBirth = z.infer<typeof SampleBirthSchema>;

const SampleChatSchema = z.object({
  question: z.string(),
  /** The assistant's answer, in the chat's small Markdown (paragraphs, "- " lists, **bold**). */
  answer: z.string(),
  /** The facts from the sample chart the answer rests on. */
  facts: z.array(ChatFactSchema),
});

const SamplesSchema = z.object({
  birth: SampleBirthSchema,
  /** Today's landscape (the UTC date's day at the birthplace) for the sample birth. */
  landscape: LandscapeSchema,
  chat: SampleChatSchema,
});
export type Samples = z.infer<typeof SamplesSchema>;

export const SamplesResultSchema = z.object({ success: z.literal(true), data: SamplesSchema });
export type SamplesResult = z.infer<typeof SamplesResultSchema>;
