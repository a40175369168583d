import type { PlanInterval, PlanKind, SubscriptionStatus } from '@app/contracts/subscription.ts';

export interface SubscriptionPlansTable {
  id: string;
  name: string;
  kind: PlanKind;
  interval: PlanInterval;
  price_minor: number;
  currency: string;
  trial_days: number;
  /** JSON list of strings. */
  features: string;
  /** JSON object: the daily limit of each usage kind, by `<kind>PerDay` (absent: none allowed). */
  usage_limits: string;
  stripe_price_id: string | null;
  sort_order: number;
  active: number;
}

export type ProviderName = 'local' | 'stripe';
/** Local provider test cards: what a charge on the stored card does. */
export type CardBehaviour = 'succeeds' | 'fails';

export interface SubscriptionsTable {
  user_id: string;
  plan_id: string;
  status: SubscriptionStatus;
  provider: ProviderName;
  customer_id: string | null;
  provider_subscription_id: string | null;
  customer_email: string;
  customer_name: string;
  current_period_start: string | null;
  current_period_end: string | null;
  trial_end: string | null;
  cancel_at_period_end: number;
  canceled_at: string | null;
  past_due_since: string | null;
  coupon_code: string | null;
  discount_periods_left: number | null;
  discount_minor: number | null;
  card_last4: string | null;
  card_behaviour: CardBehaviour | null;
  trial_reminder_for: string | null;
  had_trial: number;
  /** A switch of plan at the end of the paid period, with the coupon as it carries to that plan. */
  scheduled_plan_id: string | null;
  scheduled_discount_minor: number | null;
  scheduled_discount_periods_left: number | null;
  provider_version: number;
  created_at: string;
  updated_at: string;
}

export type PaymentSessionKind = 'checkout' | 'card';
export type PaymentSessionStatus = 'open' | 'authenticating' | 'completed' | 'expired';

export interface PaymentSessionsTable {
  id: string;
  user_id: string;
  kind: PaymentSessionKind;
  customer_email: string;
  customer_name: string;
  plan_id: string | null;
  coupon_code: string | null;
  status: PaymentSessionStatus;
  provider_session_id: string | null;
  created_at: string;
  expires_at: string;
  completed_at: string | null;
}

export type InvoiceStatus = 'paid' | 'open' | 'failed' | 'refunded' | 'void';

export interface InvoicesTable {
  id: string;
  user_id: string;
  provider_invoice_id: string | null;
  plan_id: string | null;
  status: InvoiceStatus;
  amount_minor: number;
  currency: string;
  coupon_code: string | null;
  period_start: string | null;
  period_end: string | null;
  created_at: string;
}

export interface CouponsTable {
  code: string;
  percent_off: number | null;
  amount_off_minor: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_periods: number | null;
  expires_at: string | null;
  max_redemptions: number | null;
  redemptions: number;
  /** JSON list of plan ids, or null for every plan. */
  plan_ids: string | null;
  created_at: string;
}

interface BillingEventsTable {
  id: string;
  type: string;
  received_at: string;
}

interface UsageCountersTable {
  user_id: string;
  kind: string;
  day: string;
  count: number;
}

export interface SubscriptionTables {
  subscription_plans: SubscriptionPlansTable;
  subscriptions: SubscriptionsTable;
  payment_sessions: PaymentSessionsTable;
  invoices: InvoicesTable;
  coupons: CouponsTable;
  billing_events: BillingEventsTable;
  usage_counters: UsageCountersTable;
}
