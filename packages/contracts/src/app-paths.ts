/** The admin area's sections after its dashboard (/admin), each at an address of its own (/admin/users). */
export const ADMIN_SECTIONS = [
  'users',
  'subscriptions',
  'usage',
  'partners',
  'inbox',
  'health',
  'audit',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/**
 * The web app's screens, as hash routes (`/#/privacy-policy`), docs/requirements/routes-and-guards.md.
 * The web router is held to this list by a test; the server uses it to send an address typed
 * without the `#` to its screen, and to answer 404 for any other page address.
 */
export const APP_PATHS = [
  '/',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  '/contact',
  '/updates',
  '/status',
  '/partners',
  '/partners/apply',
  '/partners/confirm/:token',
  '/verify-email/:token',
  '/forgot-password',
  '/reset-password/:token',
  '/success',
  '/cancelled',
  '/verify-email-pending',
  '/subscription',
  '/birth-form',
  '/people',
  '/people/:id',
  '/chat',
  '/chat/:sessionId',
  '/cosmic-landscape',
  '/settings',
  '/admin',
  ...ADMIN_SECTIONS.map((section) => `/admin/${section}` as const),
  '/horoscope',
] as const;

const PATTERNS = APP_PATHS.map((appPath) => new RegExp(`^${appPath.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`));

/** Whether a path (without query) names one of the app's screens; a trailing slash is allowed. */
export function isAppPath(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}
