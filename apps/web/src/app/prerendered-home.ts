/**
 * index.html carries the home page as a guest first sees it, rendered at build time, so the first
 * paint needs no script (see vite/first-paint.ts). It is right only for a guest opening the home
 * page: anyone else sees the start-up screen until the app has rendered their page.
 */
export function showsPrerenderedHome(hash: string, signedIn: boolean): boolean {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  return !signedIn && (path === '' || path === '/');
}

/** Set on <html> when the prerendered home page must stay hidden; styles.css and index.html read it. */
export const STARTUP_APP_ATTRIBUTE = 'data-startup';
