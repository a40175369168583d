import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getInvoices } from './get-invoices.ts';
import { getPlans } from './get-plans.ts';
import { getSubscriptionStatus } from './get-subscription-status.ts';
import { validateCoupon } from './validate-coupon.ts';

/**
 * The signed-in person's subscription status. Loaded with the session (app/session.ts) and kept
 * until sign-out removes it, so the guards never wait for it again.
 */
export const subscriptionStatusQuery = () =>
  queryOptions({
    queryKey: queryKeys.subscription.status(),
    queryFn: ({ signal }) => getSubscriptionStatus(signal),
    gcTime: Number.POSITIVE_INFINITY,
  });

/** The status, or null when there is none (not signed in, none yet, or it could not be read). */
export function useSubscriptionStatus(options: { enabled?: boolean } = {}) {
  const query = useQuery({ ...subscriptionStatusQuery(), enabled: options.enabled ?? true });
  return { ...query, status: query.data ?? null };
}

export const plansQuery = () =>
  queryOptions({ queryKey: queryKeys.subscription.plans(), queryFn: getPlans, staleTime: 5 * 60_000 });

export const invoicesQuery = () =>
  queryOptions({ queryKey: queryKeys.subscription.invoices(), queryFn: getInvoices });

/** A coupon's preview for a plan; only codes of the accepted form are asked about. */
export const couponQuery = (code: string, planId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.subscription.coupon(code, planId),
    queryFn: ({ signal }) => validateCoupon({ couponCode: code, planId: planId ?? '' }, signal),
    enabled: code.length > 0 && planId !== undefined && /^[A-Z0-9_-]{1,64}$/.test(code),
    retry: false,
  });
