// Runs as a classic script in <head>, before the body is parsed or painted: the stored or system
// theme is on <html> for the first paint, and the prerendered home page is hidden unless it is
// the page this visit asked for. Kept tiny: it delays the first paint by its own run time.
import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { STARTUP_APP_ATTRIBUTE, showsPrerenderedHome } from './app/prerendered-home.ts';
import { readStorage } from './lib/storage.ts';
import { applyThemeClass, resolveTheme, storedTheme, systemPrefersDark } from './lib/theme.ts';

applyThemeClass(resolveTheme(storedTheme(), systemPrefersDark()));
if (!showsPrerenderedHome(window.location.hash, readStorage(STORAGE_KEYS.authToken) !== null)) {
  document.documentElement.setAttribute(STARTUP_APP_ATTRIBUTE, 'app');
}
