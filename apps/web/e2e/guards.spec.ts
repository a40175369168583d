import { expect, test } from '@playwright/test';
import { logInThroughUi, PASSWORD, uniqueEmail } from './support/accounts.ts';

const GUARDED = [
  '/verify-email-pending',
  '/subscription',
  '/birth-form',
  '/chat',
  '/chat/abc',
  '/cosmic-landscape',
  '/settings',
  '/admin',
];

test('a guest is sent from every guarded route to the home page', async ({ page }) => {
  for (const route of GUARDED) {
    await page.goto(`/#${route}`);
    await expect(page, `guest at ${route}`).toHaveURL(/#\/$/);
    await expect(page.getByRole('tab', { name: 'Create account' })).toBeVisible();
  }
});

test('an unverified person reaches only the login-level routes', async ({ page, request }) => {
  const email = uniqueEmail('unverified');
  expect(
    (await request.post('/api/auth/register', { data: { email, name: 'Ida', password: PASSWORD } })).status(),
  ).toBe(201);
  await logInThroughUi(page, email);
  await expect(page).toHaveURL(/#\/verify-email-pending$/);

  for (const route of [
    '/subscription',
    '/birth-form',
    '/chat',
    '/chat/abc',
    '/cosmic-landscape',
    '/horoscope',
  ]) {
    await page.goto(`/#${route}`);
    await expect(page, `unverified at ${route}`).toHaveURL(/#\/verify-email-pending$/);
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  }
  for (const [route, heading] of [
    ['/settings', 'Settings'],
    // The route asks only for a sign-in; the page tells a non-admin it is not theirs.
    ['/admin', 'Not allowed'],
  ]) {
    await page.goto(`/#${route}`);
    await expect(page).toHaveURL(new RegExp(`#${route}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('public pages open for a guest; unknown paths show the not-found page', async ({ page }) => {
  for (const [route, heading] of [
    ['/forgot-password', 'Forgot your password?'],
    ['/success', 'Checkout complete'],
    ['/cancelled', 'Payment cancelled'],
    ['/partners/apply', 'Apply to become a partner'],
  ]) {
    await page.goto(`/#${route}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await page.goto('/#/no/such/place');
  await expect(page.getByRole('heading', { name: 'This page is lost in space' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/#\/$/);
});
