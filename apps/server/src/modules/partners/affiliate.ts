import { randomUUID } from 'node:crypto';
import {
  AFFILIATE_CODE_MAX_LENGTH,
  AFFILIATE_CODE_PATTERN,
  type AffiliateClickBody,
  normaliseAffiliateCode,
} from '@app/contracts/affiliate.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { clientKey, type Throttle } from '../../platform/throttle.ts';
import type { ProgrammeConfig } from './config.ts';
import type { LedgerRepository, LedgerRow } from './ledger-repository.ts';
import type { PartnerRepository } from './repository.ts';

const DAY_MS = 24 * 60 * 60_000;
/**
 * A click recorded moments after the account was created still counts: the browser sends the
 * click on app start and registration can overtake it on a slow network.
 */
const CLICK_AFTER_REGISTRATION_GRACE_MS = 10 * 60_000;

type ConversionKind = 'trial' | 'sale' | 'refund';

export interface ConversionInput {
  userId: string;
  kind: ConversionKind;
  /** What the customer paid (or got back, for a refund), in minor units. */
  amountMinor: number;
  /** ISO 4217, e.g. "USD". */
  currency: string;
  couponCode: string | null;
  /**
   * The payment provider's id of this event; a second call with the same kind and id does
   * nothing. For a refund, pass the refunded payment's id (the externalId of its sale, bare or as
   * "refund:<sale externalId>") so that the refund reverses that sale; a refund id that names no
   * sale reverses the customer's latest sale in that currency that still has commission left.
   */
  externalId: string;
}

export interface PartnerCoupon {
  partnerId: string;
  code: string;
  percentOff: number;
}

export interface AffiliateServiceDeps {
  repo: PartnerRepository;
  ledger: LedgerRepository;
  clock: Clock;
  throttle: Throttle;
  settings: Pick<ProgrammeConfig, 'attributionWindowDays' | 'couponPercentOff'>;
  rules: Pick<ProgrammeConfig['limits'], 'clicksPerIp'>;
}

/** Commission in minor units for an amount at a rate in basis points (half away from zero). */
export function commissionFor(amountMinor: number, basisPoints: number): number {
  return Math.round((amountMinor * basisPoints) / 10_000);
}

/**
 * First-party affiliate tracking: clicks, the attribution of new accounts to partners, partner
 * coupons and the commission ledger. Exposed to other modules as `app.affiliate`.
 */
export class AffiliateService {
  constructor(private readonly deps: AffiliateServiceDeps) {}

  /** Records a click; false when the visitor already clicked this code today (UTC). */
  async recordClick(body: AffiliateClickBody, ip: string): Promise<boolean> {
    const { repo, throttle, rules, clock } = this.deps;
    if (body.code === '') throw new AppError(400, 'BAD_REQUEST', 'The coupon code is blank.');
    await throttle.take({ rule: rules.clicksPerIp, key: `affiliate-click:ip:${clientKey(ip)}` });
    const partner = await repo.findPartnerByCode(body.code);
    const now = clock.now();
    return repo.insertClick({
      id: randomUUID(),
      code: body.code,
      partner_id: partner?.id ?? null,
      visitor_id: body.visitorId,
      day: now.toISOString().slice(0, 10),
      clicked_at: now.toISOString(),
      landing_path: body.landingPath,
      referrer: body.referrer,
    });
  }

  /**
   * Attributes a new account to the partner of this visitor's last click within the window before
   * registration. The first attribution stands; repeating the call returns it.
   */
  async attribute(
    user: { id: string; createdAt: string },
    visitorId: string,
  ): Promise<{ attributed: boolean; code: string | null }> {
    const { repo, settings, clock } = this.deps;
    const existing = await repo.attributionOf(user.id);
    if (existing) return { attributed: true, code: existing.code };
    const registeredAt = new Date(user.createdAt).getTime();
    const from = new Date(registeredAt - settings.attributionWindowDays * DAY_MS).toISOString();
    const to = new Date(registeredAt + CLICK_AFTER_REGISTRATION_GRACE_MS).toISOString();
    const click = await repo.lastPartnerClick(visitorId, from, to);
    if (!click?.partner_id) return { attributed: false, code: null };
    await repo.insertAttribution({
      user_id: user.id,
      partner_id: click.partner_id,
      source: 'click',
      click_id: click.id,
      clicked_at: click.clicked_at,
      created_at: clock.now().toISOString(),
    });
    // Two calls at once: whichever insert won is the answer for both.
    const stored = await repo.attributionOf(user.id);
    return { attributed: stored !== null, code: stored?.code ?? null };
  }

