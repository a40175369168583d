import type { PushDevice } from '@app/contracts/notifications.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { countOf } from '../../../lib/count-of.ts';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { formatDateTime, formatDay } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast-store.ts';
import { pushDevicesQuery } from '../api/notification-queries.ts';
import { removePushDevice } from '../api/remove-push-device.ts';
import { sendTestNotification } from '../api/send-test-notification.ts';

function DeviceRow({ device, onRemoved }: { device: PushDevice; onRemoved: (left: number) => void }) {
  const queryClient = useQueryClient();
  const name = device.deviceName ?? 'Unnamed device';
  const added = formatDay(device.createdAt);
  const remove = useMutation({
    mutationFn: () => removePushDevice(device.id),
    onSuccess: async () => {
      toast.success('Device removed', `${name} will get no more notes.`);
      const list = await queryClient.fetchQuery({ ...pushDevicesQuery(), staleTime: 0 });
      onRemoved(list.devices.length);
    },
    onError: (error) => toast.error('Could not remove that device', getErrorMessage(error)),
  });
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3 text-sm">
        <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
        <div>
          <p className="font-medium">{name}</p>
          <p className="text-muted">Added {added}</p>
          <p className="text-muted">
            {device.lastDeliveryAt ? `Last note ${formatDateTime(device.lastDeliveryAt)}` : 'No note yet'}
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-auto"
        loading={remove.isPending}
        onClick={() => remove.mutate()}
        aria-label={`Remove ${name}, added ${added}`}
      >
        Remove
      </Button>
    </li>
  );
}

/** The test note, and the devices that get notes, each removable (the last one turns notes off). */
export function PushDevicesList({ onLastRemoved }: { onLastRemoved: () => void }) {
  const queryClient = useQueryClient();
  const devices = useQuery(pushDevicesQuery());
  const test = useMutation({
    mutationFn: sendTestNotification,
    onSuccess: ({ devices: sent, delivered }) => {
      if (delivered === sent) toast.success('Test note sent', `Sent to ${countOf(delivered, 'device')}.`);
      else
        toast.error(
          'Some devices did not get the test note',
          `Sent to ${delivered} of ${countOf(sent, 'device')}. Try again later, or turn the daily note off and on again on the device that missed it.`,
        );
      return queryClient.invalidateQueries({ queryKey: pushDevicesQuery().queryKey });
    },
    onError: (error) => toast.error('Could not send a test note', getErrorMessage(error)),
  });

  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-medium">Devices that get notes</h3>
      {devices.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> Loading devices...
        </p>
      ) : devices.isError ? (
        <Alert tone="error">{getErrorMessage(devices.error)}</Alert>
      ) : devices.data.devices.length === 0 ? (
        <p className="text-sm text-muted">
          None yet. Turn on the daily note above on each device you want it on.
        </p>
      ) : (
        <ul className="-my-1 divide-y divide-line" aria-label="Devices that get notes">
          {devices.data.devices.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              onRemoved={(left) => (left === 0 ? onLastRemoved() : undefined)}
            />
          ))}
        </ul>
      )}
      <Button
        variant="secondary"
        className="self-start"
        loading={test.isPending}
        onClick={() => test.mutate()}
      >
        Send a test notification
      </Button>
    </div>
  );
}
