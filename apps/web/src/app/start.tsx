import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startThemeSync } from '../lib/theme-store.ts';
import { warmUpFormatsSoon } from '../lib/warm-up-formats.ts';
import { App } from './app.tsx';
import { preloadPageOf } from './preload.ts';
import { startSession } from './session.ts';

/**
 * Starts the app over the page index.html painted (a prerendered page or the start-up screen):
 * theme and session first, then the addressed page's code, then one render. Loaded by main.tsx
 * once that page is on screen (decision 0220).
 */
export function startApp(root: HTMLElement): void {
  // The start-up script already applied the theme; from here on it follows the system and other tabs.
  startThemeSync();
  startSession();
  const render = () =>
    // As a transition, the first render yields to the browser every few milliseconds instead of
    // holding the main thread in one long task, so the page answers input sooner on slow phones.
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  // The page's own code first, so the first render is the page itself and not a loading screen.
  void preloadPageOf(window.location.hash).then(render);
  warmUpFormatsSoon();
}
