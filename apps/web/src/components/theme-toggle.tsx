import { Moon, Sun } from 'lucide-react';
import { themeToggleLabel } from '../lib/theme.ts';
import { useTheme } from '../lib/theme-store.ts';

export function ThemeToggle() {
  const theme = useTheme((state) => state.theme);
  const toggleTheme = useTheme((state) => state.toggleTheme);
  const label = themeToggleLabel(theme);
  return (
    <button
      type="button"
      onClick={toggleTheme}
      className="flex size-10 items-center justify-center rounded-xl text-muted hover:bg-surface-2 hover:text-fg"
      data-theme-toggle
      aria-label={label}
      title={label}
    >
      {theme === 'dark' ? (
        <Sun aria-hidden="true" className="size-5" />
      ) : (
        <Moon aria-hidden="true" className="size-5" />
      )}
    </button>
  );
}
