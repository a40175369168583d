import { PARTNER_PATHS } from '@app/contracts/partners.ts';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN_AREA_EMAIL } from '../playwright.config.ts';
import { logInThroughUi, PASSWORD, registerThroughUi, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from './support/axe.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { keepSecret, totpCode } from './support/second-factor.ts';

// An operator sets up two-step sign-in, finds a person by email and disables them (their open tab
// is signed out at once), approves a partner application and reads the audit log in words. Each
// section has its own address (reload, Back). A signed-in person without the admin role sees
// "Not allowed".

test('a person without the admin role is told the admin area is not theirs', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('not-admin'));
  await page.goto('/#/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
});

test('an admin enrols TOTP, disables a person, approves a partner and reads the audit log', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // The person who will be disabled, signed in in a browser of their own.
  const targetEmail = uniqueEmail('to-disable');
  expect(
    (
      await request.post('/api/auth/register', {
        data: { email: targetEmail, name: 'Tess Target', password: PASSWORD },
      })
    ).status(),
  ).toBe(201);
  const targetContext = await browser.newContext();
  const target = await targetContext.newPage();
  await logInThroughUi(target, targetEmail);
  await expect(target).toHaveURL(/#\/verify-email-pending$/);
  await target.goto('/#/settings');
  await expect(target.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // A partner application waiting for a decision.
  const applicant = uniqueEmail('applicant');
  const applied = await request.post(PARTNER_PATHS.apply, {
    data: {
      name: 'Stella Applicant',
      email: applicant,
      channels: '@stella',
      audienceSize: '1k-10k',
      promotion: 'A weekly video about the sky with my link below it.',
      acceptTerms: true,
    },
  });
  expect(applied.status()).toBe(201);

  // The operator signs up and opens the admin area from the account menu.
  await registerThroughUi(page, ADMIN_AREA_EMAIL, 'Olivia Operator');
  // The listed address is an admin only once its owner opens the mailed link.
  await page.goto(linkIn(await waitForMail(ADMIN_AREA_EMAIL, /confirm your email/i), 'verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('code').first().textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  keepSecret(ADMIN_AREA_EMAIL, secret);
  await page.getByLabel('Code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(8);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  await expect(page.getByText('Monthly recurring revenue')).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Find the person by email and disable them, after confirming.
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  await sections.getByRole('link', { name: 'People' }).click();
  await expect(page).toHaveURL(/#\/admin\/users$/);
  await page.getByLabel('Search by email or name').fill(targetEmail);
  await page.getByRole('button', { name: new RegExp(targetEmail) }).click();
  const drawer = page.getByRole('dialog', { name: targetEmail });
  await expect(drawer.getByText('Tess Target')).toBeVisible();
  await drawer.getByRole('button', { name: 'Disable account' }).click();
  await drawer.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(drawer.getByText('Disabled', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('table', { name: 'People' })).toContainText('Disabled');

  // The disabled person's open tab is told at once and signs out, without a reload.
  await expect(target).toHaveURL(/#\/$/);
  await expect(target.getByText('This account has been disabled. Please contact support.')).toBeVisible();
  await expect(target.getByRole('tab', { name: 'Log in' })).toBeVisible();
  expect(await target.evaluate(() => window.localStorage.getItem('authToken'))).toBeNull();
  await targetContext.close();

  // Approve the partner application.
  await sections.getByRole('link', { name: 'Partner applications' }).click();
  await expect(page).toHaveURL(/#\/admin\/partners$/);
  const application = page.getByRole('article', { name: 'Application from Stella Applicant' });
  await application.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(/Approved: coupon /)).toBeVisible();

  // The audit log shows both changes by this operator, by name and in words; its address
  // survives a reload, and Back returns to the section before.
  await sections.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/#\/admin\/audit$/);
  await page.reload();
  await expect(sections.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
  // Other specs change things too: only this operator's changes.
  await page.getByLabel('Made by (email)').fill(ADMIN_AREA_EMAIL);
  const log = page.getByRole('table', { name: 'Audit log' });
  const approval = log.getByRole('row').filter({ hasText: 'Partner approved' });
  await expect(approval).toHaveCount(1);
  await expect(approval).toContainText('Stella Applicant');
  await expect(approval).toContainText('Olivia Operator');
  const disabling = log
    .getByRole('row')
    .filter({ hasText: 'Account changed' })
    .filter({ hasText: targetEmail });
  await expect(disabling).toContainText('Tess Target');
  await expect(disabling).toContainText('Disabled: no → yes');
  await expect(log).not.toContainText('{');
  await page.goBack();
  await expect(page).toHaveURL(/#\/admin\/partners$/);
  await expect(sections.getByRole('link', { name: 'Partner applications' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // On a phone every section fits the screen (wide tables scroll inside their own box).
  await page.setViewportSize({ width: 360, height: 800 });
  for (const section of ['Overview', 'People', 'Audit log']) {
    await sections.getByRole('link', { name: section }).click();
    await expect(sections.getByRole('link', { name: section })).toHaveAttribute('aria-current', 'page');
    await expectNoSidewaysScroll(page, `${section} at 360 px`);
    await expectNoSeriousViolations(page, `${section} at 360 px`);
  }
});
