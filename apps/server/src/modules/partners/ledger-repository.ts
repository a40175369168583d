import type { CommissionBalance, LedgerEntry, PartnerFigures } from '@app/contracts/partners.ts';
import type { Kysely } from 'kysely';
import type { Tables } from '../../platform/db/schema.ts';
import type { Db } from './repository.ts';
import type { CommissionLedgerTable } from './tables.ts';

const LEDGER_COLUMNS = [
  'id',
  'partner_id',
  'user_id',
  'kind',
  'external_id',
  'amount_minor',
  'currency',
  'commission_minor',
  'coupon_code',
  'reverses_id',
  'created_at',
] as const;

export type LedgerRow = CommissionLedgerTable;

function toLedgerEntry(row: CommissionLedgerTable): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    commissionMinor: Number(row.commission_minor),
    couponCode: row.coupon_code,
    createdAt: row.created_at,
  };
}

/**
 * SQL of the commission ledger (trials, sales and refunds credited to partners) and of the
 * figures a partner sees: clicks, sign-ups, conversions and commission per currency.
 */
export class LedgerRepository {
  constructor(private readonly db: Kysely<Tables>) {}

  async findLedgerEntry(
    kind: LedgerRow['kind'],
    externalId: string,
    db: Db = this.db,
  ): Promise<LedgerRow | null> {
    const row = await db
      .selectFrom('commission_ledger')
      .select(LEDGER_COLUMNS)
      .where('kind', '=', kind)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
    return row
      ? { ...row, amount_minor: Number(row.amount_minor), commission_minor: Number(row.commission_minor) }
      : null;
  }

  /** Writes a ledger entry; false when an entry of that kind and external id already exists. */
  async insertLedgerEntry(entry: LedgerRow, db: Db = this.db): Promise<boolean> {
    const result = await db
      .insertInto('commission_ledger')
      .values(entry)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** What refunds of a sale have given back so far: amount refunded and commission reversed (<= 0). */
  async refundedSoFar(
    saleId: string,
    db: Db = this.db,
  ): Promise<{ amountMinor: number; commissionMinor: number }> {
    const rows = await db
      .selectFrom('commission_ledger')
      .select(['amount_minor', 'commission_minor'])
      .where('reverses_id', '=', saleId)
      .execute();
    return {
      amountMinor: rows.reduce((sum, row) => sum + Number(row.amount_minor), 0),
      commissionMinor: rows.reduce((sum, row) => sum + Number(row.commission_minor), 0),
    };
  }

  /** The customer's latest sales in a currency, newest first (for refunds that name no sale). */
  async salesOf(userId: string, currency: string, db: Db = this.db): Promise<LedgerRow[]> {
    const rows = await db
      .selectFrom('commission_ledger')
      .select(LEDGER_COLUMNS)
      .where('user_id', '=', userId)
      .where('kind', '=', 'sale')
      .where('currency', '=', currency)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return rows.map((row) => ({
      ...row,
      amount_minor: Number(row.amount_minor),
      commission_minor: Number(row.commission_minor),
    }));
  }

  async recentLedger(partnerId: string, limit: number): Promise<LedgerEntry[]> {
    const rows = await this.db
      .selectFrom('commission_ledger')
      .select(LEDGER_COLUMNS)
      .where('partner_id', '=', partnerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toLedgerEntry);
  }

  /** Clicks, sign-ups, conversions by kind and commission per currency of one partner. */
  async figures(partnerId: string): Promise<PartnerFigures> {
    const [clicks, signups, byKind, money] = await Promise.all([
      this.db
        .selectFrom('affiliate_clicks')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('partner_id', '=', partnerId)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('affiliate_attributions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('partner_id', '=', partnerId)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('commission_ledger')
        .select(['kind', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('partner_id', '=', partnerId)
        .groupBy('kind')
        .execute(),
      this.db
        .selectFrom('commission_ledger')
        .select([
          'currency',
          (eb) =>
            eb.fn
              .sum<number | string>(
                eb.case().when('commission_minor', '>', 0).then(eb.ref('commission_minor')).else(0).end(),
              )
              .as('earned'),
          (eb) =>
            eb.fn
              .sum<number | string>(
                eb.case().when('commission_minor', '<', 0).then(eb.ref('commission_minor')).else(0).end(),
              )
              .as('reversed'),
        ])
        .where('partner_id', '=', partnerId)
        .groupBy('currency')
        .orderBy('currency')
        .execute(),
    ]);
    const count = (kind: string) => Number(byKind.find((row) => row.kind === kind)?.n ?? 0);
    const commission: CommissionBalance[] = money.map((row) => {
      const earnedMinor = Number(row.earned ?? 0);
      const reversedMinor = -Number(row.reversed ?? 0);
      return {
        currency: row.currency,
        earnedMinor,
        reversedMinor,
        balanceMinor: earnedMinor - reversedMinor,
      };
    });
    return {
      clicks: Number(clicks.n),
      signups: Number(signups.n),
      conversions: { trials: count('trial'), sales: count('sale'), refunds: count('refund') },
      commission,
    };
  }
}
