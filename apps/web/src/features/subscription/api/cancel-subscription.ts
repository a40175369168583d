import type { SubscriptionActionResult } from '@app/contracts/subscription.ts';
import { api } from '../../../lib/api-client.ts';

/** Cancels at the end of the current period. */
export async function cancelSubscription(): Promise<SubscriptionActionResult> {
  const { data } = await api.post<SubscriptionActionResult>('/api/subscription/cancel');
  return data;
}
