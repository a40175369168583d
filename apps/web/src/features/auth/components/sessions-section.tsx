import type { Session } from '@app/contracts/auth.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Laptop, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast-store.ts';
import { sessionsQuery } from '../api/auth-queries.ts';
import { revokeOtherSessions } from '../api/revoke-other-sessions.ts';
import { revokeSession } from '../api/revoke-session.ts';
import { type DeviceKind, describeDevice, deviceKind } from './describe-device.ts';
import { SettingsSection } from './settings-section.tsx';

const DEVICE_ICONS: Record<DeviceKind, typeof Laptop> = {
  phone: Smartphone,
  tablet: Tablet,
  computer: Laptop,
  unknown: MonitorSmartphone,
};

function formatDate(value: string): string {
  return Number.isNaN(Date.parse(value)) ? value : formatDateTime(value);
}

function SessionRow({ session }: { session: Session }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeSession(session.id),
    onSuccess: () => {
      toast.success('Device signed out');
      return queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
    },
    onError: (error) => toast.error('Could not sign out that device', getErrorMessage(error)),
  });
  const device = describeDevice(session.userAgent);
  const DeviceIcon = DEVICE_ICONS[deviceKind(session.userAgent)];
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <DeviceIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
        <div className="text-sm">
          <p className="font-medium">
            {device}
            {session.current ? (
              <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs text-accent">
                This device
              </span>
            ) : null}
          </p>
          <p className="text-muted">
            Last active {formatDate(session.lastSeenAt)}
            {session.ip ? ` · ${session.ip}` : ''}
          </p>
          <p className="text-muted">Signed in {formatDate(session.createdAt)}</p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          loading={revoke.isPending}
          onClick={() => revoke.mutate()}
          aria-label={`Sign out ${device}, last active ${formatDate(session.lastSeenAt)}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

const OFFLINE_MESSAGE = 'You are offline. Your devices will show when you are back online.';

/** The browser's own word: the query library assumes online until it hears an offline event. */
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function DevicesUnavailable({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert tone="error">{message}</Alert>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const revokeOthers = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => {
      toast.success('Signed out everywhere else');
      return queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
    },
    onError: (error) => toast.error('Could not sign out the other devices', getErrorMessage(error)),
  });
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <SettingsSection
      title="Devices"
      description="Where your account is signed in. Signing out everywhere else also stops your private calendar address."
    >
      {!sessions.isSuccess && (sessions.fetchStatus === 'paused' || isOffline()) ? (
        <DevicesUnavailable message={OFFLINE_MESSAGE} onRetry={() => void sessions.refetch()} />
      ) : sessions.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> Loading devices...
        </p>
      ) : sessions.isError ? (
        <DevicesUnavailable
          message={getErrorMessage(sessions.error)}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <ul className="-my-4 divide-y divide-line" aria-label="Signed-in devices">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
      <Button
        variant="secondary"
        className="self-start"
        disabled={others === 0}
        loading={revokeOthers.isPending}
        onClick={() => revokeOthers.mutate()}
      >
        Sign out everywhere else
      </Button>
    </SettingsSection>
  );
}
