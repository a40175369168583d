import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, register, secretFromOutbox } from '../../testing/harness.ts';
import { makePartner, send, stats, useAffiliateApp, visitorId } from './testing.ts';

// The programme's part of the account export and deletion.

const affiliate = useAffiliateApp();
const { click, attribute } = affiliate;

describe('account export and deletion', () => {
  it('exports the attribution, and deletion removes it while the partner keeps the commission', async () => {
    const visitor = visitorId();
    await click('LUNA', visitor);
    const person = await register(affiliate.t.app);
    await attribute(person.token, visitor);
    await affiliate.t.app.affiliate.recordConversion({
      userId: person.userId,
      kind: 'sale',
      amountMinor: 5000,
      currency: 'GBP',
      couponCode: null,
      externalId: 'gbp-1',
    });

    const exported = (await send(affiliate.t.app, 'GET', '/api/auth/export', { token: person.token })).json();
    expect(exported.sections.partnerProgramme).toEqual({
      attribution: { code: 'LUNA', source: 'click', createdAt: expect.any(String) },
      applications: [],
    });

    const deleted = await affiliate.t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: { authorization: `Bearer ${person.token}` },
      payload: { password: GOOD_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    const attribution = await affiliate.t.app.database.db
      .selectFrom('affiliate_attributions')
      .select('user_id')
      .where('user_id', '=', person.userId)
      .execute();
    expect(attribution).toEqual([]);
    const ledger = await affiliate.t.app.database.db
      .selectFrom('commission_ledger')
      .select(['user_id', 'commission_minor'])
      .where('external_id', '=', 'gbp-1')
      .execute();
    expect(ledger).toEqual([{ user_id: null, commission_minor: 1000 }]);
    const gbp = (await stats(affiliate.t, affiliate.luna.id)).figures.commission.find(
      (m: { currency: string }) => m.currency === 'GBP',
    );
    expect(gbp).toEqual({ currency: 'GBP', earnedMinor: 1000, reversedMinor: 0, balanceMinor: 1000 });
  });

  it("a partner's export lists their applications once the account has proved the address", async () => {
    const partner = await makePartner(affiliate.t, {}, 'Exporting Partner');
    const account = await register(affiliate.t.app, partner.email);
    const before = (await send(affiliate.t.app, 'GET', '/api/auth/export', { token: account.token })).json();
    expect(before.sections.partnerProgramme.applications).toEqual([]);
    await affiliate.t.app.inject(
      `/api/auth/verify-email/${await secretFromOutbox(affiliate.t.app, partner.email, 'verify-email')}`,
    );
    const exported = (
      await send(affiliate.t.app, 'GET', '/api/auth/export', { token: account.token })
    ).json();
    expect(exported.sections.partnerProgramme.applications).toEqual([
      expect.objectContaining({ email: partner.email, status: 'approved', partnerId: partner.id }),
    ]);
  });
});
