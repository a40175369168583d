import type { ReactivateResult } from '@app/contracts/subscription.ts';
import { api } from '../../../lib/api-client.ts';

/** Undoes a cancellation before the period ends; afterwards the answer carries a new checkout url. */
export async function reactivateSubscription(): Promise<ReactivateResult> {
  const { data } = await api.post<ReactivateResult>('/api/subscription/reactivate');
  return data;
}
