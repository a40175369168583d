import { expect, test } from '@playwright/test';
import {
  logInThroughUi,
  logOutThroughSettings,
  PASSWORD,
  registerThroughUi,
  uniqueEmail,
} from './support/accounts.ts';
import { linkIn, waitForMail } from './support/mail.ts';

test('register, verify by the mailed link (other tab follows), log out and log in again', async ({
  context,
  page,
}) => {
  const email = uniqueEmail('register');
  await registerThroughUi(page, email);
  await expect(page.getByText(email)).toBeVisible();

  // Storage keys: the token alone under authToken, and user plus token under auth-storage.
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    auth: JSON.parse(localStorage.getItem('auth-storage') ?? 'null'),
  }));
  expect(stored.token).toBeTruthy();
  expect(stored.auth.state.token).toBe(stored.token);
  expect(stored.auth.state.user).toMatchObject({ email, emailVerified: false });

  const mail = await waitForMail(email, /confirm your email/i);
  const link = linkIn(mail, 'verify-email');
  expect(link.startsWith('http://localhost:')).toBe(true);

  // The link opens in a second tab; the first tab hears about it and shows the verified state.
  const second = await context.newPage();
  await second.goto(link);
  await expect(second.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  await second.close();

  // Verified, no plan yet: the home page names the next step.
  await page.goto('/#/');
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();

  await logOutThroughSettings(page);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await expect(page.getByRole('tab', { name: 'Create account' })).toBeVisible();

  await logInThroughUi(page, email);
  await expect(page).toHaveURL(/#\/subscription$/);
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  const user = await page.evaluate(
    () => JSON.parse(localStorage.getItem('auth-storage') ?? 'null')?.state?.user,
  );
  expect(user).toMatchObject({ email, emailVerified: true });

  // The same verification link opened again: signed in and verified, all is well and the page leads on.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your email is already verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();

  // For a guest the used link is refused as before.
  await logOutThroughSettings(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'We could not verify your email' })).toBeVisible();
});

test('a wrong password is refused with the server message and no session', async ({ page, request }) => {
  const email = uniqueEmail('wrong');
  const created = await request.post('/api/auth/register', {
    data: { email, name: 'Grace', password: PASSWORD },
  });
  expect(created.status()).toBe(201);

  await logInThroughUi(page, email, 'not the password at all');
  await expect(page.getByRole('alert')).toContainText('The email address or password is not correct.');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await expect(page).toHaveURL(/#\/\?auth=login$/);
});

test('forgot password: reset by the mailed link; the old password and the old link then fail', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('reset');
  const created = await request.post('/api/auth/register', {
    data: { email, name: 'Mary', password: PASSWORD },
  });
  expect(created.status()).toBe(201);

  await page.goto('/#/?auth=login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/#\/forgot-password$/);
  // The home page's login form, with its own Email field, stays on screen until the lazily loaded page is ready.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const link = linkIn(await waitForMail(email, /reset your .*password/i), 'reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(`For the account ${email}.`)).toBeVisible();

  // The form checks its fields before calling the server.
  const newPassword = 'a brand new constellation';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat new password', { exact: true }).fill('something else entirely');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();

  await page.getByLabel('Repeat new password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  await logInThroughUi(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('The email address or password is not correct.');

  // Resetting by a mailed link also proves the address, so the next step is choosing a plan.
  await logInThroughUi(page, email, newPassword);
  await expect(page).toHaveURL(/#\/subscription$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This reset link no longer works' })).toBeVisible();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/#\/forgot-password$/);
});
