import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getNotificationSettings } from './get-notification-settings.ts';
import { getPushKey } from './get-push-key.ts';
import { listPushDevices } from './list-push-devices.ts';

export const notificationSettingsQuery = () =>
  queryOptions({ queryKey: queryKeys.notifications.settings(), queryFn: getNotificationSettings });

export const pushDevicesQuery = () =>
  queryOptions({ queryKey: queryKeys.notifications.devices(), queryFn: listPushDevices });

/** The key changes only when the operators replace it, so it is read once a visit. */
export const pushKeyQuery = () =>
  queryOptions({ queryKey: queryKeys.notifications.pushKey(), queryFn: getPushKey, staleTime: Infinity });
