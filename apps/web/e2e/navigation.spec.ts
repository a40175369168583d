import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from './support/axe.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { enterBirthData, startMonthlyTrial } from './support/subscriber.ts';

// A stranger's way around the app: sign up, verify, pay and enter birth data by clicking, then
// reach every place of the main navigation (in the header on a desktop, the bottom bar on a
// phone) and of the account menu and come back, at desktop and phone widths, with no serious
// accessibility violation on any page on the way. Only the mailed link is typed in.

/** Every place, where it is reached from, and the heading each page opens with. */
const PLACES: Array<{ entry: string; from: 'main' | 'menu'; heading: RegExp; path: RegExp }> = [
  { entry: 'Today', from: 'main', heading: /^Cosmic landscape$/, path: /#\/cosmic-landscape$/ },
  { entry: 'Chat', from: 'main', heading: /^Chat$/, path: /#\/chat$/ },
  { entry: 'Chart', from: 'main', heading: /^Your birth chart$/, path: /#\/birth-form$/ },
  { entry: 'Subscription', from: 'menu', heading: /^Your subscription$/, path: /#\/subscription$/ },
  { entry: 'Settings', from: 'menu', heading: /^Settings$/, path: /#\/settings$/ },
];

/** The main navigation the width shows (the other one is hidden). */
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function open(page: Page, { entry, from }: (typeof PLACES)[number]) {
  if (from === 'main') {
    await mainNav(page).getByRole('link', { name: entry, exact: true }).click();
    await expect(mainNav(page).getByRole('link', { name: entry, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    return;
  }
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

/** On a phone the main navigation is a bar along the bottom of the screen, and the page ends above it. */
async function expectBottomBarClearOfThePage(page: Page, where: string) {
  const bar = await mainNav(page).boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(bar, where).not.toBeNull();
  expect(Math.round((bar?.y ?? 0) + (bar?.height ?? 0)), where).toBe(height);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = await page.getByRole('contentinfo').boundingBox();
  expect((footer?.y ?? 0) + (footer?.height ?? 0), where).toBeLessThanOrEqual((bar?.y ?? 0) + 1);
}

async function walkThePlaces(page: Page, width: number) {
  await page.setViewportSize({ width, height: 860 });
  await expect(mainNav(page).getByRole('link')).toHaveText(['Today', 'Chat', 'Chart']);
  for (const place of PLACES) {
    const { entry, heading, path } = place;
    const before = page.url();
    await open(page, place);
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
  if (width < 768) await expectBottomBarClearOfThePage(page, `settings at ${width} px`);
  // Settings leads to the subscription and the birth data too.
  await page.getByRole('link', { name: /Manage subscription/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your subscription' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: /Edit birth data/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your birth chart' })).toBeVisible();
}

test('a new subscriber reaches every place by clicking, at 1280 px and 360 px', async ({ page }) => {
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

  await walkThePlaces(page, 1280);
  await walkThePlaces(page, 360);

  // Log out from the menu, on the phone width.
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
});
