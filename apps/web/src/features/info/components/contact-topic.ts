import { CONTACT_TOPICS, type ContactTopic } from '@app/contracts/contact.ts';

/** Words links may use for a topic besides its own name: the footer's Support link says "support". */
const TOPIC_ALIASES: ReadonlyMap<string, ContactTopic> = new Map([
  ['support', 'technical'],
  ['help', 'technical'],
  ['partner', 'partners'],
  ['data', 'privacy'],
]);

/** The topic a `?topic=` parameter asks for, or null when it names none. */
export function topicFromParam(value: string | null): ContactTopic | null {
  const key = (value ?? '').trim().toLowerCase();
  if ((CONTACT_TOPICS as readonly string[]).includes(key)) return key as ContactTopic;
  return TOPIC_ALIASES.get(key) ?? null;
}
