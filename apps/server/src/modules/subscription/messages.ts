import type { SubscriptionStatus } from '@app/contracts/subscription.ts';
import { AppError } from '../../platform/errors.ts';
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

/** Why a change of plan is refused (the error's details.reason) and what the person is told. */
export const PLAN_CHANGE_REFUSALS = {
  samePlan: 'You are already on this plan.',
  alreadyScheduled: 'Your plan is already set to change to this one at the end of the period.',
  ending: 'Your subscription is set to end. Reactivate it before changing your plan.',
  pastDue: 'Your last payment did not go through. Please update your card before changing your plan.',
  otherCurrency: 'That plan is billed in another currency, so you cannot switch to it.',
  quoteExpired:
    'The amounts you saw were worked out more than 10 minutes ago. Please review the change again.',
  changedMeanwhile: 'Your subscription changed in the meantime. Please review the change again.',
} as const;

export function planChangeRefused(reason: keyof typeof PLAN_CHANGE_REFUSALS): AppError {
  return new AppError(409, 'CONFLICT', PLAN_CHANGE_REFUSALS[reason], { reason });
}

export const changedMeanwhile = () => planChangeRefused('changedMeanwhile');

/** Statuses in which the provider still takes payments. */
export const RUNNING: SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

/** Running and not past the end it was set to end at. */
export function isRunning(subscription: Subscription, now: Date): boolean {
  if (!RUNNING.includes(subscription.status)) return false;
  const end = subscription.currentPeriodEnd ? Date.parse(subscription.currentPeriodEnd) : null;
  return !(subscription.cancelAtPeriodEnd && end !== null && end <= now.getTime());
}
