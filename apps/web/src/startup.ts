// Runs as a classic script in <head>, before the body is parsed or painted: the stored or system
// theme is on <html> for the first paint, and <html> names the prerendered page to show, if any
// (index.html's styles hide the others). Kept tiny: it delays the first paint by its own run time.
import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { PAGE_ATTRIBUTE, prerenderedPathFor, STARTUP_APP_ATTRIBUTE } from './app/prerendered-pages.ts';
import { readStorage } from './lib/storage.ts';
import { applyThemeClass, resolveTheme, storedTheme, systemPrefersDark } from './lib/theme.ts';

applyThemeClass(resolveTheme(storedTheme(), systemPrefersDark()));
const page = prerenderedPathFor(window.location.hash, readStorage(STORAGE_KEYS.authToken) !== null);
if (page) document.documentElement.setAttribute(PAGE_ATTRIBUTE, page);
else document.documentElement.setAttribute(STARTUP_APP_ATTRIBUTE, 'app');
