import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { ADA_IN_OSLO, enterBirthData, startMonthlyTrial } from './support/subscriber.ts';

// A newcomer's first visit, by clicking only: the home page says what it costs and shows what it
// gives (a landscape and an answer computed today for a sample birth), then the sign-up from the
// prices, the link mailed to confirm the address (the one address typed in), a plan paid with the
// local test checkout's test card, the birth data, and the first landscape from Today in the
// main navigation.

/** The main navigation the window shows (the header's here; a phone gets a bottom bar). */
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test("a newcomer goes from the home page's prices to their first cosmic landscape", async ({ page }) => {
  // Sign-up, mail, checkout, birth data, a landscape composed on the server and two axe scans.
  test.setTimeout(180_000);
  const email = uniqueEmail('newcomer');
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('/');

  // What it costs, from the plan catalogue: at a glance in the hero, and plan by plan.
  await expect(page.getByTestId('hero-price')).toHaveText(/^\d+-day free trial, then \$\d+\.\d\d\/month$/);
  const pricing = page.getByRole('region', { name: 'Plans and prices' });
  await expect(pricing.getByTestId('home-price-monthly')).toHaveText('$14.99 / month');
  await expect(pricing.getByTestId('home-price-yearly')).toHaveText('$143.88 / year');
  await expect(pricing.getByText('7-day free trial').first()).toBeVisible();

  // What it gives: real output of the product for a sample birth, computed today.
  const samples = page.getByRole('region', { name: 'See what you get' });
  const landscapeSample = samples.getByRole('region', { name: "Sample: Today's cosmic landscape" });
  await expect(landscapeSample).toContainText('For someone born 21 April 1990 at 14:30 in Oslo, Norway', {
    timeout: 20_000,
  });
  await expect(landscapeSample.getByRole('heading', { name: 'The Moon today' })).toBeVisible();
  const chatSample = samples.getByRole('region', { name: 'Sample: A question for the assistant' });
  await expect(chatSample.getByText('What does my Moon sign say about me?')).toBeVisible();
  await expect(chatSample).toContainText(
    /Moon in (Aries|Taurus|Gemini|Cancer|Leo|Virgo|Libra|Scorpio|Sagittarius|Capricorn|Aquarius|Pisces)/,
  );
  await expectNoSeriousViolations(page, 'home page with prices and samples');

  // From the prices to the sign-up form, ready to type in.
  await pricing.getByRole('button', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(/#\/\?auth=register$/);
  const form = page.getByRole('form', { name: 'Create account' });
  await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
  await form.getByLabel('Name', { exact: true }).fill('Nova Newcomer');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // The link from the mail confirms the address; then the plans, at the home page's price.
  await page.goto(linkIn(await waitForMail(email, /confirm your email/i), 'verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
  await expect(page.getByTestId('price-monthly')).toContainText('$14.99');

  // The monthly plan's free trial, paid with the test card; the success page leads to the birth form.
  await startMonthlyTrial(page);

  // Until the birth data is saved, the main navigation offers only the chart, where it is entered.
  await expect(mainNav(page).getByRole('link')).toHaveText(['Chart']);
  await expect(mainNav(page).getByRole('link', { name: 'Chart' })).toHaveAttribute('aria-current', 'page');
  await enterBirthData(page, ADA_IN_OSLO);

  // Today, in the main navigation, opens the first landscape.
  await expect(mainNav(page).getByRole('link')).toHaveText(['Today', 'Chat', 'Chart']);
  await mainNav(page).getByRole('link', { name: 'Today' }).click();
  await expect(page).toHaveURL(/#\/cosmic-landscape$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cosmic landscape' })).toBeVisible();
  // The first visit composes the day on the server.
  await expect(page.locator('#landscape-headline')).not.toBeEmpty({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Transits today' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousViolations(page, 'first landscape');
});
