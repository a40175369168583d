import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { expect, type Page, test } from '@playwright/test';
import { registerThroughUi, uniqueEmail } from './support/accounts.ts';
import { adminToken, approvedPartner, partnerStats } from './support/partners.ts';

const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

/** The bodies of the click reports the page sends. */
function clickReports(page: Page): Array<Record<string, unknown>> {
  const reports: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/affiliate/click') {
      reports.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  return reports;
}

test.describe('affiliate codes', () => {
  test('td_coupon beats ref beats coupon, blanks are skipped, the code is normalised and leaves the address', async ({
    page,
  }) => {
    await page.goto('/?coupon=third&ref=%20luna-7%20#/partners?td_coupon=%20&tab=1');
    await expect(page.getByRole('heading', { name: 'Partner programme', level: 1 })).toBeVisible();
    // The heading is painted before the app runs (prerendered); the app takes the code when it
    // starts, and cleans the address as it does.
    await expect(page).toHaveURL(/\/#\/partners\?tab=1$/);
    expect(await stored(page, STORAGE_KEYS.affiliateCoupon)).toBe('LUNA-7');
    const date = await stored(page, STORAGE_KEYS.affiliateCouponDate);
    expect(Math.abs(Date.now() - Date.parse(date ?? ''))).toBeLessThan(60_000);
    // Every affiliate parameter is gone (blank ones too); other parameters stay.
    expect(new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).hash).toBe('#/partners?tab=1');

    // A td_coupon inside the hash outranks a ref in the real query.
    await page.goto('/?ref=luna#/?td_coupon=sol');
    await expect(page).toHaveURL(/\/#\/$/);
    expect(await stored(page, STORAGE_KEYS.affiliateCoupon)).toBe('SOL');

    // Only blanks: the stored code stays, the address is cleaned all the same.
    await page.goto('/?td_coupon=&ref=%20#/contact');
    await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
    await expect(page).toHaveURL(/\/#\/contact$/);
    expect(await stored(page, STORAGE_KEYS.affiliateCoupon)).toBe('SOL');
  });

  test('a browser reports a visit with a code once a day', async ({ page, request }) => {
    const token = await adminToken(request);
    const partner = await approvedPartner(request, token);
    const reports = clickReports(page);
    await page.clock.setSystemTime(new Date('2031-05-01T09:00:00Z'));

    await page.goto(`/?ref=${partner.couponCode.toLowerCase()}#/partners`);
    await expect.poll(() => reports.length).toBe(1);
    expect(reports[0]).toMatchObject({
      code: partner.couponCode,
      landingPath: '/#/partners',
      visitorId: await stored(page, STORAGE_KEYS.affiliateVisitor),
    });

    // Later the same day, with and without the link: nothing more.
    await page.clock.setSystemTime(new Date('2031-05-01T22:00:00Z'));
    await page.reload();
    await page.goto(`/?ref=${partner.couponCode}#/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(reports).toHaveLength(1);

    // The next day the stored code is reported again on start.
    await page.clock.setSystemTime(new Date('2031-05-02T08:00:00Z'));
    await page.reload();
    await expect.poll(() => reports.length).toBe(2);
    expect((await partnerStats(request, token, partner.id)).figures.clicks).toBeGreaterThanOrEqual(1);
  });

  test('an account registered after following a partner link is credited to the partner', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const partner = await approvedPartner(request, token);
    const reports = clickReports(page);
    await page.goto(`/#/?ref=${partner.couponCode.toLowerCase()}`);
    await expect.poll(() => reports.length).toBe(1);

    const attribution = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/affiliate/attribute',
    );
    await registerThroughUi(page, uniqueEmail('credited'));
    const answer = (await (await attribution).json()) as { attributed: boolean; code: string | null };
    expect(answer).toEqual({ success: true, attributed: true, code: partner.couponCode });

    const stats = await partnerStats(request, token, partner.id);
    expect(stats.figures.clicks).toBe(1);
    expect(stats.figures.signups).toBe(1);
  });
});
