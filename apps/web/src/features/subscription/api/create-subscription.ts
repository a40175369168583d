import type { CheckoutResult, CreateSubscriptionBody } from '@app/contracts/subscription.ts';
import { api } from '../../../lib/api-client.ts';

/** Starts a checkout; the answer's url is where the browser goes to pay. */
export async function createSubscription(body: CreateSubscriptionBody): Promise<CheckoutResult> {
  const { data } = await api.post<CheckoutResult>('/api/subscription/create-subscription', body);
  return data;
}
