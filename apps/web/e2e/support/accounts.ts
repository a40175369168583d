import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'moonlit harbour 42';

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Registers through the home page's form and waits for the "check your inbox" page. */
export async function registerThroughUi(
  page: Page,
  email: string,
  name = 'Ada Lovelace',
  password = PASSWORD,
) {
  await page.goto('/#/?auth=register');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/#\/verify-email-pending$/);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
}

export async function logInThroughUi(page: Page, email: string, password = PASSWORD) {
  await page.goto('/#/?auth=login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

export async function logOutThroughSettings(page: Page) {
  await page.goto('/#/settings');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/#\/$/);
}
