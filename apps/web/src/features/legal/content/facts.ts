import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../../lib/brand.ts';

/** The date every legal page shows as "Last updated". Change it with the text. */
export const LEGAL_LAST_UPDATED = '2026-11-27';

/** A session lasts this long after signing in (the server's session lifetime). */
export const SESSION_DAYS = 30;

/** How long after a partner click a registration still credits the partner. */
export const ATTRIBUTION_DAYS = 30;

export const PRODUCT = PRODUCT_NAME;
export const SUPPORT_LINK = `[${SUPPORT_EMAIL}](mailto:${SUPPORT_EMAIL})`;
export const STRIPE_PRIVACY_URL = 'https://stripe.com/privacy';
export const STRIPE_COOKIES_URL = 'https://stripe.com/cookies-policy/legal';
