import { describe, expect, it } from 'vitest';
import { register } from '../../testing/harness.ts';
import { createProgrammeApp, makePartner, send, stats, useAffiliateApp, visitorId } from './testing.ts';

// Partner coupons and the commission ledger: trials and sales credit the partner once each,
// refunds take the commission back in proportion.

const affiliate = useAffiliateApp();
const { click, attribute } = affiliate;

describe('app.affiliate.partnerCoupon', () => {
  it('finds a partner by code in any case and gives the configured discount', async () => {
    expect(await affiliate.t.app.affiliate.partnerCoupon(' luna ')).toEqual({
      partnerId: affiliate.luna.id,
      code: 'LUNA',
      percentOff: 12,
    });
    for (const code of ['NOPE', '', '   ', 'LU NA', 'L'.repeat(300)]) {
      expect(await affiliate.t.app.affiliate.partnerCoupon(code)).toBeNull();
    }
  });
});

describe('app.affiliate.recordConversion', () => {
  /** Each event a millisecond after the previous one, so that their order is known. */
  const record = (input: Parameters<typeof affiliate.t.app.affiliate.recordConversion>[0]) => {
    affiliate.t.clock.advance(1);
    return affiliate.t.app.affiliate.recordConversion(input);
  };

  async function attributedTo(code: string) {
    const visitor = visitorId();
    await click(code, visitor);
    const person = await register(affiliate.t.app);
    await attribute(person.token, visitor);
    return person;
  }

  async function ledgerOf(userId: string) {
    return affiliate.t.app.database.db
      .selectFrom('commission_ledger')
      .select(['partner_id', 'kind', 'amount_minor', 'commission_minor', 'currency', 'coupon_code'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  const sale = (
    userId: string,
    externalId: string,
    amountMinor = 1499,
    couponCode: string | null = null,
    currency = 'USD',
  ) => record({ userId, kind: 'sale', amountMinor, currency, couponCode, externalId });

  const refund = (userId: string, externalId: string, amountMinor: number) =>
    record({ userId, kind: 'refund', amountMinor, currency: 'USD', couponCode: null, externalId });

  it('credits the attributed partner with rate × amount, once per external id', async () => {
    const fresh = await createProgrammeApp();
    try {
      const partner = await makePartner(fresh, { couponCode: 'VEGA' });
      const visitor = visitorId();
      await send(fresh.app, 'POST', '/api/affiliate/click', {
        body: { code: 'VEGA', visitorId: visitor, landingPath: '/', referrer: null },
      });
      const person = await register(fresh.app);
      await send(fresh.app, 'POST', '/api/affiliate/attribute', {
        token: person.token,
        body: { visitorId: visitor },
      });

      await fresh.app.affiliate.recordConversion({
        userId: person.userId,
        kind: 'trial',
        amountMinor: 0,
        currency: 'usd',
        couponCode: null,
        externalId: 'trial:sub_1',
      });
      fresh.clock.advance(1);
      await fresh.app.affiliate.recordConversion({
        userId: person.userId,
        kind: 'sale',
        amountMinor: 1499,
        currency: 'USD',
        couponCode: null,
        externalId: 'in_1',
      });
      // The provider repeats its events: nothing changes.
      for (const kind of ['trial', 'sale'] as const) {
        await fresh.app.affiliate.recordConversion({
          userId: person.userId,
          kind,
          amountMinor: 1499,
          currency: 'USD',
          couponCode: null,
          externalId: kind === 'trial' ? 'trial:sub_1' : 'in_1',
        });
      }
      const figures = (await stats(fresh, partner.id)).figures;
      expect(figures).toEqual({
        clicks: 1,
        signups: 1,
        conversions: { trials: 1, sales: 1, refunds: 0 },
        // 20 % of 14.99 is 2.998: rounded to 3.00.
        commission: [{ currency: 'USD', earnedMinor: 300, reversedMinor: 0, balanceMinor: 300 }],
      });
      const list = (await send(fresh.app, 'GET', '/api/admin/partners', { token: fresh.adminToken })).json();
      expect(list.partners[0].figures).toEqual(figures);
      const detail = await stats(fresh, partner.id);
      expect(detail.recentConversions).toEqual([
        expect.objectContaining({ kind: 'sale', amountMinor: 1499, commissionMinor: 300, currency: 'USD' }),
        expect.objectContaining({ kind: 'trial', amountMinor: 0, commissionMinor: 0 }),
      ]);
    } finally {
      await fresh.close();
    }
  });

  it("uses the partner's own rate and keeps currencies apart", async () => {
    const person = await attributedTo('ORION');
    await sale(person.userId, 'orion-usd', 1499);
    await sale(person.userId, 'orion-eur', 999, null, 'EUR');
    expect(await ledgerOf(person.userId)).toEqual([
      expect.objectContaining({ partner_id: affiliate.orion.id, currency: 'USD', commission_minor: 450 }),
      expect.objectContaining({ partner_id: affiliate.orion.id, currency: 'EUR', commission_minor: 300 }),
    ]);
    const money = (await stats(affiliate.t, affiliate.orion.id)).figures.commission;
    expect(money.map((m: { currency: string }) => m.currency)).toEqual(['EUR', 'USD']);
  });

  it("credits a partner coupon's partner and attributes the customer who was not yet attributed", async () => {
    const person = await register(affiliate.t.app);
    const signups = (await stats(affiliate.t, affiliate.luna.id)).figures.signups;
    await sale(person.userId, 'coupon-1', 1000, ' luna');
    expect(await ledgerOf(person.userId)).toEqual([
      expect.objectContaining({ partner_id: affiliate.luna.id, commission_minor: 200, coupon_code: 'LUNA' }),
    ]);
    expect((await stats(affiliate.t, affiliate.luna.id)).figures.signups).toBe(signups + 1);
    // The renewal carries no coupon and still credits the partner.
    await sale(person.userId, 'coupon-2', 1000);
    expect((await ledgerOf(person.userId)).map((row) => row.partner_id)).toEqual([
      affiliate.luna.id,
      affiliate.luna.id,
    ]);
  });

  it('lets the coupon used at checkout win over an earlier click', async () => {
    const person = await attributedTo('LUNA');
    await sale(person.userId, 'mixed-1', 1000, 'ORION');
    expect(await ledgerOf(person.userId)).toEqual([
      expect.objectContaining({
        partner_id: affiliate.orion.id,
        commission_minor: 300,
        coupon_code: 'ORION',
      }),
    ]);
    const again = await send(affiliate.t.app, 'POST', '/api/affiliate/attribute', {
      token: person.token,
      body: { visitorId: visitorId() },
    });
    expect(again.json().code).toBe('LUNA');
  });

  it('records nothing for a customer of no partner (unknown coupon, no attribution)', async () => {
    const person = await register(affiliate.t.app);
    await sale(person.userId, 'nobody-1', 1000, 'NOT-A-PARTNER');
    await refund(person.userId, 'refund:nobody-1', 1000);
    expect(await ledgerOf(person.userId)).toEqual([]);
  });

  it('reverses the commission of the refunded sale, in proportion and at most once', async () => {
    const person = await attributedTo('LUNA');
    const before = (await stats(affiliate.t, affiliate.luna.id)).figures;
    await sale(person.userId, 'in_full', 1499);
    await sale(person.userId, 'in_part', 1000);
    await refund(person.userId, 'refund:in_full', 1499);
    await refund(person.userId, 'refund:in_full', 1499); // repeated event
    await refund(person.userId, 're_partial_1', 250); // names no sale: the latest sale with commission left
    await refund(person.userId, 're_partial_2', 1000); // only what is left of that sale's commission
    await refund(person.userId, 're_partial_3', 1000); // nothing left anywhere: nothing more to take back

    const rows = await ledgerOf(person.userId);
    expect(rows.filter((row) => row.kind === 'refund').map((row) => row.commission_minor)).toEqual([
      -300, -50, -150,
    ]);
    const after = (await stats(affiliate.t, affiliate.luna.id)).figures;
    expect(after.conversions.sales - before.conversions.sales).toBe(2);
    expect(after.conversions.refunds - before.conversions.refunds).toBe(3);
    const usd = (figures: typeof before) =>
      figures.commission.find((m: { currency: string }) => m.currency === 'USD') ?? {
        earnedMinor: 0,
        reversedMinor: 0,
        balanceMinor: 0,
      };
    expect(usd(after).earnedMinor - usd(before).earnedMinor).toBe(500);
    expect(usd(after).reversedMinor - usd(before).reversedMinor).toBe(500);
    expect(usd(after).balanceMinor).toBe(usd(before).balanceMinor);
  });

  it('takes back the whole commission when partial refunds add up to the sale', async () => {
    const person = await attributedTo('LUNA');
    await sale(person.userId, 'in_thirds', 50); // 20 % of 0.50: 10
    for (const [i, amountMinor] of [17, 17, 16].entries()) {
      await refund(person.userId, i === 0 ? 'refund:in_thirds' : `re_third_${i}`, amountMinor);
    }
    // Each third alone would round 3.4, 3.4 and 3.2 down to 3, leaving 1 behind.
    expect((await ledgerOf(person.userId)).map((row) => row.commission_minor)).toEqual([10, -3, -4, -3]);
  });

  it('reverses a refund named by the bare sale id too', async () => {
    const person = await attributedTo('ORION');
    await sale(person.userId, 'in_bare', 2000);
    await refund(person.userId, 'in_bare', 1000);
    expect((await ledgerOf(person.userId)).map((row) => row.commission_minor)).toEqual([600, -300]);
  });

  it('refuses malformed input from the calling module', async () => {
    const base = {
      userId: affiliate.t.userId,
      kind: 'sale' as const,
      amountMinor: 100,
      currency: 'USD',
      couponCode: null,
      externalId: 'x',
    };
    await expect(record({ ...base, amountMinor: -1 })).rejects.toThrow(/amountMinor/);
    await expect(record({ ...base, amountMinor: 1.5 })).rejects.toThrow(/amountMinor/);
    await expect(record({ ...base, currency: 'US' })).rejects.toThrow(/currency/);
    await expect(record({ ...base, externalId: '' })).rejects.toThrow(/externalId/);
    await expect(record({ ...base, kind: 'gift' as unknown as 'sale' })).rejects.toThrow(/kind/);
  });
});
