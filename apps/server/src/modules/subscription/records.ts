import type { Plan, PlanKind, PlanLimits, SubscriptionStatus } from '@app/contracts/subscription.ts';
import type { Selectable, Updateable } from 'kysely';
import type { CouponTerms } from './coupons.ts';
import type {
  CardBehaviour,
  CouponsTable,
  InvoiceStatus,
  InvoicesTable,
  PaymentSessionKind,
  PaymentSessionStatus,
  PaymentSessionsTable,
  ProviderName,
  SubscriptionPlansTable,
  SubscriptionsTable,
} from './tables.ts';

// The subscription module's records as the code uses them. The tables keep SQL names and store
// booleans as 0/1 (SQLite has no boolean); the repository converts at its edge, here.

export interface StoredPlan extends Plan {
  stripePriceId: string | null;
}

export interface Subscription {
  userId: string;
  planId: string;
  status: SubscriptionStatus;
  provider: ProviderName;
  customerId: string | null;
  providerSubscriptionId: string | null;
  customerEmail: string;
  customerName: string;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  trialEnd: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  pastDueSince: string | null;
  couponCode: string | null;
  discountPeriodsLeft: number | null;
  discountMinor: number | null;
  cardLast4: string | null;
  cardBehaviour: CardBehaviour | null;
  /** The trial end the "trial ends soon" mail was sent for. */
  trialReminderFor: string | null;
  hadTrial: boolean;
  /** A plan the subscription switches to at the end of the paid period (set by a change of plan). */
  scheduledPlanId: string | null;
  /** The coupon's discount on the scheduled plan; null when the coupon ends with the switch. */
  scheduledDiscountMinor: number | null;
  /** The coupon's paid periods left, counted in the scheduled plan's interval. */
  scheduledDiscountPeriodsLeft: number | null;
  /** Provider time of the state applied last, in ms. */
  providerVersion: number;
  createdAt: string;
  updatedAt: string;
}

/** A checkout, or a visit to the local card page. */
export interface PaymentSession {
  id: string;
  userId: string;
  kind: PaymentSessionKind;
  customerEmail: string;
  customerName: string;
  planId: string | null;
  couponCode: string | null;
  status: PaymentSessionStatus;
  providerSessionId: string | null;
  createdAt: string;
  expiresAt: string;
  completedAt: string | null;
}

export interface StoredInvoice {
  id: string;
  userId: string;
  providerInvoiceId: string | null;
  planId: string | null;
  status: InvoiceStatus;
  amountMinor: number;
  currency: string;
  couponCode: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  createdAt: string;
}

/** One of our own coupons (a partner's come from the partner programme). */
export type StoredCoupon = Omit<CouponTerms, 'partnerId'>;

