import { CONTACT_TOPIC_LABELS, type ContactBody } from '@app/contracts/contact.ts';
import { composeMail, greeting, PRODUCT_NAME } from '../../platform/mailer/compose.ts';
import type { MailMessage } from '../../platform/mailer/mailer.ts';

/** Names go into a subject line: no control characters, no line breaks. */
function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').trim();
}

/** The operators' copy: everything the sender wrote, and their address to reply to. */
export function contactForOperatorsMail(to: string, body: ContactBody, sentAt: string): MailMessage {
  return composeMail(to, `[Contact] ${CONTACT_TOPIC_LABELS[body.topic]}: ${oneLine(body.name)}`, [
    `A message arrived through the contact form on ${sentAt}.`,
    `From: ${body.name} <${body.email}>\nTopic: ${CONTACT_TOPIC_LABELS[body.topic]}`,
    body.message,
    `Reply to ${body.email} to answer.`,
  ]);
}

/**
 * The acknowledgement to the sender. Anyone can type any address into the form, so it repeats
 * nothing they wrote, not even the name: the form cannot send a stranger a text of one's choosing.
 */
export function contactReceivedMail(body: ContactBody, supportEmail: string): MailMessage {
  return composeMail(body.email, `We received your message to ${PRODUCT_NAME}`, [
    greeting(),
    `Thank you for writing to us about "${CONTACT_TOPIC_LABELS[body.topic]}". Your message has reached our team and we will answer at this address, usually within two working days.`,
    `If you did not write to us, you can ignore this mail. Questions can also go to ${supportEmail}.`,
  ]);
}
