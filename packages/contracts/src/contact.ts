import { z } from 'zod';
import { NameSchema } from './auth.ts';
import { EmailSchema } from './email.ts';

// The contact form: POST /api/contact (public, throttled per address and per IP). The message is
// stored, mailed to the operators and acknowledged to the sender by mail. Its paths: contact-paths.ts.

const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export const CONTACT_TOPICS = [
  'general',
  'account',
  'billing',
  'technical',
  'privacy',
  'partners',
  'feedback',
] as const;
const ContactTopicSchema = z.enum(CONTACT_TOPICS, { error: 'Please choose a topic.' });
export type ContactTopic = z.infer<typeof ContactTopicSchema>;

/** What the form's topic select shows, and the subject line of the operators' copy. */
export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  general: 'General question',
  account: 'My account',
  billing: 'Billing and subscription',
  technical: 'Technical problem',
  privacy: 'Privacy and my data',
  partners: 'Partner programme',
  feedback: 'Feedback and ideas',
};

const ContactMessageTextSchema = z
  .string({ error: 'Please write your message.' })
  .trim()
  .min(CONTACT_MESSAGE_MIN_LENGTH, `Please write at least ${CONTACT_MESSAGE_MIN_LENGTH} characters.`)
  .max(CONTACT_MESSAGE_MAX_LENGTH, `A message can be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters.`);

export const ContactBodySchema = z.strictObject({
  name: NameSchema,
  email: EmailSchema,
  topic: ContactTopicSchema,
  message: ContactMessageTextSchema,
});
/** What the form holds (before trimming and normalising). */
export type ContactInput = z.input<typeof ContactBodySchema>;
export type ContactBody = z.infer<typeof ContactBodySchema>;

/** 201: stored and queued for mailing. `message` is the confirmation to show. */
export const ContactResultSchema = z.object({ success: z.literal(true), message: z.string() });
export type ContactResult = z.infer<typeof ContactResultSchema>;

export const ContactInfoResultSchema = z.object({
  success: z.literal(true),
  /** The address people may write to directly (SUPPORT_EMAIL). */
  supportEmail: z.string(),
});
export type ContactInfoResult = z.infer<typeof ContactInfoResultSchema>;
