import { api } from '../../../lib/api-client.ts';

export async function removePushDevice(id: string): Promise<void> {
  await api.delete(`/api/notifications/push-subscriptions/${encodeURIComponent(id)}`);
}

/** This browser's device, named by its subscription's endpoint (works without a plan). */
export async function removeThisPushDevice(endpoint: string): Promise<void> {
  await api.delete('/api/notifications/push-subscriptions', { data: { endpoint } });
}
