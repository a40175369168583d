import { PlanLimitsSchema } from '@app/contracts/subscription.ts';
import { z } from 'zod';

// The subscription module's settings: the plan catalogue, coupons and the payment provider.
// config.ts reads them from the environment; the defaults are here.

export const PlanSeedSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  kind: z.enum(['full', 'chat']),
  interval: z.enum(['month', 'year']),
  priceMinor: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  trialDays: z.number().int().min(0).max(90),
  features: z.array(z.string()),
  limits: PlanLimitsSchema,
  stripePriceId: z.string().optional(),
});
export type PlanSeed = z.infer<typeof PlanSeedSchema>;

export const CouponSeedSchema = z
  .strictObject({
    code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    percentOff: z.number().int().min(1).max(100).optional(),
    amountOffMinor: z.number().int().positive().optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    duration: z.enum(['once', 'repeating', 'forever']),
    durationPeriods: z.number().int().positive().optional(),
    expiresAt: z.iso.datetime().optional(),
    maxRedemptions: z.number().int().positive().optional(),
    planIds: z.array(z.string()).optional(),
  })
  .refine(
    (c) => (c.percentOff === undefined) !== (c.amountOffMinor === undefined),
    'give percentOff or amountOffMinor',
  )
  .refine(
    (c) => c.amountOffMinor === undefined || c.currency !== undefined,
    'amountOffMinor needs a currency',
  )
  .refine(
    (c) => (c.duration === 'repeating') === (c.durationPeriods !== undefined),
    'durationPeriods goes with repeating',
  );
export type CouponSeed = z.infer<typeof CouponSeedSchema>;

/** Subscriptions and payments. */
export interface BillingConfig {
  provider: 'local' | 'stripe';
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        apiUrl: string | undefined;
        timeoutMs?: number;
        deadlineMs?: number;
      }
    | undefined;
  pastDueGraceMs: number;
  plans: PlanSeed[];
  coupons: CouponSeed[];
  /** Lets POST /api/test/clock move the server clock (end-to-end tests only; off by default). */
  testClockControl: boolean;
}

const DAY = 24 * 60 * 60_000;

/** Days a subscription whose renewal failed keeps paid access, unless PAST_DUE_GRACE_DAYS says otherwise. */
export const DEFAULT_PAST_DUE_GRACE_DAYS = 3;

const MONTHLY_PRICE_MINOR = 1499;
const YEARLY_PRICE_MINOR = 14388;
/** What the yearly plan saves against twelve monthly payments, in whole percent (rounded down). */
const YEARLY_SAVING_PERCENT = Math.floor((1 - YEARLY_PRICE_MINOR / (12 * MONTHLY_PRICE_MINOR)) * 100);

/** The plan catalogue offered unless BILLING_PLANS replaces it. */
export const DEFAULT_PLANS: PlanSeed[] = [
  {
    id: 'monthly',
    name: 'Monthly',
    kind: 'full',
    interval: 'month',
    priceMinor: MONTHLY_PRICE_MINOR,
    currency: 'USD',
    trialDays: 7,
    features: [
      'Chat with your astrology assistant',
      'Your daily cosmic landscape',
      'Birth chart from your exact birth time and place',
    ],
    limits: { chatMessagesPerDay: 50, landscapeRegenerationsPerDay: 3 },
  },
  {
    id: 'yearly',
    name: 'Yearly',
    kind: 'full',
    interval: 'year',
    priceMinor: YEARLY_PRICE_MINOR,
    currency: 'USD',
    trialDays: 7,
    features: [
      'Chat with your astrology assistant',
      'Your daily cosmic landscape',
      'Birth chart from your exact birth time and place',
      `${YEARLY_SAVING_PERCENT}% less than paying monthly`,
    ],
    limits: { chatMessagesPerDay: 50, landscapeRegenerationsPerDay: 3 },
  },
  {
    id: 'chat-monthly',
    name: 'Chat only',
    kind: 'chat',
    interval: 'month',
    priceMinor: 799,
    currency: 'USD',
    trialDays: 3,
    features: ['Chat with your astrology assistant'],
    limits: { chatMessagesPerDay: 30, landscapeRegenerationsPerDay: 0 },
  },
];

/** The subscription module's settings when the environment sets none (the one source of its defaults). */
export function defaultBilling(): BillingConfig {
  return {
    provider: 'local',
    stripe: undefined,
    pastDueGraceMs: DEFAULT_PAST_DUE_GRACE_DAYS * DAY,
    plans: structuredClone(DEFAULT_PLANS),
    coupons: [],
    testClockControl: false,
  };
}
