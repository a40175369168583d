import type { NotificationSettings } from '@app/contracts/notifications.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { notificationSettingsQuery } from '../api/notification-queries.ts';
import { useSaveNotificationSettings } from '../hooks/use-notification-settings.ts';
import { NotificationSchedule } from './notification-schedule.tsx';
import { PlanNeeded } from './plan-needed.tsx';
import { PushDeviceSwitch } from './push-device-switch.tsx';
import { PushDevicesList } from './push-devices-list.tsx';
import { SettingsSection } from './settings-section.tsx';

function Settings({ settings }: { settings: NotificationSettings }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveNotificationSettings(setRefusal);
  const change = (next: NotificationSettings) => {
    setRefusal(null);
    save.mutate(next);
  };
  return (
    <>
      <PushDeviceSwitch settings={settings} />
      <PushDevicesList onLastRemoved={() => settings.push && change({ ...settings, push: false })} />
      <hr className="border-line" />
      <NotificationSchedule settings={settings} onChange={change} disabled={save.isPending} />
      <p role="status" className="flex min-h-5 items-center gap-2 text-sm text-muted">
        {save.isPending ? (
          <>
            <Spinner /> Saving...
          </>
        ) : null}
      </p>
      {refusal ? <PlanNeeded message={refusal} /> : null}
    </>
  );
}

/** Settings → Notifications: the daily note on this device, the email digest, the hour and quiet days. */
export function NotificationsSection() {
  const settings = useQuery(notificationSettingsQuery());
  return (
    <SettingsSection
      title="Notifications"
      description="Your day, brought to you: a short note on your devices, an email, or both."
    >
      {settings.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> Loading...
        </p>
      ) : settings.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">{getErrorMessage(settings.error)}</Alert>
          <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Settings settings={settings.data} />
      )}
    </SettingsSection>
  );
}
