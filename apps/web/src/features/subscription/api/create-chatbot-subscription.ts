import type { CheckoutResult } from '@app/contracts/subscription.ts';
import { api } from '../../../lib/api-client.ts';

/** Starts a checkout for the chat-only plan. */
export async function createChatbotSubscription(couponCode?: string): Promise<CheckoutResult> {
  const { data } = await api.post<CheckoutResult>(
    '/api/subscription/create-chatbot-subscription',
    couponCode ? { couponCode } : {},
  );
  return data;
}