  /** The partner behind a coupon code (any case, surrounding spaces ignored), or null. */
  async partnerCoupon(code: string): Promise<PartnerCoupon | null> {
    const normalised = normaliseAffiliateCode(code);
    if (
      !normalised ||
      normalised.length > AFFILIATE_CODE_MAX_LENGTH ||
      !AFFILIATE_CODE_PATTERN.test(normalised)
    ) {
      return null;
    }
    const partner = await this.deps.repo.findPartnerByCode(normalised);
    return partner
      ? { partnerId: partner.id, code: partner.coupon_code, percentOff: this.deps.settings.couponPercentOff }
      : null;
  }

  /**
   * Records a trial, sale or refund of a customer in the commission ledger. A sale or trial
   * credits the partner whose coupon was used, else the partner the account is attributed to, with
   * the partner's rate times the amount; a customer who is not yet attributed becomes attributed to
   * the coupon's partner. A refund takes back the matching share of its sale's commission.
   * Idempotent on (kind, externalId). Conversions that concern no partner leave no trace.
   */
  async recordConversion(input: ConversionInput): Promise<void> {
    const currency = input.currency.toUpperCase();
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor < 0) {
      throw new Error(`recordConversion: amountMinor must be a whole number >= 0, got ${input.amountMinor}`);
    }
    if (!/^[A-Z]{3}$/.test(currency)) throw new Error(`recordConversion: bad currency ${input.currency}`);
    if (!input.externalId) throw new Error('recordConversion: externalId is required');
    if (!['trial', 'sale', 'refund'].includes(input.kind))
      throw new Error(`recordConversion: bad kind ${input.kind}`);

    const { repo, ledger } = this.deps;
    if (await ledger.findLedgerEntry(input.kind, input.externalId)) return;
    if (input.kind === 'refund') return this.reverse(input, currency);

    const coupon = input.couponCode ? await this.partnerCoupon(input.couponCode) : null;
    const attribution = await repo.findAttribution(input.userId);
    const partnerId = coupon?.partnerId ?? attribution?.partner_id;
    if (!partnerId) return;
    const partner = await repo.findPartner(partnerId);
    if (!partner) return;
    const now = this.deps.clock.now().toISOString();
    await repo.transaction(async (trx) => {
      if (!attribution && coupon) {
        await repo.insertAttribution(
          {
            user_id: input.userId,
            partner_id: coupon.partnerId,
            source: 'coupon',
            click_id: null,
            clicked_at: null,
            created_at: now,
          },
          trx,
        );
      }
      await ledger.insertLedgerEntry(
        {
          id: randomUUID(),
          partner_id: partner.id,
          user_id: input.userId,
          kind: input.kind,
          external_id: input.externalId,
          amount_minor: input.amountMinor,
          currency,
          commission_minor: commissionFor(input.amountMinor, partner.commission_bps),
          coupon_code: coupon?.code ?? null,
          reverses_id: null,
          created_at: now,
        },
        trx,
      );
    });
  }

  private async reverse(input: ConversionInput, currency: string): Promise<void> {
    const { repo, ledger } = this.deps;
    await repo.transaction(async (trx) => {
      let sale: LedgerRow | null =
        (await ledger.findLedgerEntry('sale', input.externalId, trx)) ??
        (await ledger.findLedgerEntry('sale', input.externalId.replace(/^refund:/, ''), trx));
      let before = sale ? await ledger.refundedSoFar(sale.id, trx) : { amountMinor: 0, commissionMinor: 0 };
      if (!sale) {
        for (const candidate of await ledger.salesOf(input.userId, currency, trx)) {
          before = await ledger.refundedSoFar(candidate.id, trx);
          if (before.amountMinor < candidate.amount_minor) {
            sale = candidate;
            break;
          }
        }
      }
      if (!sale) return;
      // Reversals are computed on the running total refunded, so that partial refunds adding up
      // to the whole sale take back exactly its commission, whatever the rounding of each part.
      const refundedTotal = Math.min(sale.amount_minor, before.amountMinor + input.amountMinor);
      const target =
        sale.amount_minor > 0
          ? Math.round((sale.commission_minor * refundedTotal) / sale.amount_minor)
          : sale.commission_minor;
      const reversal = Math.max(
        0,
        Math.min(sale.commission_minor + before.commissionMinor, target + before.commissionMinor),
      );
      await ledger.insertLedgerEntry(
        {
          id: randomUUID(),
          partner_id: sale.partner_id,
          user_id: input.userId,
          kind: 'refund',
          external_id: input.externalId,
          amount_minor: input.amountMinor,
          currency,
          commission_minor: -reversal,
          coupon_code: sale.coupon_code,
          reverses_id: sale.id,
          created_at: this.deps.clock.now().toISOString(),
        },
        trx,
      );
    });
  }

  /** What the account export shows about the person's attribution. */
  async attributionOf(userId: string): Promise<{ code: string; source: string; createdAt: string } | null> {
    return this.deps.repo.attributionOf(userId);
  }
}
