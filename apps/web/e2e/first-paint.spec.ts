import { expect, type Page, test } from '@playwright/test';

// The page as served already shows a guest the public page asked for; the app's code then renders
// over it.
// Holding the app's code back shows what a visitor sees before it runs.
const holdAppCode = (page: Page) => page.route('**/assets/*.js', (route) => route.abort());
const HERO = { name: 'Read the sky as it speaks to you.' } as const;

test.describe('first paint', () => {
  test('a guest sees the home page before any of the app code has run', async ({ page }) => {
    await holdAppCode(page);
    await page.goto('/');
    await expect(page.getByRole('heading', HERO)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Privacy', exact: true })).toHaveAttribute(
      'href',
      '#/privacy-policy',
    );
    await expect(page.getByText('Loading your data...')).toBeHidden();
  });

  test('a public page is served ready too; other pages and signed-in visits get the start-up screen', async ({
    page,
  }) => {
    await holdAppCode(page);
    await page.goto('/#/privacy-policy');
    await expect(page.getByRole('heading', { name: 'Privacy policy', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', HERO)).toBeHidden();
    await expect(page.getByText('Loading your data...')).toBeHidden();

    await page.goto('/#/contact');
    await page.reload();
    await expect(page.getByText('Loading your data...')).toBeVisible();
    await expect(page.getByRole('heading', HERO)).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Privacy policy', level: 1 })).toBeHidden();

    await page.evaluate(() => localStorage.setItem('authToken', 'a.stored.token'));
    await page.goto('/#/');
    await page.reload();
    await expect(page.getByText('Loading your data...')).toBeVisible();
    await expect(page.getByRole('heading', HERO)).toBeHidden();
  });

  test("the partners page as served shows the link's path; the app adds the address it is served from", async ({
    page,
    baseURL,
  }) => {
    await holdAppCode(page);
    await page.goto('/#/partners');
    // Built on another machine, the served page cannot name this address (nor the build's own).
    await expect(page.getByText('?ref=YOURCODE')).toHaveText('/?ref=YOURCODE');

    await page.unrouteAll();
    await page.reload();
    await expect(page.getByText('?ref=YOURCODE')).toHaveText(
      `${new URL(baseURL ?? '').origin}/?ref=YOURCODE`,
    );
  });

  test("the served page's theme button works before the app code runs, and the app keeps the choice", async ({
    page,
  }) => {
    await holdAppCode(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.getByRole('heading', HERO)).toBeVisible();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.unrouteAll();
    await page.reload();
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('the stored theme is applied before the app code runs', async ({ page }) => {
    await holdAppCode(page);
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('heading', HERO)).toBeVisible();
  });

  test('the app renders over the served page: the asked page, once, and nothing left behind', async ({
    page,
  }) => {
    await page.goto('/#/privacy-policy');
    await expect(page.getByRole('heading', { name: 'Privacy policy', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', HERO)).toHaveCount(0);
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);

    await page.goto('/#/');
    await expect(page.getByRole('tab', { name: 'Create account' })).toBeVisible();
    await expect(page.getByRole('heading', HERO)).toHaveCount(1);
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  });
});
