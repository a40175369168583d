/**
 * index.html carries these public pages as a guest first sees them, rendered at build time, so
 * their first paint needs no script (see vite/first-paint.ts). The start-up script shows the one the
 * address names; anyone else, and a signed-in person (whose header differs), sees the start-up
 * screen until the app has rendered their page.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  '/updates',
  '/partners',
] as const;

export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

/** The prerendered page to show for this address, or null for the start-up screen. */
export function prerenderedPathFor(hash: string, signedIn: boolean): PrerenderedPath | null {
  if (signedIn) return null;
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  return PRERENDERED_PATHS.find((candidate) => candidate === path) ?? null;
}

/** Attributes on <html> and on each prerendered page, read by the styles in index.html. */
export const PAGE_ATTRIBUTE = 'data-page';
export const STARTUP_APP_ATTRIBUTE = 'data-startup';
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
