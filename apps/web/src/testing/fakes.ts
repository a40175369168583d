import type { User } from '@app/contracts/auth.ts';
import { SIGN_NAMES, type SignName, type ZodiacPosition } from '@app/contracts/chart.ts';
import type { Plan, PlansResult, SubscriptionStatusResult } from '@app/contracts/subscription.ts';

// Typed answers of the server for web tests, built from the contracts: when a contract changes,
// the fakes stop compiling instead of drifting from what the server sends.

export function fakeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'ada@example.com',
    name: 'Ada',
    role: 'user',
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function fakePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'monthly',
    name: 'Monthly',
    kind: 'full',
    interval: 'month',
    priceMinor: 1499,
    currency: 'USD',
    trialDays: 7,
    features: ['Chat'],
    limits: { chatMessagesPerDay: 50, landscapeRegenerationsPerDay: 3 },
    ...overrides,
  };
}

export const fakePlansResult = (plans: Plan[]): PlansResult => ({ success: true, plans });

/** GET /api/subscription/status of a person without a subscription, unless overridden. */
export function fakeSubscriptionStatus(
  overrides: Partial<SubscriptionStatusResult> = {},
): SubscriptionStatusResult {
  return {
    success: true,
    subscriptionStatus: null,
    plan: null,
    currentPeriodEnd: null,
    trialEnd: null,
    cancelAtPeriodEnd: false,
    nextPaymentMinor: null,
    hasPaidAccess: false,
    ...overrides,
  };
}

/** A chart position at an ecliptic longitude: its sign, and degree and minute within the sign. */
export function fakePosition(longitude: number): ZodiacPosition {
  const within = longitude % 30;
  return {
    longitude,
    sign: SIGN_NAMES[Math.floor(longitude / 30)] as SignName,
    degree: Math.floor(within),
    minute: Math.floor((within % 1) * 60),
  };
}
