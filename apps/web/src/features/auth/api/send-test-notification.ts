import type { TestNotificationResult } from '@app/contracts/notifications.ts';
import { api } from '../../../lib/api-client.ts';

export async function sendTestNotification(): Promise<TestNotificationResult> {
  const { data } = await api.post<{ data: TestNotificationResult }>('/api/notifications/test');
  return data.data;
}
