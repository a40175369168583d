import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '../../../components/ui/cn.ts';
import { useTheme } from '../../../lib/theme-store.ts';
import { SettingsSection } from './settings-section.tsx';

const OPTIONS = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'Same as device', Icon: Monitor },
] as const;

export function AppearanceSection() {
  const theme = useTheme((state) => state.theme);
  const explicit = useTheme((state) => state.explicit);
  const setTheme = useTheme((state) => state.setTheme);
  const followSystem = useTheme((state) => state.followSystem);
  const current = explicit ? theme : 'system';

  return (
    <SettingsSection title="Appearance">
      <fieldset>
        <legend className="mb-3 text-sm font-medium">Theme</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {OPTIONS.map(({ value, label, Icon }) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                current === value ? 'border-accent bg-accent-soft' : 'border-line hover:bg-surface-2',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={current === value}
                onChange={() => (value === 'system' ? followSystem() : setTheme(value))}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
