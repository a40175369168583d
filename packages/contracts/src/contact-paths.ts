// Apart from the schemas (contact.ts), so the pages that only ask for the support address load no zod.

export const CONTACT_PATHS = {
  /** POST: send a message. */
  send: '/api/contact',
  /** GET: the public support address the page shows. */
  info: '/api/contact/info',
} as const;
