import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { create } from 'zustand';
import { readStorage, writeStorage } from '../../lib/storage.ts';
import { parseDismissedAt } from './install-card-rules.ts';

/** Chromium's install offer (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

interface InstallPromptState {
  /** The held offer; null when the browser has not offered (or it was used). */
  offer: BeforeInstallPromptEvent | null;
  dismissedAt: number | null;
}

export const useInstallPrompt = create<InstallPromptState>(() => ({
  offer: null,
  dismissedAt: parseDismissedAt(readStorage(STORAGE_KEYS.installCardDismissedAt)),
}));

/** True when the app runs installed: its own window instead of a browser tab. */
export function isStandalone(win: Window = window): boolean {
  const media = typeof win.matchMedia === 'function' ? win.matchMedia('(display-mode: standalone)') : null;
  // iOS Safari does not support the media query for home screen apps but sets this flag.
  return (
    Boolean(media?.matches) || (win.navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/**
 * Holds the browser's install offer so the install card can use it later. Chromium fires the event
 * once the page qualifies; preventing its default keeps the browser's own mini banner away, so the
 * card is the one place that offers installation. Returns a function that stops listening.
 */
export function startInstallPromptCapture(win: Window = window): () => void {
  const onOffer = (event: Event) => {
    event.preventDefault();
    useInstallPrompt.setState({ offer: event as BeforeInstallPromptEvent });
  };
  const onInstalled = () => useInstallPrompt.setState({ offer: null });
  win.addEventListener('beforeinstallprompt', onOffer);
  win.addEventListener('appinstalled', onInstalled);
  return () => {
    win.removeEventListener('beforeinstallprompt', onOffer);
    win.removeEventListener('appinstalled', onInstalled);
  };
}

/** Shows the browser's install dialog. An offer can be used once, whatever the answer. */
export async function installApp(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const { offer } = useInstallPrompt.getState();
  if (!offer) return 'unavailable';
  useInstallPrompt.setState({ offer: null });
  await offer.prompt();
  const choice = await offer.userChoice;
  return choice.outcome;
}

/** "Later": remember the date so the card stays hidden for a week. */
export function snoozeInstallCard(now: Date = new Date()): void {
  writeStorage(STORAGE_KEYS.installCardDismissedAt, now.toISOString());
  useInstallPrompt.setState({ dismissedAt: now.getTime() });
}
