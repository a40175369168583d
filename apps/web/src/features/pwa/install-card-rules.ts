/** After "Later", the install card stays away this long. */
export const INSTALL_CARD_SNOOZE_MS = 7 * 24 * 60 * 60 * 1000;

/** The stored "Later" date as milliseconds; null when absent or unreadable. */
export function parseDismissedAt(stored: string | null): number | null {
  if (!stored) return null;
  const time = Date.parse(stored);
  return Number.isNaN(time) ? null : time;
}

export interface InstallCardFacts {
  /** The browser offered installation (a `beforeinstallprompt` event is held). */
  promptAvailable: boolean;
  /** The app already runs installed (standalone display mode). */
  standalone: boolean;
  /** When "Later" was last chosen, in milliseconds. */
  dismissedAt: number | null;
  now: number;
}

/**
 * docs/requirements/overview.md: the card shows when the browser offers installation and the app
 * is not installed; "Later" hides it for a week. A "Later" dated in the future (a clock set back)
 * does not hide it forever.
 */
export function shouldShowInstallCard({
  promptAvailable,
  standalone,
  dismissedAt,
  now,
}: InstallCardFacts): boolean {
  if (!promptAvailable || standalone) return false;
  if (dismissedAt === null || dismissedAt > now) return true;
  return now - dismissedAt >= INSTALL_CARD_SNOOZE_MS;
}

/**
 * Pages where the install card may appear: reading pages, never a page whose point is a form (birth
 * data, plans, settings, chat, sign-in links). On the home page the sign-up form is at the top and
 * the card below all content.
 */
const INSTALL_CARD_PAGES = new Set([
  '/',
  '/cosmic-landscape',
  '/updates',
  '/partners',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
]);

export function installCardAllowedOn(pathname: string): boolean {
  return INSTALL_CARD_PAGES.has(pathname);
}
