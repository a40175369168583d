import type { PushDeviceList } from '@app/contracts/notifications.ts';
import { api } from '../../../lib/api-client.ts';

export async function listPushDevices(): Promise<PushDeviceList> {
  const { data } = await api.get<{ data: PushDeviceList }>('/api/notifications/push-subscriptions');
  return data.data;
}
