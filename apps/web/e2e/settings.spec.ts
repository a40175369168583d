import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { logInThroughUi, PASSWORD, uniqueEmail } from './support/accounts.ts';

test('settings: rename, devices, export, change password, delete account', async ({
  browser,
  page,
  request,
}) => {
  // Five flows in one walk: about 50 s alone on two cores, more beside other specs.
  test.setTimeout(150_000);
  const email = uniqueEmail('settings');
  expect(
    (
      await request.post('/api/auth/register', { data: { email, name: 'Vera', password: PASSWORD } })
    ).status(),
  ).toBe(201);

  // A second device, signed in elsewhere.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await logInThroughUi(other, email);
  await expect(other).toHaveURL(/#\/verify-email-pending$/);

  await logInThroughUi(page, email);
  await expect(page).toHaveURL(/#\/verify-email-pending$/);
  await page.goto('/#/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Name: validated by the shared schema, saved, and kept after a reload.
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('   ');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await name.fill('Vera Rubin');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Name saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Vera Rubin');

  // Devices: registering, the other browser and this one. Sign out one, then everywhere else.
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(3);
  await expect(devices.getByText('This device', { exact: true })).toHaveCount(1);
  await devices
    .getByRole('button', { name: /^Sign out / })
    .first()
    .click();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  await other.goto('/#/settings');
  await expect(other).toHaveURL(/#\/$/);
  expect(await other.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await otherContext.close();

  // Export: a JSON file with the account in it.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(exported.user).toMatchObject({ email, name: 'Vera Rubin' });

  // Password: the current one is required and checked.
  await page.getByRole('textbox', { name: 'Current password' }).fill('not my password');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('stars over the harbour');
  await page.getByRole('textbox', { name: 'Repeat new password' }).fill('stars over the harbour');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /password/i })).toBeVisible();
  await page.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();

  // Delete: a wrong password is refused inside the dialog; the right one removes the account.
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Password' }).fill('wrong one');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  // Said once, under the password field, which takes the focus.
  await expect(dialog.getByText('The password is not correct.')).toHaveCount(1);
  await expect(dialog.getByRole('textbox', { name: 'Password' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Password' }).fill('stars over the harbour');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  await logInThroughUi(page, email, 'stars over the harbour');
  await expect(page.getByRole('alert')).toContainText('The email address or password is not correct.');
});
