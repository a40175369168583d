import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from './support/axe.ts';
import { choosePlace, newSubscriberWithBirthData } from './support/subscriber.ts';

// A new subscriber pays with the local test checkout, saves birth data born in Pago Pago
// (UTC−11), reads today's landscape, regenerates until the allowance is spent, moves their
// current location to Kiritimati (UTC+14, always a later date) so the history holds two days,
// opens the earlier one, and follows "Ask about this" to the chat. Screens go to
// test-results/e2e/screens.

const SCREENS = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  '../../../test-results/e2e/screens',
);

async function screens(page: Page, name: string) {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole('img', { name: /Outer ring, today's sky/ })).toBeVisible();
      await expectNoSidewaysScroll(page, `${name} at ${width} px, ${theme}`);
      await expectNoSeriousViolations(page, `${name} at ${width} px, ${theme}`);
      await page.screenshot({ path: path.join(SCREENS, `${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

test('read today, regenerate until the allowance is spent, open an earlier day, ask about a transit', async ({
  page,
}) => {
  // The walk checks four screens with axe (two widths, two themes): time for a busy machine.
  test.setTimeout(240_000);
  await newSubscriberWithBirthData(page, 'landscape', {
    name: 'Ada',
    date: '1990-04-21',
    time: '14:30',
    city: { typed: 'Pago Pago', option: /^Pago Pago/ },
  });
  await page.goto('/#/cosmic-landscape');

  const headline = page.locator('#landscape-headline');
  // The first visit composes the day on the server.
  await expect(headline).not.toBeEmpty({ timeout: 30_000 });
  await expect(page.getByText(/Pago Pago/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The Moon today' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Transits today' })).toBeVisible();
  const transits = page.locator('section[aria-labelledby="transits"] ol > li');
  expect(await transits.count()).toBeGreaterThan(0);
  await expect(transits.first().getByText(/^In orb from .*exact .*leaves orb/)).toBeVisible();
  await expect(
    page.getByRole('img', { name: /Natal chart wheel\..*Outer ring, today's sky: Sun / }),
  ).toBeVisible();
  await screens(page, 'cosmic-landscape');

  // Three regenerations on the monthly plan, then the button says why it is off.
  const quota = page.getByTestId('quota');
  await expect(quota).toHaveText('3 of 3 left today');
  const regenerate = page.getByRole('button', { name: 'Regenerate' });
  for (const left of [2, 1, 0]) {
    await regenerate.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'A new reading of today is ready.' }),
    ).toBeVisible();
    await expect(quota).toHaveText(`${left} of 3 left today`);
  }
  await expect(regenerate).toBeDisabled();
  await expect(page.getByText(/You have used today's regenerations/)).toBeVisible();

  // The day follows the current location: Kiritimati is already a later date.
  const firstDay = await page.locator('section[aria-labelledby="history-heading"] li').first().textContent();
  const firstHeadline = await headline.textContent();
  await choosePlace(page, 'Current location', 'Tabwakea', /^Tabwakea Village/);
  await expect(page.getByText(/Your day follows Tabwakea Village/)).toBeVisible();
  const days = page.locator('section[aria-labelledby="history-heading"] li');
  await expect(days).toHaveCount(2);
  await expect(page.getByText(/Pacific\/Kiritimati|Kiritimati/).first()).toBeVisible();

  // Open the earlier day from the history, then come back.
  await days.nth(1).getByRole('button').click();
  await expect(days.nth(1).getByRole('button')).toHaveAttribute('aria-current', 'true');
  await expect(headline).toHaveText(firstHeadline ?? '');
  await expect(headline).toBeFocused();
  await expect(page.getByRole('heading', { name: 'The Moon that day' })).toBeVisible();
  expect(firstDay).toContain('Today');
  await page.getByRole('button', { name: '← Back to today' }).click();
  await expect(page.getByRole('heading', { name: 'The Moon today' })).toBeVisible();

  // "Ask about this" carries the transit's starter to the chat.
  const ask = page.getByRole('link', { name: /^Ask about this/ }).first();
  const href = await ask.getAttribute('href');
  expect(href).toMatch(/#\/chat\?prompt=.+/);
  await ask.click();
  await expect(page).toHaveURL(/#\/chat\?prompt=/);
  const prompt = new URL(page.url().replace('#/', '')).searchParams.get('prompt');
  expect(prompt?.length).toBeGreaterThan(10);
  await expect(page.getByRole('heading', { name: 'Chat', level: 1 })).toBeVisible();
});
