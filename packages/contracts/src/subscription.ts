import { z } from 'zod';

// Requests and answers of /api/subscription (docs/requirements/api.md).

/** Every status a subscription can be in (the provider's vocabulary). */
export const SubscriptionStatusSchema = z.enum([
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

const PlanIntervalSchema = z.enum(['month', 'year']);
export type PlanInterval = z.infer<typeof PlanIntervalSchema>;

/** full: the whole product; chat: the chat-only plan bought by create-chatbot-subscription. */
const PlanKindSchema = z.enum(['full', 'chat']);
export type PlanKind = z.infer<typeof PlanKindSchema>;

/**
 * A plan's daily allowance of each usage kind the server's modules declare (chat messages, landscape
 * regenerations, ...), keyed `<kind>PerDay`; a kind the plan does not name is not allowed on it.
 */
export const PlanLimitsSchema = z.record(
  z.string().regex(/^[a-z][A-Za-z]*PerDay$/, 'a limit is named <usage kind>PerDay'),
  z.number().int().nonnegative(),
);
export type PlanLimits = z.infer<typeof PlanLimitsSchema>;

/** The name of a usage kind's limit in a plan's limits. */
export const perDayLimit = (kind: string) => `${kind}PerDay`;

const PlanIdSchema = z
  .string()
  .trim()
  .min(1, 'Please choose a plan.')
  .max(64, 'Please choose a plan.')
  .regex(/^[a-z0-9-]+$/, 'Please choose a plan.');

const PlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: PlanKindSchema,
  interval: PlanIntervalSchema,
  /** Price per interval in the currency's minor unit (cents). */
  priceMinor: z.number().int().nonnegative(),
  /** ISO 4217 code, upper case. */
  currency: z.string().length(3),
  trialDays: z.number().int().nonnegative(),
  features: z.array(z.string()),
  limits: PlanLimitsSchema,
});
export type Plan = z.infer<typeof PlanSchema>;

export const PlansResultSchema = z.object({ success: z.literal(true), plans: z.array(PlanSchema) });
export type PlansResult = z.infer<typeof PlansResultSchema>;

/** Codes are compared without regard to case; blank means none. */
const CouponCodeSchema = z
  .string()
  .trim()
  .max(64, 'That coupon code is too long.')
  .regex(/^[A-Za-z0-9_-]*$/, 'A coupon code has only letters, digits, - and _.');

export const CreateSubscriptionBodySchema = z.strictObject({
  planId: PlanIdSchema,
  couponCode: CouponCodeSchema.nullish(),
});
export type CreateSubscriptionBody = z.infer<typeof CreateSubscriptionBodySchema>;

export const CreateChatbotSubscriptionBodySchema = z
  .strictObject({ couponCode: CouponCodeSchema.nullish() })
  .optional();

export const CheckoutResultSchema = z.object({
  success: z.literal(true),
  /** Where to send the browser to pay. */
  url: z.string(),
  sessionId: z.string(),
});
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;

export const ValidateCouponBodySchema = z.strictObject({
  couponCode: CouponCodeSchema.pipe(z.string().min(1, 'Please enter a coupon code.')),
  planId: PlanIdSchema,
});
export type ValidateCouponBody = z.infer<typeof ValidateCouponBodySchema>;

const CouponDurationSchema = z.enum(['once', 'repeating', 'forever']);
export type CouponDuration = z.infer<typeof CouponDurationSchema>;

const CouponRefusalSchema = z.enum(['unknown', 'expired', 'used_up', 'not_for_plan']);
export type CouponRefusal = z.infer<typeof CouponRefusalSchema>;

export const ValidateCouponResultSchema = z.discriminatedUnion('valid', [
  z.object({
    success: z.literal(true),
    valid: z.literal(true),
    couponCode: z.string(),
    planId: z.string(),
    currency: z.string(),
    originalPriceMinor: z.number().int(),
    discountMinor: z.number().int(),
    priceMinor: z.number().int(),
    duration: CouponDurationSchema,
    /** For repeating coupons: how many billing periods the discount lasts. */
    durationPeriods: z.number().int().nullable(),
    /** A words-for-people summary such as "20% off for 3 months". */
    description: z.string(),
  }),
  z.object({
    success: z.literal(true),
    valid: z.literal(false),
    couponCode: z.string(),
    reason: CouponRefusalSchema,
    message: z.string(),
  }),
]);
export type ValidateCouponResult = z.infer<typeof ValidateCouponResultSchema>;

/** A payment the provider will take: its amount (coupon included), when, for which plan, with which coupon. */
const NextPaymentSchema = z.object({
  amountMinor: z.number().int().nonnegative(),
  currency: z.string(),
  /** When it is taken: the end of the trial or of the current period. */
  at: z.string(),
  planId: z.string(),
  /** The coupon that lowers this payment; null when none does. */
  couponCode: z.string().nullable(),
});
export type NextPayment = z.infer<typeof NextPaymentSchema>;

/** A switch of plan set for the end of the paid period. */
const ScheduledChangeSchema = z.object({ plan: PlanSchema, at: z.string() });

