import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, register, secretFromOutbox } from '../../testing/harness.ts';
import {
  createProgrammeApp,
  freshIp,
  makePartner,
  type ProgrammeApp,
  send,
  stats,
  visitorId,
} from './testing.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: ProgrammeApp;
let luna: { id: string; couponCode: string };
let orion: { id: string; couponCode: string };
beforeAll(async () => {
  t = await createProgrammeApp({
    programme: { commissionRate: 0.2, attributionWindowDays: 30, couponPercentOff: 12 },
  });
  luna = await makePartner(t, { couponCode: 'LUNA' });
  orion = await makePartner(t, { couponCode: 'ORION', commissionRate: 0.3 });
});
afterAll(() => t.close());

function click(code: string, visitor: string, extra: Record<string, unknown> = {}) {
  return send(t.app, 'POST', '/api/affiliate/click', {
    body: {
      code,
      visitorId: visitor,
      landingPath: '/#/partners',
      referrer: 'https://blog.example/post',
      ...extra,
    },
  });
}

function attribute(token: string, visitor: string) {
  return send(t.app, 'POST', '/api/affiliate/attribute', { token, body: { visitorId: visitor } });
}

async function clicksOf(visitor: string) {
  return t.app.database.db
    .selectFrom('affiliate_clicks')
    .select(['code', 'partner_id', 'day', 'landing_path', 'referrer'])
    .where('visitor_id', '=', visitor)
    .orderBy('clicked_at')
    .execute();
}

