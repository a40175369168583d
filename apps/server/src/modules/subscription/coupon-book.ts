import { PARTNER_COUPON_DURATION } from '@app/contracts/constants.ts';
import type { ValidateCouponResult } from '@app/contracts/subscription.ts';
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
import type { CouponRow, StoredPlan, SubscriptionRepository } from './repository.ts';

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
    const created = this.deps.clock.now().toISOString();
    await this.deps.repo.seedCoupons(
      this.deps.billing.coupons.map(
        (c): CouponRow => ({
          code: normaliseCode(c.code),
          percent_off: c.percentOff ?? null,
          amount_off_minor: c.amountOffMinor ?? null,
          currency: c.currency ?? null,
          duration: c.duration,
          duration_periods: c.durationPeriods ?? null,
          expires_at: c.expiresAt ?? null,
          max_redemptions: c.maxRedemptions ?? null,
          redemptions: 0,
          plan_ids: c.planIds ? JSON.stringify(c.planIds) : null,
          created_at: created,
        }),
      ),
    );
  }

  /** Our coupon, else a partner's, else null. */
  private async findCoupon(code: string): Promise<CouponTerms | null> {
    const row = await this.deps.repo.findCoupon(code);
    if (row) {
      return {
        code: row.code,
        percentOff: row.percent_off === null ? null : Number(row.percent_off),
        amountOffMinor: row.amount_off_minor === null ? null : Number(row.amount_off_minor),
        currency: row.currency,
        duration: row.duration,
        durationPeriods: row.duration_periods === null ? null : Number(row.duration_periods),
        expiresAt: row.expires_at,
        maxRedemptions: row.max_redemptions === null ? null : Number(row.max_redemptions),
        redemptions: Number(row.redemptions),
        planIds: row.plan_ids ? (JSON.parse(row.plan_ids) as string[]) : null,
        partnerId: null,
      };
    }
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
