import { PAGE_PRELOAD_DELAY_MS, STORAGE_KEYS } from '@app/contracts/constants.ts';
import { matchRoutes } from 'react-router';
import { readStorage } from '../lib/storage.ts';
import { type PageName, preloadPage } from './pages.ts';
import { type PageHandle, routes } from './router.tsx';

/** docs/requirements/routes-and-guards.md: the pages to warm up, given whether a token is stored. */
export function pagesToPreload(hasToken: boolean): PageName[] {
  return hasToken ? ['subscription', 'chat', 'settings'] : ['subscription'];
}

/** After the preload delay, fetch the likely next pages in the background. Returns a cancel function. */
export function schedulePreload(delayMs: number = PAGE_PRELOAD_DELAY_MS): () => void {
  const timer = setTimeout(() => {
    const hasToken = Boolean(readStorage(STORAGE_KEYS.authToken));
    for (const name of pagesToPreload(hasToken)) {
      preloadPage(name).catch(() => {
        // A failed preload is retried when the page is opened.
      });
    }
  }, delayMs);
  return () => clearTimeout(timer);
}

/**
 * Loads the code of the page an address names, if it is a lazily loaded one. The app waits for it
 * before its first render, so the page replaces the served markup in one step, without a loading
 * screen in between. A failure is left to the router, which asks again and shows its error screen.
 */
export function preloadPageOf(hash: string): Promise<void> {
  const pathname = hash.replace(/^#/, '').split('?')[0] || '/';
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as PageHandle | undefined;
  return handle ? preloadPage(handle.page).catch(() => undefined) : Promise.resolve();
}
