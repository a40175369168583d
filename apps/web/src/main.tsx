// The theme is applied first, before anything renders, so the page never flashes the wrong theme.
import { startThemeSync } from './lib/theme-store.ts';

startThemeSync();

import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadPageOf } from './app/preload.ts';
import { startSession } from './app/session.ts';

startSession();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
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
