import { Monitor, Moon, Sun } from 'lucide-react';
import { ChoiceChip } from '../../../components/ui/choice-chip.tsx';
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
            <ChoiceChip
              key={value}
              type="radio"
              name="theme"
              value={value}
              checked={current === value}
              onChange={() => (value === 'system' ? followSystem() : setTheme(value))}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </ChoiceChip>
          ))}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
