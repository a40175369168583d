import { expect, type Page } from '@playwright/test';
import { registerThroughUi, uniqueEmail } from './accounts.ts';
import { linkIn, waitForMail } from './mail.ts';

/** The local test checkout's card that always succeeds. */
const TEST_CARD = '4242 4242 4242 4242';

export interface BirthEntry {
  name: string;
  date: string;
  time: string;
  /** What is typed into the city box, and the suggestion to pick. */
  city: { typed: string; option: RegExp };
}

export const ADA_IN_OSLO: BirthEntry = {
  name: 'Ada',
  date: '1990-04-21',
  time: '14:30',
  city: { typed: 'Osl', option: /^Oslo\s*Oslo, Norway/ },
};

/** Fills the local test checkout's card form (already open) and submits it. */
export async function payOnCheckoutPage(page: Page, cardNumber = TEST_CARD) {
  await expect(page).toHaveURL(/\/pay\/checkout\//);
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /Start free trial|Pay / }).click();
}

/** From the plans page: the monthly plan's trial, paid with the test card; a first-time subscriber lands on the birth form. */
export async function startMonthlyTrial(page: Page) {
  await page.getByRole('radio', { name: /Monthly/ }).check();
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await payOnCheckoutPage(page);
  await expect(page.getByRole('heading', { name: 'Your free trial has started' })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/birth-form$/);
}

/** Types into a place box and picks the matching suggestion with the pointer. */
export async function choosePlace(page: Page, label: string, typed: string, option: RegExp) {
  await page.getByRole('combobox', { name: label }).fill(typed);
  const list = page.getByRole('listbox', { name: `${label} suggestions` });
  await list.getByRole('option', { name: option }).first().click();
  await expect(list).toBeHidden();
}

/** Fills the birth form (already open) and saves it, ending on the chart. */
export async function enterBirthData(page: Page, birth: BirthEntry) {
  const form = page.getByRole('form', { name: 'Birth data' });
  await form.getByLabel('Name', { exact: true }).fill(birth.name);
  await form.getByLabel('Date of birth').fill(birth.date);
  await form.getByLabel('Time of birth').fill(birth.time);
  await choosePlace(page, 'City of birth', birth.city.typed, birth.city.option);
  await form.getByRole('button', { name: 'Save and see my chart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your birth chart' })).toBeVisible();
}

/** A new person who registered, verified by the mailed link, started a trial and saved birth data. */
export async function newSubscriberWithBirthData(page: Page, label: string, birth: BirthEntry = ADA_IN_OSLO) {
  const email = uniqueEmail(label);
  await registerThroughUi(page, email);
  await page.goto(linkIn(await waitForMail(email, /confirm your email/i), 'verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.goto('/#/subscription');
  await startMonthlyTrial(page);
  await enterBirthData(page, birth);
  return email;
}
