import { expect, test } from '@playwright/test';
import { checkScreens } from './support/screens.ts';
import { choosePlace, newSubscriberWithBirthData } from './support/subscriber.ts';

// A new subscriber pays with the local test checkout, saves birth data born in Pago Pago
// (UTC−11), reads today's landscape (the actions under the headline, the long sections folded),
// asks for other readings while the day has any that read differently (the library's second
// variants give one; then the button is not offered and the page says why), moves their
// current location to Kiritimati (UTC+14, always a later date) so the history holds two days,
// opens the earlier one, and follows "Ask about this" to the chat. Screens go to
// test-results/e2e/screens.

const NO_OTHER_READING = /There is no other reading of today's sky yet/;

test('read today, ask for other readings while there are any, open an earlier day, ask about a transit', async ({
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
  await expect(page.getByRole('list', { name: 'How to read the timing bars' })).toBeVisible();
  // On a phone the actions on the day are on the first screen, and the page is far shorter than
  // the 6,800 px it was with every section open.
  await page.setViewportSize({ width: 360, height: 900 });
  const historyButton = page.getByRole('button', { name: 'History', exact: true });
  expect((await historyButton.boundingBox())?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(900);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(5_000);
  await expect(
    page.getByRole('img', { name: /Natal chart wheel\..*Outer ring, today's sky: Sun / }),
  ).toBeVisible();
  await checkScreens(page, 'cosmic-landscape', () =>
    expect(page.getByRole('img', { name: /Outer ring, today's sky/ })).toBeVisible(),
  );

  // Three regenerations on the monthly plan, each only while the day has a reading unlike those
  // given; then the page says why there is no button, or why it is off.
  const regenerate = page.getByRole('button', { name: 'Regenerate' });
  const noOther = page.getByText(NO_OTHER_READING);
  await expect(regenerate.or(noOther)).toBeVisible();
  for (const left of [3, 2, 1]) {
    if (await noOther.isVisible()) break;
    await expect(page.getByTestId('quota')).toHaveText(`${left} of 3 left today`);
    // The day's status is asked again after each new reading: whether yet another one reads differently.
    const statusAgain = page.waitForResponse((r) => r.url().includes('/api/cosmic-landscape/status'));
    await regenerate.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'A new reading of today is ready.' }),
    ).toBeVisible();
    await statusAgain;
  }
  await expect(noOther.or(page.getByText(/You have used today's regenerations/))).toBeVisible();
  if (await noOther.isVisible()) await expect(regenerate).toHaveCount(0);

  // The day follows the current location: Kiritimati is already a later date.
  await historyButton.click();
  await expect(historyButton).toHaveAttribute('aria-expanded', 'true');
  const firstDay = await page.locator('section[aria-labelledby="history-heading"] li').first().textContent();
  const firstHeadline = await headline.textContent();
  await page.getByRole('button', { name: 'Current location', exact: true }).click();
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
