import type {
  AdminApplicationsQuery,
  Partner,
  PartnerApplication,
  PartnerApplicationBody,
} from '@app/contracts/partners.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Tables } from '../../platform/db/schema.ts';
import type {
  AffiliateAttributionsTable,
  AffiliateClicksTable,
  PartnerApplicationChangesTable,
  PartnerApplicationsTable,
  PartnersTable,
} from './tables.ts';

export type Db = Kysely<Tables> | Transaction<Tables>;

const APPLICATION_COLUMNS = [
  'id',
  'name',
  'email',
  'channels',
  'audience_size',
  'promotion',
  'status',
  'rejection_reason',
  'partner_id',
  'created_at',
  'updated_at',
  'decided_at',
] as const;

const PARTNER_COLUMNS = [
  'id',
  'application_id',
  'name',
  'email',
  'coupon_code',
  'commission_bps',
  'created_at',
] as const;

export function toApplication(row: PartnerApplicationsTable): PartnerApplication {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    channels: row.channels,
    audienceSize: row.audience_size,
    promotion: row.promotion,
    status: row.status,
    rejectionReason: row.rejection_reason,
    partnerId: row.partner_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    decidedAt: row.decided_at,
  };
}

export function toPartner(row: PartnersTable): Partner {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    couponCode: row.coupon_code,
    commissionRate: row.commission_bps / 10_000,
    applicationId: row.application_id,
    createdAt: row.created_at,
  };
}

/** SQL of the partner programme: applications, partners, clicks and attributions. */
export class PartnerRepository {
  constructor(private readonly db: Kysely<Tables>) {}

