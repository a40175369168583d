import type { NotificationSettings } from '@app/contracts/notifications.ts';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { usePushOnThisDevice } from '../hooks/use-push-on-this-device.ts';
import { PUSH_SETUP_MESSAGES } from '../lib/browser-push.ts';
import { PlanNeeded } from './plan-needed.tsx';

const UNSUPPORTED = {
  'install-first':
    'On iPhone and iPad, notes arrive in the installed app. In Safari, tap Share, then Add to Home Screen; open the app from your home screen and turn this on there.',
  unsupported:
    'This browser cannot show notifications from websites. A current Chrome, Edge, Firefox or Safari can, or choose the email below.',
} as const;

/** Why the browser will ask, said before it asks: the question comes only after this click. */
function Explanation({ onAllow, onCancel }: { onAllow: () => void; onCancel: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  // The switch that opened it is now waiting on this answer, so the answer gets the focus.
  useEffect(() => panel.current?.querySelector('button')?.focus(), []);
  return (
    <div ref={panel} className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2 p-4">
      <p className="text-sm">
        Once a day, at the hour you choose below, this device shows the headline of your day. Only that line
        is sent; nothing else about your chart leaves our server. Your browser will ask you to allow
        notifications next.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onAllow}>
          Allow notifications
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Not now
        </Button>
      </div>
    </div>
  );
}

/** "Daily note on this device": a switch that explains, asks the browser, and subscribes. */
export function PushDeviceSwitch({ settings }: { settings: NotificationSettings }) {
  const push = usePushOnThisDevice(settings);
  const [explaining, setExplaining] = useState(false);
  const blocked = push.permission === 'denied';

  const onChange = (on: boolean) => {
    if (!on) return push.turnOff();
    // Once allowed, the browser asks nothing more, so neither do we.
    if (push.permission === 'granted') return push.turnOn();
    setExplaining(true);
  };

  return (
    <div className="flex flex-col gap-3">
      <SwitchField
        label="Daily note on this device"
        description="The headline of your day as a notification, at your hour."
        checked={push.on === true}
        busy={push.pending}
        disabled={push.support !== 'ready' || push.on === null || push.pending || (blocked && !push.on)}
        onChange={onChange}
      />
      {push.support !== 'ready' ? (
        <Alert>{UNSUPPORTED[push.support]}</Alert>
      ) : blocked && !push.on && !push.problem ? (
        <Alert tone="error">{PUSH_SETUP_MESSAGES.denied}</Alert>
      ) : null}
      {explaining ? (
        <Explanation
          onAllow={() => {
            setExplaining(false);
            push.turnOn();
          }}
          onCancel={() => setExplaining(false)}
        />
      ) : null}
      {push.problem?.needsPlan ? (
        <PlanNeeded message={push.problem.message} />
      ) : push.problem ? (
        <Alert tone="error">{push.problem.message}</Alert>
      ) : null}
    </div>
  );
}
