import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, register, secretFromOutbox, type TestApp } from '../../testing/harness.ts';
import { PAY_PAGE_PALETTE } from './pay-pages.ts';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      billing: {
        provider: 'local',
        stripe: undefined,
        pastDueGraceMs: 3 * DAY,
        testClockControl: false,
        plans: (await import('./config.ts')).DEFAULT_PLANS,
        coupons: [
          { code: 'FIRST5', amountOffMinor: 500, currency: 'USD', duration: 'once' },
          { code: 'TWOMONTHS', percentOff: 20, duration: 'repeating', durationPeriods: 2 },
          { code: 'ALWAYS', percentOff: 10, duration: 'forever' },
        ],
      },
    },
  });
});
afterAll(() => t.close());

/** The checkout page's price summary as "label: amount" lines, tags removed. */
async function checkoutSummary(planId: string, couponCode: string): Promise<string[]> {
  const person = await register(t.app);
  await t.app.inject(`/api/auth/verify-email/${await secretFromOutbox(t.app, person.email, 'verify-email')}`);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/subscription/create-subscription',
    headers: bearer(person.token),
    payload: { planId, couponCode },
  });
  expect(created.statusCode).toBe(200);
  const page = await t.app.inject(new URL(created.json().url).pathname);
  const summary = /<div class="summary">(.*?)<\/div>/s.exec(page.body)?.[1] ?? '';
  return [...summary.matchAll(/<p>(.*?)<\/p>/g)].map((line) =>
    (line[1] ?? '').replace(/<\/(span|strong)><(span|strong)>/, ': ').replace(/<[^>]+>/g, ''),
  );
}

describe('test checkout page', () => {
  it('a one-off coupon is the first payment only, then the regular price', async () => {
    expect(await checkoutSummary('monthly', 'first5')).toEqual([
      'Monthly plan: $14.99 / month',
      'Coupon FIRST5 ($5.00 off the first payment): −$5.00',
      'Due today: $0.00',
      'First payment, after the 7-day free trial: $9.99',
      'Then every month: $14.99',
    ]);
  });

  it('a repeating coupon names how many payments it lowers', async () => {
    expect(await checkoutSummary('yearly', 'twomonths')).toEqual([
      'Yearly plan: $143.88 / year',
      'Coupon TWOMONTHS (20% off for 2 years): −$28.78',
      'Due today: $0.00',
      'Each of the first 2 payments, after the 7-day free trial: $115.10',
      'Then every year: $143.88',
    ]);
  });

  it('a lasting coupon is the price from then on', async () => {
    expect(await checkoutSummary('monthly', 'always')).toEqual([
      'Monthly plan: $14.99 / month',
      'Coupon ALWAYS (10% off every payment): −$1.50',
      'Due today: $0.00',
      'First payment, after the 7-day free trial: $13.49',
    ]);
  });
});

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('pay page colours', () => {
  it.each(['light', 'dark'] as const)(
    'every text keeps 4.5:1 against its background in %s mode',
    (scheme) => {
      const p = PAY_PAGE_PALETTE[scheme];
      const pairs: Array<[string, string, string]> = [
        ['text on page', p.text, p.page],
        ['text on card', p.text, p.surface],
        ['link on card', p.link, p.surface],
        ['input text', p.inputText, p.inputBackground],
        ['button', p.buttonText, p.button],
        ['secondary button', p.secondaryButtonText, p.secondaryButton],
      ];
      for (const [what, fg, bg] of pairs) expect(contrast(fg, bg), what).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('the contrast check itself fails the old dark link colour (2.38:1)', () => {
    expect(contrast('#5b3fd1', PAY_PAGE_PALETTE.dark.surface)).toBeLessThan(4.5);
  });

  it('the page carries the dark link colour', async () => {
    const page = await t.app.inject('/pay/checkout/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(page.body).toContain(`a{color:${PAY_PAGE_PALETTE.dark.link}}`);
  });
});
