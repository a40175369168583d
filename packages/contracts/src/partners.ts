import { z } from 'zod';
import { AffiliateCodeSchema } from './affiliate.ts';
import { NameSchema } from './auth.ts';
import { EmailSchema } from './email.ts';

// The partner programme: public figures, applications, and the operators' API under
// /api/admin/partners (admin role only: 401 for guests, 403 for everyone else).

export const PARTNER_PATHS = {
  /** GET, public: the programme's figures. */
  programme: '/api/partners/programme',
  /** POST, public: apply (a repeat for a pending email waits for the link mailed to it). */
  apply: '/api/partners/applications',
  /** POST { token }, public: confirm the answers sent again for a pending application. */
  confirmChanges: '/api/partners/applications/confirm',
  /** GET ?status=&limit=&offset=: applications, newest first. */
  adminApplications: '/api/admin/partners/applications',
  /** POST: approve, creating the partner and its coupon code. */
  adminApprove: (applicationId: string) => `/api/admin/partners/applications/${applicationId}/approve`,
  /** POST { reason }: reject. */
  adminReject: (applicationId: string) => `/api/admin/partners/applications/${applicationId}/reject`,
  /** GET: every partner with its figures. */
  adminPartners: '/api/admin/partners',
  /** GET: one partner's clicks, sign-ups, conversions and commission balance. */
  adminPartnerStats: (partnerId: string) => `/api/admin/partners/${partnerId}/stats`,
} as const;

// ---------------------------------------------------------------- public programme figures

const PartnerProgrammeSchema = z.object({
  /** Share of each sale credited to the partner, as a fraction: 0.2 means 20 %. */
  commissionRate: z.number().min(0).max(1),
  /** Days after a click within which a registration is credited to the partner. */
  attributionWindowDays: z.number().int().positive(),
  /** Discount a customer gets with a partner's coupon code, in percent (0-100). */
  partnerCouponPercentOff: z.number().int().min(0).max(100),
  /** Where partners can write with questions. */
  supportEmail: z.string(),
});
export type PartnerProgramme = z.infer<typeof PartnerProgrammeSchema>;

export const PartnerProgrammeResultSchema = z.object({
  success: z.literal(true),
  programme: PartnerProgrammeSchema,
});
export type PartnerProgrammeResult = z.infer<typeof PartnerProgrammeResultSchema>;

// ---------------------------------------------------------------- applications

export const AUDIENCE_SIZES = ['under-1k', '1k-10k', '10k-100k', '100k-1m', 'over-1m'] as const;
const AudienceSizeSchema = z.enum(AUDIENCE_SIZES, { error: 'Please choose your audience size.' });
export type AudienceSize = z.infer<typeof AudienceSizeSchema>;
export const AUDIENCE_SIZE_LABELS: Record<AudienceSize, string> = {
  'under-1k': 'Fewer than 1,000',
  '1k-10k': '1,000 to 10,000',
  '10k-100k': '10,000 to 100,000',
  '100k-1m': '100,000 to 1 million',
  'over-1m': 'More than 1 million',
};

export const PARTNER_CHANNELS_MAX_LENGTH = 1000;
export const PARTNER_PROMOTION_MIN_LENGTH = 20;
export const PARTNER_PROMOTION_MAX_LENGTH = 3000;
const REJECTION_REASON_MAX_LENGTH = 1000;

export const PartnerApplicationBodySchema = z.strictObject({
  name: NameSchema,
  email: EmailSchema,
  /** Website address or social handles, free text (one per line is fine). */
  channels: z
    .string({ error: 'Please give your website or social handles.' })
    .trim()
    .min(1, 'Please give your website or social handles.')
    .max(PARTNER_CHANNELS_MAX_LENGTH, `Please keep this under ${PARTNER_CHANNELS_MAX_LENGTH} characters.`),
  audienceSize: AudienceSizeSchema,
  promotion: z
    .string({ error: 'Please tell us how you will promote the app.' })
    .trim()
    .min(PARTNER_PROMOTION_MIN_LENGTH, `Please write at least ${PARTNER_PROMOTION_MIN_LENGTH} characters.`)
    .max(PARTNER_PROMOTION_MAX_LENGTH, `Please keep this under ${PARTNER_PROMOTION_MAX_LENGTH} characters.`),
  acceptTerms: z.literal(true, { error: 'Please accept the programme terms.' }),
});
export type PartnerApplicationInput = z.input<typeof PartnerApplicationBodySchema>;
export type PartnerApplicationBody = z.infer<typeof PartnerApplicationBodySchema>;

/**
 * 201 for a new application. 202 when the email already has a pending application: the new answers
 * replace it only once the link mailed to that address confirms them. 409 CONFLICT when the email
 * already belongs to a partner.
 */
export const PartnerApplicationResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  awaitingConfirmation: z.boolean(),
});
export type PartnerApplicationResult = z.infer<typeof PartnerApplicationResultSchema>;

/** The secret from the mailed confirmation link. 404 NOT_FOUND when it is spent, expired or unknown. */
export const ConfirmApplicationChangesBodySchema = z.object({ token: z.string().trim().min(1).max(200) });
export const ConfirmApplicationChangesResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type ConfirmApplicationChangesResult = z.infer<typeof ConfirmApplicationChangesResultSchema>;

const ApplicationStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type ApplicationStatus = z.infer<typeof ApplicationStatusSchema>;

const PartnerApplicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  channels: z.string(),
  audienceSize: AudienceSizeSchema,
  promotion: z.string(),
  status: ApplicationStatusSchema,
  rejectionReason: z.string().nullable(),
  /** Set once approved. */
  partnerId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PartnerApplication = z.infer<typeof PartnerApplicationSchema>;

// ---------------------------------------------------------------- admin API

const ADMIN_LIST_LIMIT_MAX = 200;

export const AdminApplicationsQuerySchema = z.strictObject({
  status: ApplicationStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_LIST_LIMIT_MAX).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AdminApplicationsQuery = z.infer<typeof AdminApplicationsQuerySchema>;

export const AdminApplicationsResultSchema = z.object({
  success: z.literal(true),
  applications: z.array(PartnerApplicationSchema),
  total: z.number().int().nonnegative(),
});
export type AdminApplicationsResult = z.infer<typeof AdminApplicationsResultSchema>;

export const IdParamsSchema = z.strictObject({
  id: z.string().regex(/^[0-9a-f-]{36}$/i, 'This id is not valid.'),
});

/**
 * Both optional (the body itself too): by default a code is made from the name and the configured
 * rate applies.
 */
export const ApproveApplicationBodySchema = z.strictObject({
  couponCode: AffiliateCodeSchema.optional(),
  /** Fraction 0..1 (0.25 = 25 %). */
  commissionRate: z
    .number()
    .min(0, 'The rate is between 0 and 1.')
    .max(1, 'The rate is between 0 and 1.')
    .optional(),
});
export type ApproveApplicationBody = z.infer<typeof ApproveApplicationBodySchema>;

export const RejectApplicationBodySchema = z.strictObject({
  reason: z
    .string({ error: 'Please give a reason.' })
    .trim()
    .min(1, 'Please give a reason.')
    .max(REJECTION_REASON_MAX_LENGTH, `A reason can be at most ${REJECTION_REASON_MAX_LENGTH} characters.`),
});

const PartnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Uppercase, unique. */
  couponCode: z.string(),
  commissionRate: z.number(),
  applicationId: z.string().nullable(),
  createdAt: z.string(),
});
export type Partner = z.infer<typeof PartnerSchema>;

/** 200 with the partner made (409 when the application is not pending or the code is taken). */
export const ApproveApplicationResultSchema = z.object({
  success: z.literal(true),
  application: PartnerApplicationSchema,
  partner: PartnerSchema,
});
export type ApproveApplicationResult = z.infer<typeof ApproveApplicationResultSchema>;

export const RejectApplicationResultSchema = z.object({
  success: z.literal(true),
  application: PartnerApplicationSchema,
});
export type RejectApplicationResult = z.infer<typeof RejectApplicationResultSchema>;

/** Money per currency, in minor units (cents). */
const CommissionBalanceSchema = z.object({
  currency: z.string(),
  /** Commission on sales. */
  earnedMinor: z.number().int(),
  /** Commission taken back for refunds (a positive number). */
  reversedMinor: z.number().int(),
  /** earned - reversed. */
  balanceMinor: z.number().int(),
});
export type CommissionBalance = z.infer<typeof CommissionBalanceSchema>;

const PartnerFiguresSchema = z.object({
  /** Recorded clicks (one per visitor, code and day). */
  clicks: z.number().int().nonnegative(),
  /** Accounts attributed to the partner. */
  signups: z.number().int().nonnegative(),
  conversions: z.object({
    trials: z.number().int().nonnegative(),
    sales: z.number().int().nonnegative(),
    refunds: z.number().int().nonnegative(),
  }),
  commission: z.array(CommissionBalanceSchema),
});
export type PartnerFigures = z.infer<typeof PartnerFiguresSchema>;

const PartnerWithFiguresSchema = PartnerSchema.extend({ figures: PartnerFiguresSchema });
export type PartnerWithFigures = z.infer<typeof PartnerWithFiguresSchema>;

export const AdminPartnersResultSchema = z.object({
  success: z.literal(true),
  partners: z.array(PartnerWithFiguresSchema),
});

const ConversionKindSchema = z.enum(['trial', 'sale', 'refund']);
export type ConversionKind = z.infer<typeof ConversionKindSchema>;

/** One row of the commission ledger. */
const LedgerEntrySchema = z.object({
  id: z.string(),
  kind: ConversionKindSchema,
  amountMinor: z.number().int(),
  currency: z.string(),
  /** Negative for a refund's reversal. */
  commissionMinor: z.number().int(),
  couponCode: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const AdminPartnerStatsResultSchema = z.object({
  success: z.literal(true),
  partner: PartnerSchema,
  figures: PartnerFiguresSchema,
  /** The latest ledger entries, newest first (at most 100). */
  recentConversions: z.array(LedgerEntrySchema),
});
export type AdminPartnerStatsResult = z.infer<typeof AdminPartnerStatsResultSchema>;
