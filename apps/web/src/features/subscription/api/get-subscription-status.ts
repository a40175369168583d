import type { SubscriptionStatusResult } from '@app/contracts/subscription.ts';
import { api } from '../../../lib/api-client.ts';

/** docs/requirements/data-model.md: an object with a subscriptionStatus field ("active", "trialing", ...). */
export type SubscriptionStatus = Partial<Omit<SubscriptionStatusResult, 'subscriptionStatus'>> & {
  subscriptionStatus: string | null;
  [field: string]: unknown;
};

export async function getSubscriptionStatus(signal?: AbortSignal): Promise<SubscriptionStatus> {
  const { data } = await api.get<SubscriptionStatus & { data?: SubscriptionStatus }>(
    '/api/subscription/status',
    { signal },
  );
  // Accept both a bare object and the { success, data } envelope.
  const body = data.data && typeof data.data === 'object' ? data.data : data;
  return {
    ...body,
    subscriptionStatus: typeof body.subscriptionStatus === 'string' ? body.subscriptionStatus : null,
  };
}
