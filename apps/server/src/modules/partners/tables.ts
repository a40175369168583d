import type { ApplicationStatus, AudienceSize, ConversionKind } from '@app/contracts/partners.ts';

export interface PartnerApplicationsTable {
  id: string;
  name: string;
  email: string;
  channels: string;
  audience_size: AudienceSize;
  promotion: string;
  status: ApplicationStatus;
  rejection_reason: string | null;
  partner_id: string | null;
  created_at: string;
  updated_at: string;
  decided_at: string | null;
}

/** Answers waiting for the applicant's confirmation by mail (see PartnerService.apply). */
export interface PartnerApplicationChangesTable {
  secret_hash: string;
  application_id: string;
  name: string;
  channels: string;
  audience_size: AudienceSize;
  promotion: string;
  created_at: string;
  expires_at: string;
}

export interface PartnersTable {
  id: string;
  application_id: string | null;
  name: string;
  email: string;
  coupon_code: string;
  commission_bps: number;
  created_at: string;
}

export interface AffiliateClicksTable {
  id: string;
  code: string;
  partner_id: string | null;
  visitor_id: string;
  /** UTC date YYYY-MM-DD: at most one click per visitor, code and day. */
  day: string;
  clicked_at: string;
  landing_path: string;
  referrer: string | null;
}

type AttributionSource = 'click' | 'coupon';

export interface AffiliateAttributionsTable {
  user_id: string;
  partner_id: string;
  source: AttributionSource;
  click_id: string | null;
  clicked_at: string | null;
  created_at: string;
}

export interface CommissionLedgerTable {
  id: string;
  partner_id: string;
  user_id: string | null;
  kind: ConversionKind;
  external_id: string;
  amount_minor: number;
  currency: string;
  commission_minor: number;
  coupon_code: string | null;
  reverses_id: string | null;
  created_at: string;
}

export interface PartnerTables {
  partner_applications: PartnerApplicationsTable;
  partner_application_changes: PartnerApplicationChangesTable;
  partners: PartnersTable;
  affiliate_clicks: AffiliateClicksTable;
  affiliate_attributions: AffiliateAttributionsTable;
  commission_ledger: CommissionLedgerTable;
}
