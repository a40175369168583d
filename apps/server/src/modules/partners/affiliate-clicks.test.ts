import { describe, expect, it } from 'vitest';
import { freshIp, send, stats, useAffiliateApp, visitorId } from './testing.ts';

// Recording clicks on partners' links: one per visitor, code and UTC day, only for well-formed
// requests, and throttled per client address.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const affiliate = useAffiliateApp();
const { click } = affiliate;

async function clicksOf(visitor: string) {
  return affiliate.t.app.database.db
    .selectFrom('affiliate_clicks')
    .select(['code', 'partner_id', 'day', 'landing_path', 'referrer'])
    .where('visitor_id', '=', visitor)
    .orderBy('clicked_at')
    .execute();
}

describe('POST /api/affiliate/click', () => {
  it('records a click, trimmed and uppercased, and credits the partner of the code', async () => {
    const visitor = visitorId();
    const before = (await stats(affiliate.t, affiliate.luna.id)).figures.clicks;
    const response = await click('  luna ', visitor);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, recorded: true });
    expect(await clicksOf(visitor)).toEqual([
      expect.objectContaining({
        code: 'LUNA',
        partner_id: affiliate.luna.id,
        landing_path: '/#/partners',
        referrer: 'https://blog.example/post',
      }),
    ]);
    expect((await stats(affiliate.t, affiliate.luna.id)).figures.clicks).toBe(before + 1);
  });

  it('counts one click per visitor, code and UTC day', async () => {
    const visitor = visitorId();
    const now = affiliate.t.clock.now().getTime();
    // A minute before the next UTC midnight.
    affiliate.t.clock.advance(Math.ceil(now / DAY) * DAY - now - MINUTE);
    const before = (await stats(affiliate.t, affiliate.luna.id)).figures.clicks;
    expect((await click('LUNA', visitor)).json().recorded).toBe(true);
    expect((await click('luna', visitor, { landingPath: '/' })).json().recorded).toBe(false);
    expect((await click('ORION', visitor)).json().recorded).toBe(true);
    expect((await click('LUNA', visitorId())).json().recorded).toBe(true);
    affiliate.t.clock.advance(2 * MINUTE);
    expect((await click('LUNA', visitor)).json().recorded).toBe(true);
    expect((await click('LUNA', visitor)).json().recorded).toBe(false);
    expect((await clicksOf(visitor)).map((row) => row.code)).toEqual(['LUNA', 'ORION', 'LUNA']);
    expect((await stats(affiliate.t, affiliate.luna.id)).figures.clicks).toBe(before + 3);
  });

  it('records a click on an unknown code without crediting anyone', async () => {
    const visitor = visitorId();
    const before = await Promise.all([
      stats(affiliate.t, affiliate.luna.id),
      stats(affiliate.t, affiliate.orion.id),
    ]);
    const response = await click('NOBODY-42', visitor, { referrer: '' });
    expect(response.json()).toEqual({ success: true, recorded: true });
    expect(await clicksOf(visitor)).toEqual([
      expect.objectContaining({ code: 'NOBODY-42', partner_id: null, referrer: null }),
    ]);
    const after = await Promise.all([
      stats(affiliate.t, affiliate.luna.id),
      stats(affiliate.t, affiliate.orion.id),
    ]);
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
    const response = await send(affiliate.t.app, 'POST', '/api/affiliate/click', { body });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(await clicksOf(visitor)).toEqual([]);
  });

  it('refuses malformed JSON (400) and an oversized body (413)', async () => {
    expect(
      (await send(affiliate.t.app, 'POST', '/api/affiliate/click', { raw: '{"code":' })).statusCode,
    ).toBe(400);
    const huge = await send(affiliate.t.app, 'POST', '/api/affiliate/click', {
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
        (await send(affiliate.t.app, 'POST', '/api/affiliate/click', { ip, body: body(visitorId()) }))
          .statusCode,
      ).toBe(200);
    }
    const last = visitorId();
    const refused = await send(affiliate.t.app, 'POST', '/api/affiliate/click', { ip, body: body(last) });
    expect(refused.statusCode).toBe(429);
    expect(await clicksOf(last)).toEqual([]);
  });
});
