import { SUBSCRIPTION_ERRORS } from '@app/contracts/error-catalogue.ts';
import type { PlanChangeTiming } from '@app/contracts/subscription.ts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { AppliedDiscount } from './coupons.ts';
import type { StoredPlan, Subscription } from './repository.ts';
import type { ProviderName } from './tables.ts';

export interface AppliedCoupon {
  code: string;
  discountMinor: number;
  /** Paid periods the discount lasts; null: every one. */
  periods: number | null;
  partnerId: string | null;
}

export interface CheckoutRequest {
  sessionId: string;
  user: { id: string; email: string; name: string };
  plan: StoredPlan;
  coupon: AppliedCoupon | null;
  trialDays: number;
  /** The provider's customer when the person has paid before. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** A change of plan as the product decided it (plan-changes.ts); the provider carries it out. */
export interface PlanChangeRequest {
  /** The subscription as it was read when the change was worked out. */
  subscription: Subscription;
  from: StoredPlan;
  to: StoredPlan;
  timing: PlanChangeTiming;
  /** The instant the change is worked out for: a change made now starts then. */
  at: Date;
  /** The subscription's coupon as it carries to the new plan (before the charge now, if any). */
  discount: AppliedDiscount;
  /** A coupon lowering the payments now that the new plan does not take. */
  couponEnds: string | null;
}

/** What a change made now charges at once, as the provider charges it. */
export interface ProratedCharge {
  chargeNowMinor: number;
  /** The unused part of the paid period, taken off the charge. */
  creditMinor: number;
}

/** What the product asks of a payment provider; the provider reports back through its port (port.ts). */
export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<{ url: string; providerSessionId: string | null }>;
  setCancelAtPeriodEnd(subscription: Subscription, cancel: boolean): Promise<void>;
  manageCardUrl(subscription: Subscription, returnUrl: string): Promise<string>;
  /** Closes a checkout the person will not use (a newer one replaced it), so it cannot be paid. */
  expireCheckout?(providerSessionId: string): Promise<void>;
  /** What a change of timing 'now' will charge at once (the provider's own proration). */
  quotePlanChange(change: PlanChangeRequest): Promise<ProratedCharge>;
  /**
   * Carries out a change of plan (charging `charge` at once for timing 'now') and reports the new
   * state through the port; a refused payment changes nothing.
   */
  changePlan(change: PlanChangeRequest, charge: ProratedCharge): Promise<void>;
  /** Ends a subscription at once (the account is being deleted). */
  cancelNow(subscription: Subscription): Promise<void>;
  /** Refreshes every subscription from the provider's own records (providers that keep them). */
  reconcile?(): Promise<{ refreshed: number; failed: number }>;
}

/** The provider could not be reached or did not answer in time. */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super('payment provider unavailable', { cause });
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider refused the request (card, configuration or request problem). */
export class ProviderRefusedError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'ProviderRefusedError';
  }
}

/** Turns provider failures into the payment messages of docs/requirements/errors-and-messages.md. */
export async function talkToProvider<T>(log: FastifyBaseLogger, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      log.warn({ err: error }, 'payment provider unavailable');
      throw new AppError(503, 'UNAVAILABLE', SUBSCRIPTION_ERRORS.unavailable);
    }
    if (error instanceof ProviderRefusedError) {
      log.warn({ err: error }, 'payment provider refused');
      throw new AppError(402, 'PAYMENT_FAILED', SUBSCRIPTION_ERRORS.paymentProcessing);
    }
    throw error;
  }
}