export const SubscriptionStatusResultSchema = z.object({
  success: z.literal(true),
  subscriptionStatus: SubscriptionStatusSchema.nullable(),
  plan: PlanSchema.nullable(),
  currentPeriodEnd: z.string().nullable(),
  trialEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** The amount of the next payment (after a trial, the first), coupon included; null when none is due. */
  nextPaymentMinor: z.number().int().nullable(),
  hasPaidAccess: z.boolean(),
  // The server always sends the two below; they are optional so that answers stored before them still read.
  /** The next payment in full (amount, date, coupon); null when none is due. */
  nextPayment: NextPaymentSchema.nullable().optional(),
  /** A switch to another plan at the end of the paid period; null when none is set. */
  scheduledChange: ScheduledChangeSchema.nullable().optional(),
});
export type SubscriptionStatusResult = z.infer<typeof SubscriptionStatusResultSchema>;

export const SubscriptionActionResultSchema = SubscriptionStatusResultSchema.extend({
  message: z.string(),
});
export type SubscriptionActionResult = z.infer<typeof SubscriptionActionResultSchema>;

/** Reactivating after the period ended needs a new checkout: then `url` is set. */
export const ReactivateResultSchema = SubscriptionActionResultSchema.extend({
  url: z.string().nullable(),
});
export type ReactivateResult = z.infer<typeof ReactivateResultSchema>;

/**
 * How a change of plan takes effect (the rule is the server's, see plan-changes.ts):
 * now: a plan costing more per payment starts at once, the unused part of the paid period credited;
 * trial: during the free trial the plan changes at once and nothing is charged before the trial ends;
 * period_end: a plan costing less per payment (or the same) starts when the paid period ends;
 * keep: back to the current plan, which calls off a switch set for the period end.
 */
const PlanChangeTimingSchema = z.enum(['now', 'trial', 'period_end', 'keep']);
export type PlanChangeTiming = z.infer<typeof PlanChangeTimingSchema>;

export const PreviewPlanChangeBodySchema = z.strictObject({ planId: PlanIdSchema });
export type PreviewPlanChangeBody = z.infer<typeof PreviewPlanChangeBodySchema>;

export const ChangePlanBodySchema = z.strictObject({
  planId: PlanIdSchema,
  /**
   * The preview's quotedAt: the change is charged as worked out then (up to 10 minutes earlier),
   * so the person pays what they confirmed. Without it, as of now.
   */
  quotedAt: z.iso.datetime({ offset: true, error: 'quotedAt must be a date and time.' }).optional(),
});
export type ChangePlanBody = z.infer<typeof ChangePlanBodySchema>;

/** A change of plan: what happens when, and what is charged when. */
const PlanChangeSchema = z.object({
  from: PlanSchema,
  to: PlanSchema,
  timing: PlanChangeTimingSchema,
  /** When the new plan takes effect. */
  effectiveAt: z.string(),
  /** The instant the amounts are worked out for; sent back as quotedAt to confirm. */
  quotedAt: z.string(),
  currency: z.string(),
  /** Charged at once (timing now): the new plan's first period, coupon included, less the credit. */
  chargeNowMinor: z.number().int().nonnegative(),
  /** The unused part of the current paid period, taken off the charge now. */
  creditMinor: z.number().int().nonnegative(),
  /** The coupon that lowers the charge now; null when none does. */
  chargeCouponCode: z.string().nullable(),
  /** The next payment after the change (the first of the new plan unless timing is now). */
  nextPayment: NextPaymentSchema.nullable(),
  /** A coupon lowering the payments now that the new plan does not take: it ends with the change. */
  couponEnds: z.string().nullable(),
});
export type PlanChange = z.infer<typeof PlanChangeSchema>;

export const PlanChangePreviewResultSchema = z.object({ success: z.literal(true), data: PlanChangeSchema });
export type PlanChangePreviewResult = z.infer<typeof PlanChangePreviewResultSchema>;

export const ChangePlanResultSchema = z.object({
  success: z.literal(true),
  data: z.object({
    change: PlanChangeSchema,
    status: SubscriptionStatusResultSchema.omit({ success: true }),
    message: z.string(),
  }),
});
export type ChangePlanResult = z.infer<typeof ChangePlanResultSchema>;

export const ManageCardResultSchema = z.object({ success: z.literal(true), url: z.string() });
export type ManageCardResult = z.infer<typeof ManageCardResultSchema>;

const ConstraintSchema = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
});

export const ConstraintsResultSchema = z.object({
  success: z.literal(true),
  planId: z.string().nullable(),
  hasPaidAccess: z.boolean(),
  /** The person's own day the counters belong to (YYYY-MM-DD), from midnight in their zone (the landscape's). */
  day: z.string(),
  resetsAt: z.string(),
  /** Each declared usage kind's allowance today (chatMessages, landscapeRegenerations, ...). */
  usage: z.record(z.string(), ConstraintSchema),
});
export type ConstraintsResult = z.infer<typeof ConstraintsResultSchema>;

const InvoiceSchema = z.object({
  id: z.string(),
  status: z.enum(['paid', 'open', 'failed', 'refunded', 'void']),
  amountMinor: z.number().int(),
  currency: z.string(),
  planId: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  createdAt: z.string(),
  couponCode: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoicesResultSchema = z.object({ success: z.literal(true), invoices: z.array(InvoiceSchema) });
export type InvoicesResult = z.infer<typeof InvoicesResultSchema>;

export const PAID_ACCESS_REQUIRED_MESSAGE =
  'This needs an active subscription. Please choose a plan to continue.';
