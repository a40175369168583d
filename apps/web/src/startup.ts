// Runs as a classic script in <head>, before the body is parsed or painted: the stored or system
// theme is on <html> for the first paint, and <html> names the prerendered page to show, if any
// (index.html's styles hide the others). Until the app renders over the served page, it also works
// that page's theme button. Kept tiny: it delays the first paint by its own run time.
import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import {
  PAGE_ATTRIBUTE,
  PRERENDERED_ATTRIBUTE,
  prerenderedPathFor,
  STARTUP_APP_ATTRIBUTE,
} from './app/prerendered-pages.ts';
import { readStorage, writeStorage } from './lib/storage.ts';
import {
  applyThemeClass,
  resolveTheme,
  SERVED_THEME_CHOICE_EVENT,
  storedTheme,
  systemPrefersDark,
  THEME_TOGGLE_ATTRIBUTE,
  type Theme,
  themeToggleLabel,
} from './lib/theme.ts';

applyThemeClass(resolveTheme(storedTheme(), systemPrefersDark()));
const page = prerenderedPathFor(window.location.hash, readStorage(STORAGE_KEYS.authToken) !== null);
if (page) document.documentElement.setAttribute(PAGE_ATTRIBUTE, page);
else document.documentElement.setAttribute(STARTUP_APP_ATTRIBUTE, 'app');

// The served page's theme button, until the app's own replaces it: the choice is stored and shown
// as the app's button would, and the app's theme store is told if it has already loaded.
document.addEventListener('click', (event) => {
  const button =
    event.target instanceof Element
      ? event.target.closest(`[${PRERENDERED_ATTRIBUTE}] [${THEME_TOGGLE_ATTRIBUTE}]`)
      : null;
  if (!button) return;
  const next: Theme = document.documentElement.classList.contains('dark') ? 'light' : 'dark';
  writeStorage(STORAGE_KEYS.theme, next);
  applyThemeClass(next);
  const label = themeToggleLabel(next);
  button.setAttribute('aria-label', label);
  button.setAttribute('title', label);
  window.dispatchEvent(new Event(SERVED_THEME_CHOICE_EVENT));
});
