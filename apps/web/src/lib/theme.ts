import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { readStorage } from './storage.ts';

// The theme rules on their own, without React or a store: the start-up script in <head> applies
// them before the first paint, and the theme store keeps them afterwards.

export type Theme = 'light' | 'dark';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function parseStoredTheme(value: string | null): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

/** docs/requirements/state-and-flows.md: the stored choice, else the system's dark preference, else light. */
export function resolveTheme(stored: Theme | null, systemPrefersDark: boolean): Theme {
  return stored ?? (systemPrefersDark ? 'dark' : 'light');
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function storedTheme(): Theme | null {
  return parseStoredTheme(readStorage(STORAGE_KEYS.theme));
}

/** Sent on window when the served page's theme button (start-up script) stored a choice. */
export const SERVED_THEME_CHOICE_EVENT = 'served-theme-choice';

/** On the theme button (components/theme-toggle.tsx), so the start-up script can work it before the app has rendered. */
export const THEME_TOGGLE_ATTRIBUTE = 'data-theme-toggle';

/** The theme button's name while `theme` is shown: it names the theme a press switches to. */
export function themeToggleLabel(theme: Theme): string {
  return `Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`;
}

export function applyThemeClass(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