const SUBSCRIPTION_COLUMNS = {
  userId: 'user_id',
  planId: 'plan_id',
  status: 'status',
  provider: 'provider',
  customerId: 'customer_id',
  providerSubscriptionId: 'provider_subscription_id',
  customerEmail: 'customer_email',
  customerName: 'customer_name',
  currentPeriodStart: 'current_period_start',
  currentPeriodEnd: 'current_period_end',
  trialEnd: 'trial_end',
  cancelAtPeriodEnd: 'cancel_at_period_end',
  canceledAt: 'canceled_at',
  pastDueSince: 'past_due_since',
  couponCode: 'coupon_code',
  discountPeriodsLeft: 'discount_periods_left',
  discountMinor: 'discount_minor',
  cardLast4: 'card_last4',
  cardBehaviour: 'card_behaviour',
  trialReminderFor: 'trial_reminder_for',
  hadTrial: 'had_trial',
  scheduledPlanId: 'scheduled_plan_id',
  scheduledDiscountMinor: 'scheduled_discount_minor',
  scheduledDiscountPeriodsLeft: 'scheduled_discount_periods_left',
  providerVersion: 'provider_version',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const satisfies { [K in keyof Subscription]: keyof SubscriptionsTable };

type SubscriptionColumn = (typeof SUBSCRIPTION_COLUMNS)[keyof Subscription];

/** The columns a subscription is read from. */
export const subscriptionColumns = Object.values(SUBSCRIPTION_COLUMNS) as SubscriptionColumn[];
export const qualifiedSubscriptionColumns = subscriptionColumns.map(
  (column) => `subscriptions.${column}` as const,
);

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

export function toSubscription(row: Pick<Selectable<SubscriptionsTable>, SubscriptionColumn>): Subscription {
  return {
    userId: row.user_id,
    planId: row.plan_id,
    status: row.status,
    provider: row.provider,
    customerId: row.customer_id,
    providerSubscriptionId: row.provider_subscription_id,
    customerEmail: row.customer_email,
    customerName: row.customer_name,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    trialEnd: row.trial_end,
    cancelAtPeriodEnd: Number(row.cancel_at_period_end) === 1,
    canceledAt: row.canceled_at,
    pastDueSince: row.past_due_since,
    couponCode: row.coupon_code,
    discountPeriodsLeft: numberOrNull(row.discount_periods_left),
    discountMinor: numberOrNull(row.discount_minor),
    cardLast4: row.card_last4,
    cardBehaviour: row.card_behaviour,
    trialReminderFor: row.trial_reminder_for,
    hadTrial: Number(row.had_trial) === 1,
    scheduledPlanId: row.scheduled_plan_id,
    scheduledDiscountMinor: numberOrNull(row.scheduled_discount_minor),
    scheduledDiscountPeriodsLeft: numberOrNull(row.scheduled_discount_periods_left),
    providerVersion: Number(row.provider_version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Column values for some fields of a subscription; booleans are stored as 0/1. */
export function subscriptionValues(fields: Partial<Subscription>): Updateable<SubscriptionsTable> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    values[SUBSCRIPTION_COLUMNS[key as keyof Subscription]] =
      typeof value === 'boolean' ? (value ? 1 : 0) : value;
  }
  return values as Updateable<SubscriptionsTable>;
}

/** Every column of a subscription (all its fields are given). */
export function subscriptionRow(subscription: Subscription): Selectable<SubscriptionsTable> {
  return subscriptionValues(subscription) as Selectable<SubscriptionsTable>;
}

export const paymentSessionColumns = [
  'id',
  'user_id',
  'kind',
  'customer_email',
  'customer_name',
  'plan_id',
  'coupon_code',
  'status',
  'provider_session_id',
  'created_at',
  'expires_at',
  'completed_at',
] as const satisfies (keyof PaymentSessionsTable)[];

export function toPaymentSession(row: Selectable<PaymentSessionsTable>): PaymentSession {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    customerEmail: row.customer_email,
    customerName: row.customer_name,
    planId: row.plan_id,
    couponCode: row.coupon_code,
    status: row.status,
    providerSessionId: row.provider_session_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    completedAt: row.completed_at,
  };
}

export function paymentSessionRow(session: PaymentSession): Selectable<PaymentSessionsTable> {
  return {
    id: session.id,
    user_id: session.userId,
    kind: session.kind,
    customer_email: session.customerEmail,
    customer_name: session.customerName,
    plan_id: session.planId,
    coupon_code: session.couponCode,
    status: session.status,
    provider_session_id: session.providerSessionId,
    created_at: session.createdAt,
    expires_at: session.expiresAt,
    completed_at: session.completedAt,
  };
}

export const invoiceColumns = [
  'id',
  'user_id',
  'provider_invoice_id',
  'plan_id',
  'status',
  'amount_minor',
  'currency',
  'coupon_code',
  'period_start',
  'period_end',
  'created_at',
] as const satisfies (keyof InvoicesTable)[];

export function toInvoice(row: Selectable<InvoicesTable>): StoredInvoice {
  return {
    id: row.id,
    userId: row.user_id,
    providerInvoiceId: row.provider_invoice_id,
    planId: row.plan_id,
    status: row.status,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    couponCode: row.coupon_code,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    createdAt: row.created_at,
  };
}

export function invoiceRow(invoice: StoredInvoice): Selectable<InvoicesTable> {
  return {
    id: invoice.id,
    user_id: invoice.userId,
    provider_invoice_id: invoice.providerInvoiceId,
    plan_id: invoice.planId,
    status: invoice.status,
    amount_minor: invoice.amountMinor,
    currency: invoice.currency,
    coupon_code: invoice.couponCode,
    period_start: invoice.periodStart,
    period_end: invoice.periodEnd,
    created_at: invoice.createdAt,
  };
}

export const planColumns = [
  'id',
  'name',
  'kind',
  'interval',
  'price_minor',
  'currency',
  'trial_days',
  'features',
  'usage_limits',
  'stripe_price_id',
] as const satisfies (keyof SubscriptionPlansTable)[];

export function toPlan(
  row: Pick<Selectable<SubscriptionPlansTable>, (typeof planColumns)[number]>,
): StoredPlan {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as PlanKind,
    interval: row.interval,
    priceMinor: Number(row.price_minor),
    currency: row.currency,
    trialDays: Number(row.trial_days),
    features: JSON.parse(row.features) as string[],
    limits: JSON.parse(row.usage_limits) as PlanLimits,
    stripePriceId: row.stripe_price_id,
  };
}

export const couponColumns = [
  'code',
  'percent_off',
  'amount_off_minor',
  'currency',
  'duration',
  'duration_periods',
  'expires_at',
  'max_redemptions',
  'redemptions',
  'plan_ids',
] as const satisfies (keyof CouponsTable)[];

export function toCoupon(row: Pick<Selectable<CouponsTable>, (typeof couponColumns)[number]>): StoredCoupon {
  return {
    code: row.code,
    percentOff: numberOrNull(row.percent_off),
    amountOffMinor: numberOrNull(row.amount_off_minor),
    currency: row.currency,
    duration: row.duration,
    durationPeriods: numberOrNull(row.duration_periods),
    expiresAt: row.expires_at,
    maxRedemptions: numberOrNull(row.max_redemptions),
    redemptions: Number(row.redemptions),
    planIds: row.plan_ids ? (JSON.parse(row.plan_ids) as string[]) : null,
  };
}
