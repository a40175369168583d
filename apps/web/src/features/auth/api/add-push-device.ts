import type { PushSubscriptionInput } from '@app/contracts/notifications.ts';
import { api } from '../../../lib/api-client.ts';

/** Registers this browser's subscription; the same endpoint again updates its device and answers its id. */
export async function addPushDevice(body: PushSubscriptionInput): Promise<string> {
  const { data } = await api.post<{ data: { id: string } }>('/api/notifications/push-subscriptions', body);
  return data.data.id;
}
