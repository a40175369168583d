/** A partner's coupon as the partner programme offers it. */
interface PartnerCoupon {
  partnerId: string;
  code: string;
  percentOff: number;
}

export interface ConversionInput {
  userId: string;
  kind: 'trial' | 'sale' | 'refund';
  amountMinor: number;
  currency: string;
  couponCode: string | null;
  /** Makes recording idempotent: the same id is counted once. */
  externalId: string;
}

/** What subscriptions need from the partner programme (exposed by it as app.affiliate). */
export interface AffiliatePort {
  partnerCoupon(code: string): Promise<PartnerCoupon | null>;
  recordConversion(input: ConversionInput): Promise<void>;
}
