// The theme is applied first, before anything renders, so the page never flashes the wrong theme.
import { startThemeSync } from './lib/theme-store.ts';

startThemeSync();

import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startSession } from './app/session.ts';

startSession();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
