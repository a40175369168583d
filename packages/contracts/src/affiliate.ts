import { z } from 'zod';

// First-party affiliate tracking. The web keeps a random visitor id in local storage
// (STORAGE_KEYS.affiliateVisitor) and sends it with every click; the server counts at most one
// click per visitor, code and UTC day. After registering, the signed-in user's browser calls
// POST /api/affiliate/attribute with the same visitor id: the server credits the partner of the
// visitor's last click within the attribution window before registration (last click wins).

import {
  AFFILIATE_CODE_MAX_LENGTH,
  AFFILIATE_CODE_PATTERN,
  AFFILIATE_PATH_MAX_LENGTH,
  VISITOR_ID_PATTERN,
} from './affiliate-code.ts';

// The plain rules live in affiliate-code.ts (no zod) and are re-exported here.
export {
  AFFILIATE_CODE_MAX_LENGTH,
  AFFILIATE_CODE_PATTERN,
  normaliseAffiliateCode,
} from './affiliate-code.ts';

export const AffiliateCodeSchema = z
  .string({ error: 'Please send a coupon code.' })
  .transform((value) => value.trim().toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'The coupon code is blank.')
      .max(AFFILIATE_CODE_MAX_LENGTH, `A coupon code can be at most ${AFFILIATE_CODE_MAX_LENGTH} characters.`)
      .regex(AFFILIATE_CODE_PATTERN, 'A coupon code has only letters, digits, - and _.'),
  );

/** A random id the browser keeps (crypto.randomUUID() fits); never tied to a person by itself. */
const VisitorIdSchema = z
  .string({ error: 'Please send the visitor id.' })
  .regex(VISITOR_ID_PATTERN, 'The visitor id is 16 to 64 letters, digits, - or _.');

/**
 * The click's code may arrive blank (a stored code that trims to nothing); the server answers such
 * a click with 400 BAD_REQUEST and records nothing, while other malformed fields get 422.
 */
const ClickCodeSchema = z
  .string({ error: 'Please send a coupon code.' })
  .transform((value) => value.trim().toUpperCase())
  .pipe(
    z
      .string()
      .max(AFFILIATE_CODE_MAX_LENGTH, `A coupon code can be at most ${AFFILIATE_CODE_MAX_LENGTH} characters.`)
      .regex(/^(?:[A-Z0-9][A-Z0-9_-]*)?$/, 'A coupon code has only letters, digits, - and _.'),
  );

export const AffiliateClickBodySchema = z.strictObject({
  code: ClickCodeSchema,
  visitorId: VisitorIdSchema,
  /** Path (and hash route) the visitor landed on, e.g. "/#/partners". */
  landingPath: z
    .string({ error: 'Please send the landing path.' })
    .max(
      AFFILIATE_PATH_MAX_LENGTH,
      `The landing path can be at most ${AFFILIATE_PATH_MAX_LENGTH} characters.`,
    )
    .regex(/^\//, 'The landing path starts with /.'),
  /** document.referrer; empty or null when there is none. */
  referrer: z
    .string()
    .max(AFFILIATE_PATH_MAX_LENGTH, `The referrer can be at most ${AFFILIATE_PATH_MAX_LENGTH} characters.`)
    .nullable()
    .transform((value) => (value ? value : null)),
});
export type AffiliateClickInput = z.input<typeof AffiliateClickBodySchema>;
export type AffiliateClickBody = z.infer<typeof AffiliateClickBodySchema>;

/**
 * 200 always for a valid body; `recorded` is false when this visitor already clicked this code
 * today. Whether the code belongs to a partner is not revealed.
 */
export const AffiliateClickResultSchema = z.object({ success: z.literal(true), recorded: z.boolean() });
export type AffiliateClickResult = z.infer<typeof AffiliateClickResultSchema>;

export const AffiliateAttributeBodySchema = z.strictObject({ visitorId: VisitorIdSchema });
export type AffiliateAttributeBody = z.infer<typeof AffiliateAttributeBodySchema>;

/**
 * 200. Idempotent: a second call answers with the attribution already made. `attributed` is false
 * when no partner click of this visitor falls within the window before the account was created.
 */
export const AffiliateAttributeResultSchema = z.object({
  success: z.literal(true),
  attributed: z.boolean(),
  /** The partner coupon code the account is attributed to, when attributed. */
  code: z.string().nullable(),
});
export type AffiliateAttributeResult = z.infer<typeof AffiliateAttributeResultSchema>;
