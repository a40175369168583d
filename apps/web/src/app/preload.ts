import { PAGE_PRELOAD_DELAY_MS, STORAGE_KEYS } from '@app/contracts/constants.ts';
import { readStorage } from '../lib/storage.ts';
import { type PageName, pageLoaders } from './pages.ts';

/** SPEC section 2: the pages to warm up, given whether a token is stored. */
export function pagesToPreload(hasToken: boolean): PageName[] {
  return hasToken ? ['subscription', 'chat', 'settings'] : ['subscription'];
}

/** After the preload delay, fetch the likely next pages in the background. Returns a cancel function. */
export function schedulePreload(delayMs: number = PAGE_PRELOAD_DELAY_MS): () => void {
  const timer = setTimeout(() => {
    const hasToken = Boolean(readStorage(STORAGE_KEYS.authToken));
    for (const name of pagesToPreload(hasToken)) {
      pageLoaders[name]().catch(() => {
        // A failed preload is retried when the page is opened.
      });
    }
  }, delayMs);
  return () => clearTimeout(timer);
}
