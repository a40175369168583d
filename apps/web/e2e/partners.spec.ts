import type { PartnerProgramme } from '@app/contracts/partners.ts';
import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/accounts.ts';
import { linkIn, waitForMail } from './support/mail.ts';

test.describe('partner programme', () => {
  test('the page explains the programme with the configured figures and leads to the application', async ({
    page,
    request,
  }) => {
    const { programme } = (await (await request.get('/api/partners/programme')).json()) as {
      programme: PartnerProgramme;
    };
    await page.goto('/#/partners');
    await expect(page).toHaveTitle('Partner programme · Astro Guidance');
    const figures = page.getByRole('list', { name: 'The programme in figures' });
    await expect(
      figures.getByText(`${Math.round(programme.commissionRate * 1000) / 10}%`, { exact: true }),
    ).toBeVisible();
    await expect(figures.getByText(`${programme.attributionWindowDays} days`, { exact: true })).toBeVisible();
    await expect(
      figures.getByText(`${programme.partnerCouponPercentOff}% off`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(/\/\?ref=YOURCODE/)).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /partner/i);

    await page.getByRole('link', { name: 'Apply to become a partner' }).click();
    await expect(page).toHaveURL(/#\/partners\/apply$/);
    await expect(page.getByRole('heading', { name: 'Apply to become a partner' })).toBeVisible();
  });

  test('an application is confirmed on screen and by mail; a repeat waits for the mailed link', async ({
    page,
  }) => {
    const email = uniqueEmail('applicant');
    const apply = async (promotion: string) => {
      await page.goto('/#/partners');
      await page.getByRole('link', { name: 'Apply to become a partner' }).click();
      await page.getByLabel('Name').fill('Orion Vale');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Website or social handles').fill('https://orion.example\n@orionvale');
      await page.getByLabel('Audience size').selectOption({ label: '10,000 to 100,000' });
      await page.getByLabel('How will you promote Astro Guidance?').fill(promotion);
      await page.getByRole('button', { name: 'Send application' }).click();
    };

    await apply('A monthly sky-watch newsletter with my link.');
    // The terms must be accepted first.
    await expect(page.getByText('Please accept the programme terms.')).toBeVisible();
    await page.getByText('Read the programme terms').click();
    await expect(page.getByText(/you say that you are a partner/)).toBeVisible();
    await page.getByLabel('I have read and accept the programme terms.').check();
    await page.getByRole('button', { name: 'Send application' }).click();
    await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
    const first = await waitForMail(email, /partner application/);
    // The address is not proven yet: the mail greets no one by name and repeats nothing typed.
    expect(first.text).toMatch(/^Hello,/);
    expect(first.text).not.toContain('Orion Vale');

    await apply('A weekly video on the coming transits, with my code in the description.');
    await page.getByLabel('I have read and accept the programme terms.').check();
    await page.getByRole('button', { name: 'Send application' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm by email' })).toBeVisible();
    const confirmation = await waitForMail(email, /Confirm the changes/);
    expect(confirmation.text).not.toContain('weekly video');

    await page.goto(linkIn(confirmation, 'partners/confirm'));
    await page.getByRole('button', { name: 'Confirm the changes' }).click();
    await expect(page.getByRole('heading', { name: 'Application updated' })).toBeVisible();
    // The link works once.
    await page.reload();
    await page.getByRole('button', { name: 'Confirm the changes' }).click();
    await expect(page.getByRole('alert')).toContainText('This link is not valid or has expired.');
  });
});
