// The affiliate code rules without zod, so the web app can capture a code at start-up without
// loading a validation library. contracts/affiliate.ts re-exports all of it next to its schemas.

export const AFFILIATE_PATHS = {
  /** POST, public: record a click of a stored coupon code. */
  click: '/api/affiliate/click',
  /** POST, signed in: attribute the new account to the partner of the visitor's last click. */
  attribute: '/api/affiliate/attribute',
} as const;

export const AFFILIATE_CODE_MAX_LENGTH = 40;
export const AFFILIATE_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]*$/;

/**
 * Trims and uppercases a code as captured from the URL; null when blank (a blank code is ignored).
 * The web stores what this returns; the server applies the same rule.
 */
export function normaliseAffiliateCode(raw: string | null | undefined): string | null {
  const code = (raw ?? '').trim().toUpperCase();
  return code.length > 0 ? code : null;
}

/** A visitor id: what crypto.randomUUID() makes fits. */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const AFFILIATE_PATH_MAX_LENGTH = 2048;
