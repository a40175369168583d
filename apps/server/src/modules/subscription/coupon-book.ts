import { PARTNER_COUPON_DURATION } from '@app/contracts/constants.ts';
import type { CouponDuration, ValidateCouponResult } from '@app/contracts/subscription.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AffiliatePort } from './affiliate.ts';
import type { BillingConfig } from './config.ts';
import {
  COUPON_MESSAGES,
  type CouponTerms,
  couponRefusal,
  describeCoupon,
  discountMinor,
  formatMinor,
  normaliseCode,
} from './coupons.ts';
import type { StoredPlan, SubscriptionRepository } from './repository.ts';

/** Our coupons (seeded from the configuration) and partners' codes, judged against a plan. */
export class CouponBook {
  constructor(
    private readonly deps: {
      repo: SubscriptionRepository;
      clock: Clock;
      billing: Pick<BillingConfig, 'coupons'>;
      affiliate: AffiliatePort;
    },
  ) {}

  async seed(): Promise<void> {
    await this.deps.repo.seedCoupons(
      this.deps.billing.coupons.map((c) => ({
        code: normaliseCode(c.code),
        percentOff: c.percentOff ?? null,
        amountOffMinor: c.amountOffMinor ?? null,
        currency: c.currency ?? null,
        duration: c.duration,
        durationPeriods: c.durationPeriods ?? null,
        expiresAt: c.expiresAt ?? null,
        maxRedemptions: c.maxRedemptions ?? null,
        redemptions: 0,
        planIds: c.planIds ?? null,
      })),
      this.deps.clock.now().toISOString(),
    );
  }

  /** Our coupon, else a partner's, else null. */
  private async findCoupon(code: string): Promise<CouponTerms | null> {
    const ours = await this.deps.repo.findCoupon(code);
    if (ours) return { ...ours, partnerId: null };
    const partner = await this.deps.affiliate.partnerCoupon(code);
    if (!partner) return null;
    return {
      code: normaliseCode(partner.code),
      percentOff: partner.percentOff,
      amountOffMinor: null,
      currency: null,
      duration: PARTNER_COUPON_DURATION,
      durationPeriods: null,
      expiresAt: null,
      maxRedemptions: null,
      redemptions: 0,
      planIds: null,
      partnerId: partner.partnerId,
    };
  }

  /** The code normalised, and why it is refused for the plan or what it takes off. */
  async judge(rawCode: string, plan: StoredPlan) {
    const code = normaliseCode(rawCode);
    const terms = await this.findCoupon(code);
    if (!terms) return { code, refusal: 'unknown' as const };
    const refusal = couponRefusal(terms, plan, this.deps.clock.now());
    if (refusal) return { code, refusal };
    const off = discountMinor(plan.priceMinor, plan.currency, terms);
    return { code, refusal: null, terms, off };
  }

  /**
   * What a coupon the person already has takes off another plan, or null when it does not apply to
   * that plan (or no longer exists). Its expiry and redemption cap concern new uses, not this one.
   */
  async carriedTo(code: string, plan: StoredPlan): Promise<{ off: number; duration: CouponDuration } | null> {
    const terms = await this.findCoupon(normaliseCode(code));
    if (!terms) return null;
    const open = { ...terms, expiresAt: null, maxRedemptions: null };
    if (couponRefusal(open, plan, this.deps.clock.now())) return null;
    return { off: discountMinor(plan.priceMinor, plan.currency, terms), duration: terms.duration };
  }

  async validate(rawCode: string, plan: StoredPlan): Promise<ValidateCouponResult> {
    const judged = await this.judge(rawCode, plan);
    if (judged.refusal !== null) {
      return {
        success: true,
        valid: false,
        couponCode: judged.code,
        reason: judged.refusal,
        message: COUPON_MESSAGES[judged.refusal],
      };
    }
    return {
      success: true,
      valid: true,
      couponCode: judged.code,
      planId: plan.id,
      currency: plan.currency,
      originalPriceMinor: plan.priceMinor,
      discountMinor: judged.off,
      priceMinor: plan.priceMinor - judged.off,
      duration: judged.terms.duration,
      durationPeriods: judged.terms.durationPeriods,
      description: describeCoupon(judged.terms, plan.interval, (minor) => formatMinor(minor, plan.currency)),
    };
  }
}
