import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { logInThroughUi, PASSWORD, uniqueEmail } from './support/accounts.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious accessibility violations on the public pages (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    for (const route of ['/', '/?auth=login', '/forgot-password', '/no/such/page']) {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page), `${route} in ${colorScheme}`).toEqual([]);
    }
  });
}

test('no serious accessibility violations on the signed-in pages and the dialog', async ({
  page,
  request,
}) => {
  // Six axe scans (three pages, two themes) take most of a minute on two shared cores.
  test.setTimeout(150_000);
  const email = uniqueEmail('axe');
  expect(
    (
      await request.post('/api/auth/register', { data: { email, name: 'Axel', password: PASSWORD } })
    ).status(),
  ).toBe(201);
  await logInThroughUi(page, email);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/#/verify-email-pending');
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(await seriousViolations(page), `verify-email-pending in ${colorScheme}`).toEqual([]);
    await page.goto('/#/settings');
    await expect(page.getByText('This device', { exact: true })).toBeVisible();
    expect(await seriousViolations(page), `settings in ${colorScheme}`).toEqual([]);
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page), `delete dialog in ${colorScheme}`).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    // Focus returns to the button that opened the dialog.
    await expect(page.getByRole('button', { name: 'Delete account' })).toBeFocused();
  }
});

test('the app runs under the server CSP without console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const response = await page.goto('/#/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('tab', { name: 'Create account' })).toBeVisible();
  // Fonts and lazily loaded pages come from the same origin.
  await page.goto('/#/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(problems).toEqual([]);
});

test('the home page forms work from the keyboard alone', async ({ page }) => {
  await page.goto('/#/');
  await page.getByRole('tab', { name: 'Create account' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Log in' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  // Submitting empty shows the shared schema's messages next to the fields.
  await page.keyboard.press('Enter');
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
});
