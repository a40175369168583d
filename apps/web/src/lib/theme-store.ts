import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { create } from 'zustand';
import { removeStorage, writeStorage } from './storage.ts';
import {
  applyThemeClass,
  DARK_QUERY,
  resolveTheme,
  SERVED_THEME_CHOICE_EVENT,
  storedTheme,
  systemPrefersDark,
  type Theme,
} from './theme.ts';

interface ThemeState {
  theme: Theme;
  /** True when the person chose a theme; false while the app follows the system. */
  explicit: boolean;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
  /** Forget the stored choice and follow the system again. */
  followSystem: () => void;
}

function initialState(): Pick<ThemeState, 'theme' | 'explicit'> {
  const stored = storedTheme();
  return { theme: resolveTheme(stored, systemPrefersDark()), explicit: stored !== null };
}

export const useTheme = create<ThemeState>((set, get) => ({
  ...initialState(),
  setTheme: (theme) => {
    writeStorage(STORAGE_KEYS.theme, theme);
    applyThemeClass(theme);
    set({ theme, explicit: true });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
  followSystem: () => {
    removeStorage(STORAGE_KEYS.theme);
    const theme = resolveTheme(null, systemPrefersDark());
    applyThemeClass(theme);
    set({ theme, explicit: false });
  },
}));

/**
 * Applies the current theme at once (called before the first render, so there is no flash of the
 * wrong theme) and keeps it in step with the system preference while nothing is stored, and with
 * choices made in other tabs. Returns a function that stops listening.
 */
export function startThemeSync(): () => void {
  // A choice made on the served page (the start-up script) may be newer than this store's first read.
  useTheme.setState(initialState());
  applyThemeClass(useTheme.getState().theme);

  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onSystemChange = (event: MediaQueryListEvent) => {
    if (storedTheme() !== null) return;
    const theme: Theme = event.matches ? 'dark' : 'light';
    applyThemeClass(theme);
    useTheme.setState({ theme, explicit: false });
  };
  const readStoredChoice = () => {
    const next = initialState();
    applyThemeClass(next.theme);
    useTheme.setState(next);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.theme && event.key !== null) return;
    readStoredChoice();
  };

  media?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  window.addEventListener(SERVED_THEME_CHOICE_EVENT, readStoredChoice);
  return () => {
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(SERVED_THEME_CHOICE_EVENT, readStoredChoice);
  };
}