describe('POST /api/affiliate/click', () => {
  it('records a click, trimmed and uppercased, and credits the partner of the code', async () => {
    const visitor = visitorId();
    const before = (await stats(t, luna.id)).figures.clicks;
    const response = await click('  luna ', visitor);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, recorded: true });
    expect(await clicksOf(visitor)).toEqual([
      expect.objectContaining({
        code: 'LUNA',
        partner_id: luna.id,
        landing_path: '/#/partners',
        referrer: 'https://blog.example/post',
      }),
    ]);
    expect((await stats(t, luna.id)).figures.clicks).toBe(before + 1);
  });

  it('counts one click per visitor, code and UTC day', async () => {
    const visitor = visitorId();
    const now = t.clock.now().getTime();
    // A minute before the next UTC midnight.
    t.clock.advance(Math.ceil(now / DAY) * DAY - now - MINUTE);
    const before = (await stats(t, luna.id)).figures.clicks;
    expect((await click('LUNA', visitor)).json().recorded).toBe(true);
    expect((await click('luna', visitor, { landingPath: '/' })).json().recorded).toBe(false);
    expect((await click('ORION', visitor)).json().recorded).toBe(true);
    expect((await click('LUNA', visitorId())).json().recorded).toBe(true);
    t.clock.advance(2 * MINUTE);
    expect((await click('LUNA', visitor)).json().recorded).toBe(true);
    expect((await click('LUNA', visitor)).json().recorded).toBe(false);
    expect((await clicksOf(visitor)).map((row) => row.code)).toEqual(['LUNA', 'ORION', 'LUNA']);
    expect((await stats(t, luna.id)).figures.clicks).toBe(before + 3);
  });

  it('records a click on an unknown code without crediting anyone', async () => {
    const visitor = visitorId();
    const before = await Promise.all([stats(t, luna.id), stats(t, orion.id)]);
    const response = await click('NOBODY-42', visitor, { referrer: '' });
    expect(response.json()).toEqual({ success: true, recorded: true });
    expect(await clicksOf(visitor)).toEqual([
      expect.objectContaining({ code: 'NOBODY-42', partner_id: null, referrer: null }),
    ]);
    const after = await Promise.all([stats(t, luna.id), stats(t, orion.id)]);
    expect(after.map((s) => s.figures.clicks)).toEqual(before.map((s) => s.figures.clicks));
  });

  it('refuses a blank code with 400 and records nothing', async () => {
    const visitor = visitorId();
    for (const code of ['', '   ', '\t\n']) {
      const response = await click(code, visitor);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        error: 'The coupon code is blank.',
      });
    }
    expect(await clicksOf(visitor)).toEqual([]);
  });

  const visitor = visitorId();
  const valid = { code: 'LUNA', visitorId: visitor, landingPath: '/', referrer: null };
  const bad: [string, Record<string, unknown>][] = [
    ['a missing code', { ...valid, code: undefined }],
    ['a numeric code', { ...valid, code: 42 }],
    ['a code with spaces inside', { ...valid, code: 'LU NA' }],
    ['a code with other characters', { ...valid, code: 'LUNA!' }],
    ['an overlong code', { ...valid, code: 'L'.repeat(41) }],
    ['a missing visitor id', { ...valid, visitorId: undefined }],
    ['a short visitor id', { ...valid, visitorId: 'abc' }],
    ['a visitor id with other characters', { ...valid, visitorId: `${'a'.repeat(20)}<script>` }],
    ['a landing path without a slash', { ...valid, landingPath: 'https://evil.example/' }],
    ['an overlong landing path', { ...valid, landingPath: `/${'p'.repeat(2048)}` }],
    ['a missing referrer', { ...valid, referrer: undefined }],
    ['a numeric referrer', { ...valid, referrer: 7 }],
    ['an unknown field', { ...valid, partnerId: 'x' }],
  ];
  it.each(bad)('refuses %s with 422 and records nothing', async (_label, body) => {
    const response = await send(t.app, 'POST', '/api/affiliate/click', { body });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(await clicksOf(visitor)).toEqual([]);
  });

  it('refuses malformed JSON (400) and an oversized body (413)', async () => {
    expect((await send(t.app, 'POST', '/api/affiliate/click', { raw: '{"code":' })).statusCode).toBe(400);
    const huge = await send(t.app, 'POST', '/api/affiliate/click', {
      body: { ...valid, referrer: 'r'.repeat(70_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(await clicksOf(visitor)).toEqual([]);
  });

  it('allows sixty clicks an hour per client address', async () => {
    const ip = freshIp();
    const body = (v: string) => ({ code: 'LUNA', visitorId: v, landingPath: '/', referrer: null });
    for (let i = 0; i < 60; i += 1) {
      expect(
        (await send(t.app, 'POST', '/api/affiliate/click', { ip, body: body(visitorId()) })).statusCode,
      ).toBe(200);
    }
    const last = visitorId();
    const refused = await send(t.app, 'POST', '/api/affiliate/click', { ip, body: body(last) });
    expect(refused.statusCode).toBe(429);
    expect(await clicksOf(last)).toEqual([]);
  });
});

describe('POST /api/affiliate/attribute', () => {
  async function clickThenRegister(code: string, wait: number) {
    const visitor = visitorId();
    await click(code, visitor);
    t.clock.advance(wait);
    const person = await register(t.app);
    return { visitor, person };
  }

  it('attributes a registration 29 days after the click, and not one 31 days after', async () => {
    const early = await clickThenRegister('LUNA', 29 * DAY);
    const yes = await attribute(early.person.token, early.visitor);
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ success: true, attributed: true, code: 'LUNA' });

    const late = await clickThenRegister('LUNA', 31 * DAY);
    expect((await attribute(late.person.token, late.visitor)).json()).toEqual({
      success: true,
      attributed: false,
      code: null,
    });
  });

  it('counts the 30th day to the millisecond', async () => {
    const edge = await clickThenRegister('ORION', 30 * DAY);
    expect((await attribute(edge.person.token, edge.visitor)).json().attributed).toBe(true);
    const past = await clickThenRegister('ORION', 30 * DAY + 1);
    expect((await attribute(past.person.token, past.visitor)).json().attributed).toBe(false);
  });

  it('credits the last click', async () => {
    const visitor = visitorId();
    await click('LUNA', visitor);
    t.clock.advance(DAY);
    await click('ORION', visitor);
    t.clock.advance(DAY);
    await click('LUNA', visitor); // deduped only within a day: a new day, a new click
    t.clock.advance(DAY);
    await click('ORION', visitor);
    t.clock.advance(DAY);
    await click('UNKNOWN', visitor); // credits nobody, so it does not take the win away
    const person = await register(t.app);
    expect((await attribute(person.token, visitor)).json()).toMatchObject({ code: 'ORION' });

    const other = visitorId();
    await click('ORION', other);
    t.clock.advance(DAY);
    await click('LUNA', other);
    const second = await register(t.app);
    expect((await attribute(second.token, other)).json()).toMatchObject({ code: 'LUNA' });
  });

  it('is idempotent: the first attribution stands', async () => {
    const { visitor, person } = await clickThenRegister('LUNA', DAY);
    const signups = (await stats(t, luna.id)).figures.signups;
    expect((await attribute(person.token, visitor)).json()).toMatchObject({ attributed: true, code: 'LUNA' });
    await click('ORION', visitor);
    expect((await attribute(person.token, visitor)).json()).toMatchObject({ attributed: true, code: 'LUNA' });
    expect((await attribute(person.token, visitorId())).json()).toMatchObject({
      attributed: true,
      code: 'LUNA',
    });
    expect((await stats(t, luna.id)).figures.signups).toBe(signups + 1);
  });

  it('ignores clicks of other browsers and clicks well after registration', async () => {
    const person = await register(t.app);
    await click('LUNA', visitorId());
    expect((await attribute(person.token, visitorId())).json().attributed).toBe(false);

    const visitor = visitorId();
    t.clock.advance(11 * MINUTE);
    await click('LUNA', visitor);
    expect((await attribute(person.token, visitor)).json().attributed).toBe(false);

    // A click sent moments after registering (it raced the registration) still counts.
    const racer = await register(t.app);
    const racerVisitor = visitorId();
    t.clock.advance(2 * MINUTE);
    await click('ORION', racerVisitor);
    expect((await attribute(racer.token, racerVisitor)).json()).toMatchObject({
      attributed: true,
      code: 'ORION',
    });
  });

  it('needs a signed-in user and a well-formed body', async () => {
    const visitor = visitorId();
    const guest = await send(t.app, 'POST', '/api/affiliate/attribute', { body: { visitorId: visitor } });
    expect(guest.statusCode).toBe(401);
    for (const body of [
      {},
      { visitorId: 'short' },
      { visitorId: visitor, code: 'LUNA' },
      { visitorId: 12345 },
    ]) {
      const response = await send(t.app, 'POST', '/api/affiliate/attribute', { token: t.userToken, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('app.affiliate.partnerCoupon', () => {
  it('finds a partner by code in any case and gives the configured discount', async () => {
    expect(await t.app.affiliate.partnerCoupon(' luna ')).toEqual({
      partnerId: luna.id,
      code: 'LUNA',
      percentOff: 12,
    });
    for (const code of ['NOPE', '', '   ', 'LU NA', 'L'.repeat(300)]) {
      expect(await t.app.affiliate.partnerCoupon(code)).toBeNull();
    }
  });
});

describe('app.affiliate.recordConversion', () => {
  /** Each event a millisecond after the previous one, so that their order is known. */
  const record = (input: Parameters<typeof t.app.affiliate.recordConversion>[0]) => {
    t.clock.advance(1);
    return t.app.affiliate.recordConversion(input);
  };

  async function attributedTo(code: string) {
    const visitor = visitorId();
    await click(code, visitor);
    const person = await register(t.app);
    await attribute(person.token, visitor);
    return person;
  }

  async function ledgerOf(userId: string) {
    return t.app.database.db
      .selectFrom('commission_ledger')
      .select(['partner_id', 'kind', 'amount_minor', 'commission_minor', 'currency', 'coupon_code'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  const sale = (userId: string, externalId: string, amountMinor = 1499, couponCode: string | null = null) =>
    record({ userId, kind: 'sale', amountMinor, currency: 'USD', couponCode, externalId });

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
    await record({
      userId: person.userId,
      kind: 'sale',
      amountMinor: 999,
      currency: 'EUR',
      couponCode: null,
      externalId: 'orion-eur',
    });
    expect(await ledgerOf(person.userId)).toEqual([
      expect.objectContaining({ partner_id: orion.id, currency: 'USD', commission_minor: 450 }),
      expect.objectContaining({ partner_id: orion.id, currency: 'EUR', commission_minor: 300 }),
    ]);
    const money = (await stats(t, orion.id)).figures.commission;
    expect(money.map((m: { currency: string }) => m.currency)).toEqual(['EUR', 'USD']);
  });

  it("credits a partner coupon's partner and attributes the customer who was not yet attributed", async () => {
    const person = await register(t.app);
    const signups = (await stats(t, luna.id)).figures.signups;
    await sale(person.userId, 'coupon-1', 1000, ' luna');
    expect(await ledgerOf(person.userId)).toEqual([
      expect.objectContaining({ partner_id: luna.id, commission_minor: 200, coupon_code: 'LUNA' }),
    ]);
    expect((await stats(t, luna.id)).figures.signups).toBe(signups + 1);
    // The renewal carries no coupon and still credits the partner.
    await sale(person.userId, 'coupon-2', 1000);
    expect((await ledgerOf(person.userId)).map((row) => row.partner_id)).toEqual([luna.id, luna.id]);
  });

  it('lets the coupon used at checkout win over an earlier click', async () => {
    const person = await attributedTo('LUNA');
    await sale(person.userId, 'mixed-1', 1000, 'ORION');
    expect(await ledgerOf(person.userId)).toEqual([
      expect.objectContaining({ partner_id: orion.id, commission_minor: 300, coupon_code: 'ORION' }),
    ]);
    const again = await send(t.app, 'POST', '/api/affiliate/attribute', {
      token: person.token,
      body: { visitorId: visitorId() },
    });
    expect(again.json().code).toBe('LUNA');
  });

  it('records nothing for a customer of no partner (unknown coupon, no attribution)', async () => {
    const person = await register(t.app);
    await sale(person.userId, 'nobody-1', 1000, 'NOT-A-PARTNER');
    await record({
      userId: person.userId,
      kind: 'refund',
      amountMinor: 1000,
      currency: 'USD',
      couponCode: null,
      externalId: 'refund:nobody-1',
    });
    expect(await ledgerOf(person.userId)).toEqual([]);
  });

  it('reverses the commission of the refunded sale, in proportion and at most once', async () => {
    const person = await attributedTo('LUNA');
    const before = (await stats(t, luna.id)).figures;
    await sale(person.userId, 'in_full', 1499);
    await sale(person.userId, 'in_part', 1000);
    const refund = (externalId: string, amountMinor: number) =>
      record({
        userId: person.userId,
        kind: 'refund',
        amountMinor,
        currency: 'USD',
        couponCode: null,
        externalId,
      });
    await refund('refund:in_full', 1499);
    await refund('refund:in_full', 1499); // repeated event
    await refund('re_partial_1', 250); // names no sale: the latest sale with commission left
    await refund('re_partial_2', 1000); // only what is left of that sale's commission
    await refund('re_partial_3', 1000); // nothing left anywhere: nothing more to take back

    const rows = await ledgerOf(person.userId);
    expect(rows.filter((row) => row.kind === 'refund').map((row) => row.commission_minor)).toEqual([
      -300, -50, -150,
    ]);
    const after = (await stats(t, luna.id)).figures;
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
      await record({
        userId: person.userId,
        kind: 'refund',
        amountMinor,
        currency: 'USD',
        couponCode: null,
        externalId: i === 0 ? 'refund:in_thirds' : `re_third_${i}`,
      });
    }
    // Each third alone would round 3.4, 3.4 and 3.2 down to 3, leaving 1 behind.
    expect((await ledgerOf(person.userId)).map((row) => row.commission_minor)).toEqual([10, -3, -4, -3]);
  });

  it('reverses a refund named by the bare sale id too', async () => {
    const person = await attributedTo('ORION');
    await sale(person.userId, 'in_bare', 2000);
    await record({
      userId: person.userId,
      kind: 'refund',
      amountMinor: 1000,
      currency: 'USD',
      couponCode: null,
      externalId: 'in_bare',
    });
    expect((await ledgerOf(person.userId)).map((row) => row.commission_minor)).toEqual([600, -300]);
  });

  it('refuses malformed input from the calling module', async () => {
    const base = {
      userId: t.userId,
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

describe('account export and deletion', () => {
  it('exports the attribution, and deletion removes it while the partner keeps the commission', async () => {
    const visitor = visitorId();
    await click('LUNA', visitor);
    const person = await register(t.app);
    await attribute(person.token, visitor);
    await t.app.affiliate.recordConversion({
      userId: person.userId,
      kind: 'sale',
      amountMinor: 5000,
      currency: 'GBP',
      couponCode: null,
      externalId: 'gbp-1',
    });

    const exported = (await send(t.app, 'GET', '/api/auth/export', { token: person.token })).json();
    expect(exported.sections.partnerProgramme).toEqual({
      attribution: { code: 'LUNA', source: 'click', createdAt: expect.any(String) },
      applications: [],
    });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: { authorization: `Bearer ${person.token}` },
      payload: { password: GOOD_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    const attribution = await t.app.database.db
      .selectFrom('affiliate_attributions')
      .select('user_id')
      .where('user_id', '=', person.userId)
      .execute();
    expect(attribution).toEqual([]);
    const ledger = await t.app.database.db
      .selectFrom('commission_ledger')
      .select(['user_id', 'commission_minor'])
      .where('external_id', '=', 'gbp-1')
      .execute();
    expect(ledger).toEqual([{ user_id: null, commission_minor: 1000 }]);
    const gbp = (await stats(t, luna.id)).figures.commission.find(
      (m: { currency: string }) => m.currency === 'GBP',
    );
    expect(gbp).toEqual({ currency: 'GBP', earnedMinor: 1000, reversedMinor: 0, balanceMinor: 1000 });
  });

  it("a partner's export lists their applications once the account has proved the address", async () => {
    const partner = await makePartner(t, {}, 'Exporting Partner');
    const account = await register(t.app, partner.email);
    const before = (await send(t.app, 'GET', '/api/auth/export', { token: account.token })).json();
    expect(before.sections.partnerProgramme.applications).toEqual([]);
    await t.app.inject(
      `/api/auth/verify-email/${await secretFromOutbox(t.app, partner.email, 'verify-email')}`,
    );
    const exported = (await send(t.app, 'GET', '/api/auth/export', { token: account.token })).json();
    expect(exported.sections.partnerProgramme.applications).toEqual([
      expect.objectContaining({ email: partner.email, status: 'approved', partnerId: partner.id }),
    ]);
  });
});
