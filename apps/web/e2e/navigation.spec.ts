import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from './support/axe.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { enterBirthData, startMonthlyTrial } from './support/subscriber.ts';

// A stranger's way around the app: sign up, verify, pay and enter birth data by clicking, then
// reach every entry of the account menu and come back, at desktop and phone widths, with no
// serious accessibility violation on any page on the way. Only the mailed link is typed in.

/** The account menu's entries and the heading each page opens with. */
const MENU: Array<{ entry: string; heading: RegExp; path: RegExp }> = [
  { entry: 'Cosmic landscape', heading: /^Cosmic landscape$/, path: /#\/cosmic-landscape$/ },
  { entry: 'Chat', heading: /^Chat$/, path: /#\/chat$/ },
  { entry: 'Birth chart', heading: /^Your birth chart$/, path: /#\/birth-form$/ },
  { entry: 'Subscription', heading: /^Your subscription$/, path: /#\/subscription$/ },
  { entry: 'Settings', heading: /^Settings$/, path: /#\/settings$/ },
];

async function openMenuEntry(page: Page, entry: string) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

async function walkTheMenu(page: Page, width: number) {
  await page.setViewportSize({ width, height: 860 });
  for (const { entry, heading, path } of MENU) {
    const before = page.url();
    await openMenuEntry(page, entry);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSidewaysScroll(page, `${entry} at ${width} px`);
    await expectNoSeriousViolations(page, `${entry} at ${width} px`);
    // The browser's Back returns to where the person came from.
    if (before !== page.url()) {
      await page.goBack();
      await expect(page).toHaveURL(before);
      await page.goForward();
      await expect(page).toHaveURL(path);
    }
  }
  // Settings leads to the subscription and the birth data too.
  await page.getByRole('link', { name: /Manage subscription/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your subscription' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: /Edit birth data/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your birth chart' })).toBeVisible();
}

test('a new subscriber reaches every menu entry by clicking, at 1280 px and 360 px', async ({ page }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('navigator');
  await page.setViewportSize({ width: 1280, height: 860 });

  // Sign up from the header.
  await page.goto('/');
  await page.getByRole('link', { name: 'Get started' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Name', { exact: true }).fill('Nova Walker');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expectNoSeriousViolations(page, 'check your inbox');

  // The mailed link, then the plans, the test checkout and the birth form.
  await page.goto(linkIn(await waitForMail(email, /confirm your email/i), 'verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
  await expectNoSeriousViolations(page, 'plans');
  await startMonthlyTrial(page);
  await enterBirthData(page, {
    name: 'Nova',
    date: '1992-08-14',
    time: '06:15',
    city: { typed: 'Lisbon', option: /^Lisbon/ },
  });

  await walkTheMenu(page, 1280);
  await walkTheMenu(page, 360);

  // Log out from the menu, on the phone width.
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
});
