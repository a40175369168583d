import type { NotificationSettings } from '@app/contracts/notifications.ts';
import { api } from '../../../lib/api-client.ts';

export async function getNotificationSettings(): Promise<NotificationSettings> {
  const { data } = await api.get<{ data: NotificationSettings }>('/api/notifications/settings');
  return data.data;
}
