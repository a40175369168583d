import {
  AFFILIATE_CODE_MAX_LENGTH,
  AFFILIATE_CODE_PATTERN,
  normaliseAffiliateCode,
} from '@app/contracts/affiliate.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../testing/harness.ts';
import { commissionFor } from './affiliate.ts';
import { createProgrammeApp, makePartner, type ProgrammeApp, send, stats, visitorId } from './testing.ts';

let t: ProgrammeApp;
let partnerId: string;
beforeAll(async () => {
  t = await createProgrammeApp();
  partnerId = (await makePartner(t, { couponCode: 'PROP', commissionRate: 0.17 })).id;
});
afterAll(() => t.close());

// Codes as they come out of URLs: letters in both cases, digits, separators, spaces, and the odd
// character from anywhere in Unicode.
const codeLike = fc.oneof(
  fc.stringMatching(/^[ \tA-Za-z0-9_-]{0,45}$/),
  fc.string({ maxLength: 45, unit: 'grapheme' }),
);

describe('click codes', () => {
  it('are recorded exactly when their normalised form is a valid code; blank is 400, the rest 422', async () => {
    await fc.assert(
      fc.asyncProperty(codeLike, async (raw) => {
        const visitor = visitorId();
        const response = await send(t.app, 'POST', '/api/affiliate/click', {
          body: { code: raw, visitorId: visitor, landingPath: '/', referrer: null },
        });
        const normalised = normaliseAffiliateCode(raw);
        const stored = await t.app.database.db
          .selectFrom('affiliate_clicks')
          .select('code')
          .where('visitor_id', '=', visitor)
          .execute();
        if (normalised === null) {
          expect(response.statusCode).toBe(400);
          expect(stored).toEqual([]);
        } else if (
          normalised.length <= AFFILIATE_CODE_MAX_LENGTH &&
          AFFILIATE_CODE_PATTERN.test(normalised)
        ) {
          expect(response.statusCode).toBe(200);
          expect(stored).toEqual([{ code: normalised }]);
        } else {
          expect(response.statusCode).toBe(422);
          expect(stored).toEqual([]);
        }
      }),
      { numRuns: 120 },
    );
  });
});

describe('commission', () => {
  it('is rate × amount rounded, and refunds never take back more than a sale earned', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 12_000_000 }), { maxLength: 4 }),
        async (amount, refunds) => {
          n += 1;
          const person = await register(t.app);
          const before = (await stats(t, partnerId)).figures.commission[0] ?? { balanceMinor: 0 };
          await t.app.affiliate.recordConversion({
            userId: person.userId,
            kind: 'sale',
            amountMinor: amount,
            currency: 'USD',
            couponCode: 'prop',
            externalId: `prop-sale-${n}`,
          });
          let refunded = 0;
          for (const [i, refund] of refunds.entries()) {
            t.clock.advance(1);
            await t.app.affiliate.recordConversion({
              userId: person.userId,
              kind: 'refund',
              amountMinor: refund,
              currency: 'USD',
              couponCode: null,
              externalId: i === 0 ? `refund:prop-sale-${n}` : `prop-refund-${n}-${i}`,
            });
            refunded += refund;
          }
          const rows = await t.app.database.db
            .selectFrom('commission_ledger')
            .select(['kind', 'commission_minor'])
            .where('user_id', '=', person.userId)
            .execute();
          const earned = commissionFor(amount, 1700);
          expect(rows.find((row) => row.kind === 'sale')?.commission_minor).toBe(earned);
          const total = rows.reduce((sum, row) => sum + Number(row.commission_minor), 0);
          expect(total).toBeGreaterThanOrEqual(0);
          expect(total).toBeLessThanOrEqual(earned);
          if (refunded >= amount && refunds.length > 0) expect(total).toBe(0);
          const after = (await stats(t, partnerId)).figures.commission[0];
          expect(after.balanceMinor - before.balanceMinor).toBe(total);
        },
      ),
      // Each run registers a customer (a password hash): few runs, wide ranges.
      { numRuns: 20 },
    );
  });
});
