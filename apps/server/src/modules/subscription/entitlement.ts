import type { Role } from '@app/contracts/auth.ts';
import type { SubscriptionStatus } from '@app/contracts/subscription.ts';

/** What paid access is decided from. */
export interface EntitlementInput {
  role: Role;
  subscription: {
    status: SubscriptionStatus;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    /** When the failed renewal happened (falls back to the period end). */
    pastDueSince: string | null;
  } | null;
  now: Date;
  /** How long a past_due subscription keeps access while the payment is retried. */
  pastDueGraceMs: number;
}

/**
 * The one decision about paid access (docs/requirements/access-and-roles.md#paid-access): admins
 * always; otherwise an active or trialing subscription, or a past_due one within the grace period.
 * A subscription set to end at its period end stops giving access at that moment even if the
 * provider's update is late.
 */
export function hasPaidAccess(input: EntitlementInput): boolean {
  if (input.role === 'admin') return true;
  const subscription = input.subscription;
  if (!subscription) return false;
  const now = input.now.getTime();
  const periodEnd = subscription.currentPeriodEnd ? Date.parse(subscription.currentPeriodEnd) : null;
  if (subscription.cancelAtPeriodEnd && periodEnd !== null && now >= periodEnd) return false;
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return true;
    case 'past_due': {
      const since = subscription.pastDueSince ?? subscription.currentPeriodEnd;
      // Without a known start the grace cannot be measured: refuse rather than grant forever.
      if (!since) return false;
      return now < Date.parse(since) + input.pastDueGraceMs;
    }
    case 'incomplete':
    case 'incomplete_expired':
    case 'canceled':
    case 'unpaid':
    case 'paused':
      return false;
    default: {
      const unknown: never = subscription.status;
      throw new Error(`unhandled subscription status ${String(unknown)}`);
    }
  }
}
