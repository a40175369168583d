import type { SubscriptionStatus } from '@app/contracts/subscription.ts';
import type { Subscription } from './records.ts';

/** What checkout and the subscriber's actions answer (the payment errors are in the contracts). */
export const MESSAGES = {
  planNotFound: 'That plan does not exist. Please choose one of the plans offered.',
  alreadySubscribed: 'You already have a subscription. You can manage it on the subscription page.',
  endingUseReactivate: 'Your subscription is set to end. Reactivate it instead of buying a new one.',
  alreadyActive: 'Your subscription is active and not set to end.',
  canceled: 'Your subscription will end at the end of the current period. You keep access until then.',
  reactivated: 'Your subscription continues. Thank you for staying!',
  newCheckout: 'Your subscription has ended. Complete a new checkout to start again.',
} as const;

/** Statuses in which the provider still takes payments. */
export const RUNNING: SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

/** Running and not past the end it was set to end at. */
export function isRunning(subscription: Subscription, now: Date): boolean {
  if (!RUNNING.includes(subscription.status)) return false;
  const end = subscription.currentPeriodEnd ? Date.parse(subscription.currentPeriodEnd) : null;
  return !(subscription.cancelAtPeriodEnd && end !== null && end <= now.getTime());
}
