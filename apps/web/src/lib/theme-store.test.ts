import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseStoredTheme, resolveTheme } from './theme.ts';

/** A controllable `prefers-color-scheme: dark` media query. */
function fakeSystem(prefersDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const media = {
    matches: prefersDark,
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => media),
  );
  return {
    change(dark: boolean) {
      media.matches = dark;
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
    },
  };
}

async function freshStore() {
  vi.resetModules();
  return import('./theme-store.ts');
}

const isDark = () => document.documentElement.classList.contains('dark');

describe('theme choice (docs/requirements/state-and-flows.md)', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('resolves the stored choice, else the system preference, else light', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(null, false)).toBe('light');
    expect(parseStoredTheme('dark')).toBe('dark');
    expect(parseStoredTheme('purple')).toBeNull();
    expect(parseStoredTheme(null)).toBeNull();
  });

  it('starts from the stored choice over the system and applies the dark class', async () => {
    fakeSystem(false);
    localStorage.setItem('theme', 'dark');
    const { useTheme, startThemeSync } = await freshStore();
    const stop = startThemeSync();
    expect(useTheme.getState()).toMatchObject({ theme: 'dark', explicit: true });
    expect(isDark()).toBe(true);
    stop();
  });

  it('saves each change under "theme" and toggles the class on <html>', async () => {
    fakeSystem(false);
    const { useTheme, startThemeSync } = await freshStore();
    const stop = startThemeSync();
    expect(useTheme.getState().theme).toBe('light');
    expect(localStorage.getItem('theme')).toBeNull();

    useTheme.getState().toggleTheme();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(isDark()).toBe(true);

    useTheme.getState().setTheme('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(isDark()).toBe(false);
    stop();
  });

  it('follows the system while nothing is stored, and stops once a choice is made', async () => {
    const system = fakeSystem(false);
    const { useTheme, startThemeSync } = await freshStore();
    const stop = startThemeSync();

    system.change(true);
    expect(useTheme.getState().theme).toBe('dark');
    expect(isDark()).toBe(true);
    expect(localStorage.getItem('theme')).toBeNull();

    useTheme.getState().setTheme('light');
    system.change(true);
    expect(useTheme.getState().theme).toBe('light');
    expect(isDark()).toBe(false);

    useTheme.getState().followSystem();
    expect(localStorage.getItem('theme')).toBeNull();
    expect(useTheme.getState()).toMatchObject({ theme: 'dark', explicit: false });
    stop();
  });
});
