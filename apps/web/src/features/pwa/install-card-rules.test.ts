import { describe, expect, it } from 'vitest';
import {
  INSTALL_CARD_SNOOZE_MS,
  installCardAllowedOn,
  parseDismissedAt,
  shouldShowInstallCard,
} from './install-card-rules.ts';

const now = Date.parse('2026-11-23T12:00:00Z');
const base = { promptAvailable: true, standalone: false, dismissedAt: null, now };

describe('shouldShowInstallCard', () => {
  it('shows when the browser offers installation and the app is not installed', () => {
    expect(shouldShowInstallCard(base)).toBe(true);
  });

  it('hides without an offer, and when running installed', () => {
    expect(shouldShowInstallCard({ ...base, promptAvailable: false })).toBe(false);
    expect(shouldShowInstallCard({ ...base, standalone: true })).toBe(false);
  });

  it('stays hidden for a week after "Later", then shows again', () => {
    expect(shouldShowInstallCard({ ...base, dismissedAt: now - 1000 })).toBe(false);
    expect(shouldShowInstallCard({ ...base, dismissedAt: now - INSTALL_CARD_SNOOZE_MS + 1 })).toBe(false);
    expect(shouldShowInstallCard({ ...base, dismissedAt: now - INSTALL_CARD_SNOOZE_MS })).toBe(true);
  });

  it('is not hidden forever by a "Later" dated in the future', () => {
    expect(shouldShowInstallCard({ ...base, dismissedAt: now + 60_000 })).toBe(true);
  });
});

describe('parseDismissedAt', () => {
  it('reads an ISO date and ignores anything else', () => {
    expect(parseDismissedAt('2026-11-23T12:00:00.000Z')).toBe(now);
    expect(parseDismissedAt(null)).toBeNull();
    expect(parseDismissedAt('')).toBeNull();
    expect(parseDismissedAt('next tuesday')).toBeNull();
  });
});

describe('installCardAllowedOn', () => {
  it('allows reading pages and keeps the card off pages built around a form', () => {
    for (const path of ['/', '/cosmic-landscape', '/updates', '/cookie-policy']) {
      expect(installCardAllowedOn(path), path).toBe(true);
    }
    for (const path of [
      '/birth-form',
      '/subscription',
      '/settings',
      '/chat',
      '/chat/abc',
      '/partners/apply',
      '/contact',
      '/reset-password/x',
    ]) {
      expect(installCardAllowedOn(path), path).toBe(false);
    }
  });
});
