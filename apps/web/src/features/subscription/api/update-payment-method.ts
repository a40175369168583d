import type { ManageCardResult } from '@app/contracts/subscription.ts';
import { api } from '../../../lib/api-client.ts';

/** The address of the page where the card is managed. */
export async function updatePaymentMethod(): Promise<string> {
  const { data } = await api.post<ManageCardResult>('/api/subscription/update-payment-method');
  return data.url;
}
