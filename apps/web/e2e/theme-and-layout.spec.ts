import { expect, test } from '@playwright/test';

const htmlIsDark = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

test('the theme follows the system until chosen, then the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/#/');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(await htmlIsDark(page)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

  // While nothing is stored, the page follows a change of the system preference.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => htmlIsDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => htmlIsDark(page)).toBe(true);

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  expect(await htmlIsDark(page)).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  expect(await htmlIsDark(page)).toBe(false);

  // A stored choice wins over the system.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.reload();
  expect(await htmlIsDark(page)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
});

test('a stored dark theme is on <html> before the page has rendered', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark');
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      // The served page holds the prerendered home page; the app has not replaced it yet.
      (window as unknown as { themeAtLoad: unknown }).themeAtLoad = {
        dark: document.documentElement.classList.contains('dark'),
        appRendered: Boolean(root?.childElementCount) && !root?.querySelector(':scope > [data-prerendered]'),
      };
    });
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/#/');
  const atLoad = await page.evaluate(() => (window as unknown as { themeAtLoad: unknown }).themeAtLoad);
  expect(atLoad).toEqual({ dark: true, appRendered: false });
});

test('the footer is on the home page with every link and the version, and absent under /chat', async ({
  page,
}) => {
  await page.goto('/#/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toBeVisible();
  for (const name of ['Privacy', 'Terms', 'Cookies', 'Contact', 'Partners', 'Updates', 'Support', 'Status']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', /^https:\/\//);
  await expect(footer.getByText('0.1.7-beta')).toBeVisible();
  await expect(footer.getByText(/©\s*\d{4}/)).toBeVisible();

  // The status link says whether the service is working (decision 0191).
  await footer.getByRole('link', { name: 'Status', exact: true }).click();
  await expect(page).toHaveURL(/#\/status$/);
  await expect(page.getByText('All systems are working.')).toBeVisible();

  await footer.getByRole('link', { name: 'Privacy', exact: true }).click();
  await expect(page).toHaveURL(/#\/privacy-policy$/);
  await expect(page.getByRole('contentinfo')).toBeVisible();

  // Any path under /chat has no footer (an unknown one renders without a guard in the way).
  await page.goto('/#/chat/archive/2026');
  await expect(page.getByRole('heading', { name: 'This page is lost in space' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('sections drawn late stand in with a height no smaller than their own on a 320 px phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const pages = [
    // The home page once the samples and the prices have arrived: their sections' full height.
    { path: '/#/', ready: page.getByText('Asked for the same birth chart') },
    { path: '/#/privacy-policy', ready: page.getByRole('heading', { name: 'On this page' }) },
    { path: '/#/terms-of-service', ready: page.getByRole('heading', { name: 'On this page' }) },
    { path: '/#/cookie-policy', ready: page.getByRole('heading', { name: 'On this page' }) },
  ];
  for (const { path, ready } of pages) {
    await page.goto(path);
    await expect(ready).toBeAttached();
    if (path === '/#/') await expect(page.locator('[data-testid^="home-price-"]').first()).toBeAttached();
    const short = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.below-fold')].flatMap((section) => {
        const standIn = Number.parseFloat(getComputedStyle(section).getPropertyValue('--below-fold-height'));
        section.style.contentVisibility = 'visible';
        const drawn = section.getBoundingClientRect().height / 16;
        const name =
          section.getAttribute('aria-labelledby') ?? section.querySelector('h2')?.id ?? section.tagName;
        // A section without a stand-in height of its own (NaN here) fails too: it would fall back
        // to the utility's one default for every section.
        return Number.isFinite(standIn) && drawn <= standIn
          ? []
          : [`${name}: ${drawn.toFixed(0)}rem drawn, ${standIn}rem stand-in`];
      }),
    );
    expect(short, path).toEqual([]);
    expect(await page.locator('.below-fold').count(), path).toBeGreaterThan(1);
  }
});
