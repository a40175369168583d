/**
 * Route guards as one pure decision (docs/requirements/routes-and-guards.md), so the order of the
 * checks is plain to read and to test: loading, logged in, verified email, paid access, birth data.
 */
export type AccessLevel =
  /** Logged in. */
  | 'login'
  /** Logged in with a verified email. */
  | 'verified'
  /** ... and paid access. */
  | 'paid'
  /** ... and saved birth data. */
  | 'full';

export interface AccessFacts {
  loading: boolean;
  user: { emailVerified: boolean; role: string } | null;
  subscriptionStatus: string | null | undefined;
  /** The server's own verdict from GET /api/subscription/status (it also counts a past_due grace period). */
  serverPaidAccess?: boolean;
  birthDataComplete: boolean;
}

export type AccessDecision = { kind: 'loading' } | { kind: 'allow' } | { kind: 'redirect'; to: string };

const RANK: Record<AccessLevel, number> = { login: 0, verified: 1, paid: 2, full: 3 };

/**
 * docs/requirements/access-and-roles.md#paid-access: an active or trialing subscription, or the
 * admin role; or the server's verdict when it grants more (a failed renewal keeps access through
 * its grace period).
 */
export function hasPaidAccess(
  role: string | undefined,
  subscriptionStatus: string | null | undefined,
  serverPaidAccess = false,
): boolean {
  return (
    serverPaidAccess ||
    role === 'admin' ||
    subscriptionStatus === 'active' ||
    subscriptionStatus === 'trialing'
  );
}

export function decideAccess(level: AccessLevel, facts: AccessFacts): AccessDecision {
  if (facts.loading) return { kind: 'loading' };
  if (!facts.user) return { kind: 'redirect', to: '/' };
  const rank = RANK[level];
  if (rank >= RANK.verified && !facts.user.emailVerified)
    return { kind: 'redirect', to: '/verify-email-pending' };
  if (
    rank >= RANK.paid &&
    !hasPaidAccess(facts.user.role, facts.subscriptionStatus, facts.serverPaidAccess)
  ) {
    return { kind: 'redirect', to: '/subscription' };
  }
  if (rank >= RANK.full && !facts.birthDataComplete) return { kind: 'redirect', to: '/birth-form' };
  return { kind: 'allow' };
}

export type NextStep = 'sign-in' | 'verify-email' | 'choose-plan' | 'birth-data' | 'explore';

/** What a person should do next on their way to the full product (the home page's call to action). */
export function nextStep(facts: AccessFacts): NextStep {
  const decision = decideAccess('full', { ...facts, loading: false });
  if (decision.kind !== 'redirect') return 'explore';
  switch (decision.to) {
    case '/verify-email-pending':
      return 'verify-email';
    case '/subscription':
      return 'choose-plan';
    case '/birth-form':
      return 'birth-data';
    default:
      return 'sign-in';
  }
}