  transaction<T>(work: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  // Applications

  async findPendingApplication(email: string, db: Db = this.db): Promise<PartnerApplicationsTable | null> {
    const row = await db
      .selectFrom('partner_applications')
      .select(APPLICATION_COLUMNS)
      .where('email', '=', email)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return row ?? null;
  }

  async findApplication(id: string, db: Db = this.db): Promise<PartnerApplicationsTable | null> {
    const row = await db
      .selectFrom('partner_applications')
      .select(APPLICATION_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Inserts a pending application; false when one is already pending for the address. */
  async insertApplication(id: string, body: PartnerApplicationBody, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('partner_applications')
      .values({
        id,
        name: body.name,
        email: body.email,
        channels: body.channels,
        audience_size: body.audienceSize,
        promotion: body.promotion,
        status: 'pending',
        rejection_reason: null,
        partner_id: null,
        created_at: now,
        updated_at: now,
        decided_at: null,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Keeps answers for a pending application until the link mailed with them confirms them. */
  async insertChanges(change: PartnerApplicationChangesTable): Promise<void> {
    await this.db.insertInto('partner_application_changes').values(change).execute();
  }

  /**
   * Applies the answers behind a confirmation link to the still-pending application, once; every
   * other link for that application is spent with it. Null when the link leads nowhere.
   */
  async applyChanges(secretHash: string, now: string): Promise<PartnerApplicationsTable | null> {
    return this.transaction(async (trx) => {
      const change = await trx
        .selectFrom('partner_application_changes')
        .selectAll()
        .where('secret_hash', '=', secretHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!change) return null;
      await trx
        .deleteFrom('partner_application_changes')
        .where('application_id', '=', change.application_id)
        .execute();
      const updated = await trx
        .updateTable('partner_applications')
        .set({
          name: change.name,
          channels: change.channels,
          audience_size: change.audience_size,
          promotion: change.promotion,
          updated_at: now,
        })
        .where('id', '=', change.application_id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return null;
      return this.findApplication(change.application_id, trx);
    });
  }

  async listApplications(
    query: AdminApplicationsQuery,
  ): Promise<{ rows: PartnerApplicationsTable[]; total: number }> {
    let select = this.db.selectFrom('partner_applications');
    if (query.status) select = select.where('status', '=', query.status);
    const [rows, count] = await Promise.all([
      select
        .select(APPLICATION_COLUMNS)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      select.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Moves a pending application to its decision; false when it was no longer pending. */
  async decideApplication(
    id: string,
    decision: { status: 'approved'; partnerId: string } | { status: 'rejected'; reason: string },
    now: string,
    db: Db = this.db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('partner_applications')
      .set({
        status: decision.status,
        partner_id: decision.status === 'approved' ? decision.partnerId : null,
        rejection_reason: decision.status === 'rejected' ? decision.reason : null,
        decided_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async applicationsByEmail(email: string): Promise<PartnerApplicationsTable[]> {
    return this.db
      .selectFrom('partner_applications')
      .select(APPLICATION_COLUMNS)
      .where('email', '=', email)
      .orderBy('created_at')
      .execute();
  }

  // Partners

  async insertPartner(
    partner: PartnersTable,
    db: Db = this.db,
  ): Promise<'ok' | 'code-taken' | 'email-taken'> {
    const taken = await db
      .selectFrom('partners')
      .select(['email', 'coupon_code'])
      .where((eb) => eb.or([eb('email', '=', partner.email), eb('coupon_code', '=', partner.coupon_code)]))
      .execute();
    if (taken.some((row) => row.email === partner.email)) return 'email-taken';
    if (taken.length > 0) return 'code-taken';
    const result = await db
      .insertInto('partners')
      .values(partner)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? 'ok' : 'code-taken';
  }

  async couponCodeExists(code: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('partners')
      .select('id')
      .where('coupon_code', '=', code)
      .executeTakeFirst();
    return row !== undefined;
  }

  async partnerEmailExists(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('partners')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    return row !== undefined;
  }

  async findPartner(id: string, db: Db = this.db): Promise<PartnersTable | null> {
    const row = await db
      .selectFrom('partners')
      .select(PARTNER_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async findPartnerByCode(code: string, db: Db = this.db): Promise<PartnersTable | null> {
    const row = await db
      .selectFrom('partners')
      .select(PARTNER_COLUMNS)
      .where('coupon_code', '=', code)
      .executeTakeFirst();
    return row ?? null;
  }

  async listPartners(): Promise<PartnersTable[]> {
    return this.db
      .selectFrom('partners')
      .select(PARTNER_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  // Clicks

  /** Stores a click; false when this visitor already clicked this code on that day. */
  async insertClick(click: AffiliateClicksTable): Promise<boolean> {
    const result = await this.db
      .insertInto('affiliate_clicks')
      .values(click)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** The visitor's latest click on a partner's code within [from, to]. */
  async lastPartnerClick(visitorId: string, from: string, to: string): Promise<AffiliateClicksTable | null> {
    const row = await this.db
      .selectFrom('affiliate_clicks')
      .select(['id', 'code', 'partner_id', 'visitor_id', 'day', 'clicked_at', 'landing_path', 'referrer'])
      .where('visitor_id', '=', visitorId)
      .where('partner_id', 'is not', null)
      .where('clicked_at', '>=', from)
      .where('clicked_at', '<=', to)
      .orderBy('clicked_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  // Attributions

  async findAttribution(userId: string, db: Db = this.db): Promise<AffiliateAttributionsTable | null> {
    const row = await db
      .selectFrom('affiliate_attributions')
      .select(['user_id', 'partner_id', 'source', 'click_id', 'clicked_at', 'created_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The first attribution of an account stands; false when it already had one. */
  async insertAttribution(attribution: AffiliateAttributionsTable, db: Db = this.db): Promise<boolean> {
    const result = await db
      .insertInto('affiliate_attributions')
      .values(attribution)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async attributionOf(userId: string): Promise<{ code: string; source: string; createdAt: string } | null> {
    const row = await this.db
      .selectFrom('affiliate_attributions')
      .innerJoin('partners', 'partners.id', 'affiliate_attributions.partner_id')
      .select([
        'partners.coupon_code as code',
        'affiliate_attributions.source',
        'affiliate_attributions.created_at',
      ])
      .where('affiliate_attributions.user_id', '=', userId)
      .executeTakeFirst();
    return row ? { code: row.code, source: row.source, createdAt: row.created_at } : null;
  }
}
