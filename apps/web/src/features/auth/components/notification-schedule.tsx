import type { EmailDigest, NotificationSettings } from '@app/contracts/notifications.ts';
import { useMemo } from 'react';
import { ChoiceChip } from '../../../components/ui/choice-chip.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { hourChoices, weekdays, zoneName } from '../lib/notification-times.ts';

const EMAIL_CHOICES: ReadonlyArray<{ value: EmailDigest; label: string; hint: string }> = [
  { value: 'daily', label: 'Daily', hint: 'The day’s landscape' },
  { value: 'weekly', label: 'Weekly', hint: 'The week’s exact transits' },
  { value: 'off', label: 'Off', hint: 'No mail' },
];

/** The email digest, the hour of the note and the mail, and the days without either. */
export function NotificationSchedule({
  settings,
  onChange,
  disabled,
}: {
  settings: NotificationSettings;
  onChange: (next: NotificationSettings) => void;
  disabled: boolean;
}) {
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  const hours = useMemo(() => hourChoices(locale), [locale]);
  const days = useMemo(() => weekdays(locale), [locale]);
  const toggleDay = (day: number) =>
    onChange({
      ...settings,
      quietDays: settings.quietDays.includes(day)
        ? settings.quietDays.filter((quiet) => quiet !== day)
        : [...settings.quietDays, day].sort(),
    });

  return (
    <>
      <fieldset disabled={disabled}>
        <legend className="mb-3 text-sm font-medium">Email</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {EMAIL_CHOICES.map(({ value, label, hint }) => (
            <ChoiceChip
              key={value}
              type="radio"
              name="email-digest"
              value={value}
              checked={settings.email === value}
              onChange={() => onChange({ ...settings, email: value })}
            >
              <span className="flex flex-col">
                <span className="font-medium">{label}</span>
                <span>{hint}</span>
              </span>
            </ChoiceChip>
          ))}
        </div>
      </fieldset>

      <SelectField
        label="Hour"
        className="sm:max-w-xs"
        options={hours}
        value={String(settings.hour)}
        disabled={disabled}
        onChange={(event) => onChange({ ...settings, hour: Number(event.target.value) })}
        hint={`In ${zoneName(settings.zoneInUse)} time: your note and the mail arrive within a few minutes of it.`}
      />

      <fieldset disabled={disabled}>
        <legend className="text-sm font-medium">Quiet days</legend>
        <p className="mt-1 mb-3 text-sm text-muted">No note and no daily mail on the days you mark.</p>
        <div className="grid grid-cols-4 gap-2 sm:grid-cols-7">
          {days.map(({ day, short, long }) => (
            <ChoiceChip
              key={day}
              type="checkbox"
              className="justify-center px-2"
              checked={settings.quietDays.includes(day)}
              onChange={() => toggleDay(day)}
            >
              <span aria-hidden="true">{short}</span>
              <span className="sr-only">{long}</span>
            </ChoiceChip>
          ))}
        </div>
      </fieldset>
    </>
  );
}
