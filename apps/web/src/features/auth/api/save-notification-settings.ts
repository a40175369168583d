import type { NotificationSettings, NotificationSettingsInput } from '@app/contracts/notifications.ts';
import { api } from '../../../lib/api-client.ts';

/** Always the whole object, so what is saved is exactly what the screen shows. */
export async function saveNotificationSettings(
  body: NotificationSettingsInput,
): Promise<NotificationSettings> {
  const { data } = await api.put<{ data: NotificationSettings }>('/api/notifications/settings', body);
  return data.data;
}
