import { expect, test } from '@playwright/test';
import { checkScreens } from './support/screens.ts';
import { choosePlace, newSubscriberWithBirthData } from './support/subscriber.ts';

// A subscriber with birth data opens People from the account menu, adds a partner with the birth
// form and the atlas, compares charts (bi-wheel, grid of contacts, houses overlay, composite and
// reading, at phone and desktop widths, light and dark), then asks the chat about them by name,
// and removes them. Screens go to test-results/e2e/screens.

test('add a person, compare charts, ask the chat about them, remove them', async ({ page }) => {
  // Sign-up, checkout, two forms, eight axe scans and a chat answer on two busy cores.
  test.setTimeout(240_000);
  await newSubscriberWithBirthData(page, 'people');

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'People' }).click();
  await expect(page.getByRole('heading', { name: 'People in your life' })).toBeVisible();
  await expect(page.getByText(/Add only people who agree to it/)).toBeVisible();
  await expect(page.getByText('No one added yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add a person' }).click();
  const form = page.getByRole('form', { name: 'Birth data of someone in your life' });
  await form.getByLabel('Name', { exact: true }).fill('Grace');
  await form.getByLabel(/Relation/).fill('partner');
  await form.getByLabel('Date of birth').fill('1985-12-09');
  await form.getByLabel('Time of birth').fill('07:15');
  await choosePlace(page, 'City of birth', 'Berg', /^Bergen/);
  await form.getByRole('button', { name: 'Add this person' }).click();
  const list = page.getByRole('list', { name: 'Your people' });
  await expect(page.getByText('1 of 20 people')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Grace');
  await expect(list.getByRole('listitem')).toContainText('Bergen, Norway');
  await checkScreens(page, 'people');

  await list.getByRole('link', { name: 'Compare charts' }).click();
  await expect(page.getByRole('heading', { name: 'You and Grace', exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /Outer ring, Grace’s planets/ })).toBeVisible();
  const grid = page.getByRole('table', { name: /Aspects between your points and Grace’s/ });
  await expect(grid.getByText(/^(Conjunction|Sextile|Square|Trine|Opposition) to /).first()).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Houses overlay' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Composite positions' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Composite chart wheel\. Ascendant / })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Between your charts' }).first()).toBeVisible();
  await checkScreens(page, 'comparison');

  // The chat answers about Grace by name, from the same contacts the grid shows.
  await page.goto('/#/chat');
  const messages = page.getByRole('list', { name: 'Messages' });
  const box = page.getByLabel('Your question');
  await box.fill('How compatible am I with Grace?');
  await box.press('Enter');
  const reply = messages.locator(':scope > li').nth(1);
  await expect(reply).toBeVisible();
  await expect(messages).toHaveAttribute('aria-busy', 'false');
  await expect(reply).toContainText(/Your [A-Z][A-Za-z ]+ (meets|sextiles|squares|trines|opposes) Grace’s/);

  await page.goto('/#/people');
  await page.getByRole('button', { name: 'Remove Grace' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No one added yet')).toBeVisible();
});
