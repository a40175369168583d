import { expect, type Page, test } from '@playwright/test';
import { BIRTH_DATA_ADMINS } from '../playwright.config.ts';
import { registerThroughUi } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { SCREENS } from './support/screens.ts';

// A person with paid access (an admin address of the e2e server) enters birth data with the
// atlas autocomplete, sees the chart, changes the house system, answers a clock-change prompt,
// edits and deletes. Screenshots of phone and dark mode go to test-results/e2e/screens.

async function paidAndVerified(page: Page, email: string) {
  await registerThroughUi(page, email);
  const link = linkIn(await waitForMail(email, /confirm your email/i), 'verify-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
}

async function chooseCity(page: Page, typed: string, option: RegExp) {
  const city = page.getByRole('combobox', { name: 'City of birth' });
  await city.fill(typed);
  const list = page.getByRole('listbox', { name: 'City of birth suggestions' });
  await expect(list.getByRole('option', { name: option }).first()).toBeVisible();
  // Keyboard: move to the option and choose it with Enter.
  const options = list.getByRole('option');
  const count = await options.count();
  let index = 0;
  for (; index < count; index++) if (option.test((await options.nth(index).textContent()) ?? '')) break;
  // Nothing is highlighted until the first arrow key.
  for (let i = 0; i <= index; i++) await city.press('ArrowDown');
  await expect(options.nth(index)).toHaveAttribute('aria-selected', 'true');
  await city.press('Enter');
  await expect(list).toBeHidden();
}

async function cuspText(page: Page, house: number) {
  return page.getByTestId('houses-table').getByRole('row').nth(house).textContent();
}

test('enter birth data with the autocomplete, see the chart, change the house system', async ({ page }) => {
  // Eight axe scans and full-page screenshots at two sizes and two themes: minutes on two busy cores.
  test.setTimeout(150_000);
  const email = BIRTH_DATA_ADMINS[0]!;
  await paidAndVerified(page, email);
  await page.goto('/#/birth-form');
  const form = page.getByRole('form', { name: 'Birth data' });
  await expect(form).toBeVisible();

  // A new chart starts with the account's name; the person may change it.
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Ada Lovelace');
  await form.getByLabel('Name', { exact: true }).fill('Ada');
  await form.getByLabel('Date of birth').fill('1990-04-21');
  await form.getByLabel('Time of birth').fill('14:30');
  await chooseCity(page, 'Osl', /^Oslo\s*Oslo, Norway/);
  await expect(form.getByLabel('Country')).toHaveValue('Norway');
  await form.getByRole('button', { name: 'Save and see my chart' }).click();

  await expect(page.getByRole('heading', { name: 'Your birth chart' })).toBeVisible();
  const wheel = page.getByRole('img', { name: /Natal chart wheel\. Ascendant .*Sun 1°\d\d′ Taurus/ });
  await expect(wheel).toBeVisible();
  await expect(page.getByRole('table', { name: 'Planets and points' })).toContainText('Taurus');
  await expect(page.getByRole('table', { name: 'Houses (Placidus)' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Aspects' })).toBeVisible();
  await expect(page.getByRole('link', { name: "Today's cosmic landscape" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask about your chart' })).toBeVisible();

  // Saved under birth-data-storage, resolved to Oslo's zone.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('birth-data-storage') ?? 'null'));
  expect(stored.state.birthData).toMatchObject({
    name: 'Ada',
    city: 'Oslo',
    country: 'Norway',
    timeZone: 'Europe/Oslo',
  });

  // Labels never overlap on the wheel: glyph boxes of the bodies are disjoint.
  const boxes = await page
    .getByTestId('wheel-bodies')
    .locator('g[data-body] > text:nth-of-type(1)')
    .evaluateAll((nodes) =>
      nodes.map((node) => {
        const r = (node as SVGGraphicsElement).getBoundingClientRect();
        return { x: r.x, y: r.y, w: r.width, h: r.height };
      }),
    );
  expect(boxes.length).toBe(12);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const overlap =
        a.x < b.x + b.w - 1 && b.x < a.x + a.w - 1 && a.y < b.y + b.h - 1 && b.y < a.y + a.h - 1;
      expect(overlap, `bodies ${i} and ${j} overlap`).toBe(false);
    }
  }

  // The chart read in words under the tables; each row jumps to its entry.
  const reading = page.getByTestId('chart-reading');
  for (const section of [
    'The big three',
    "Your chart's emphasis",
    'Planets in signs and houses',
    'The tightest aspects',
    'Your chart ruler',
  ])
    await expect(reading.getByRole('heading', { name: section, exact: true })).toBeVisible();
  await expect(reading.getByRole('heading', { name: 'Sun in Taurus', exact: true })).toBeVisible();
  const urlBefore = page.url();
  await page
    .getByRole('table', { name: 'Planets and points' })
    .getByRole('button', { name: 'Venus: read about it' })
    .click();
  const venus = page.locator('#reading-placement-venus');
  await expect(venus).toBeFocused();
  await expect(venus).toBeInViewport();
  expect(page.url()).toBe(urlBefore);
  await expectNoSeriousViolations(page, 'chart, light');
  // The reading in the dark theme too, on a computer.
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expect(reading.getByRole('heading', { name: 'The big three' })).toBeVisible();
  await expectNoSeriousViolations(page, 'chart, dark');
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  const placidusSecond = await cuspText(page, 2);
  await page.screenshot({ path: `${SCREENS}/chart-desktop-light.png`, fullPage: true });
  await wheel.screenshot({ path: `${SCREENS}/wheel-light.png` });
  await page.getByLabel('House system').selectOption({ label: 'Whole Sign' });
  await expect(page.getByRole('table', { name: 'Houses (Whole Sign)' })).toBeVisible();
  const wholeSecond = await cuspText(page, 2);
  expect(wholeSecond).not.toBe(placidusSecond);
  expect(wholeSecond).toMatch(/0°00′/);
  // The choice is remembered for this person: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Houses (Whole Sign)' })).toBeVisible();
  await expect(page.getByLabel('House system')).toHaveValue('W');

  // Phone width, dark theme.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expect(wheel).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  // Every column of the planets table in view, the table within its own box (no sideways scroll).
  const bodiesBox = page.getByRole('region', { name: 'Planets and points' });
  expect(await bodiesBox.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
  const region = (await bodiesBox.boundingBox())!;
  const dignity = (await bodiesBox.getByRole('columnheader', { name: 'Dignity' }).boundingBox())!;
  expect(dignity.x + dignity.width).toBeLessThanOrEqual(region.x + region.width + 0.5);
  // "AC" and "MC" inside the wheel's picture with a margin.
  const picture = (await wheel.boundingBox())!;
  for (const label of ['AC', 'MC']) {
    const box = (await wheel.locator('css=text', { hasText: new RegExp(`^${label}$`) }).boundingBox())!;
    expect(box.x - picture.x, `${label} left`).toBeGreaterThanOrEqual(3);
    expect(picture.x + picture.width - (box.x + box.width), `${label} right`).toBeGreaterThanOrEqual(3);
    expect(box.y - picture.y, `${label} top`).toBeGreaterThanOrEqual(3);
  }
  await expect(reading.getByRole('heading', { name: 'The big three' })).toBeVisible();
  expect(await reading.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page, 'chart, phone, dark');
  await page.screenshot({ path: `${SCREENS}/chart-phone-dark.png`, fullPage: true });
  await reading.screenshot({ path: `${SCREENS}/chart-reading-phone-dark.png` });
  // And light on the phone.
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await expect(reading.getByRole('heading', { name: 'The big three' })).toBeVisible();
  await expectNoSeriousViolations(page, 'chart, phone, light');
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await wheel.screenshot({ path: `${SCREENS}/wheel-phone-dark.png` });
  await page
    .getByRole('table', { name: 'Planets and points' })
    .screenshot({ path: `${SCREENS}/bodies-phone-dark.png` });
  await page.getByTestId('aspect-grid').screenshot({ path: `${SCREENS}/aspects-phone-dark.png` });
});

test('a clock-change time is asked about; editing to an unknown time and deleting work', async ({ page }) => {
  const email = BIRTH_DATA_ADMINS[2]!;
  await paidAndVerified(page, email);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/#/birth-form');
  const form = page.getByRole('form', { name: 'Birth data' });
  await form.getByLabel('Name', { exact: true }).fill('Grace');
  await form.getByLabel('Date of birth').fill('2021-11-07');
  await form.getByLabel('Time of birth').fill('01:30');
  await chooseCity(page, 'New York', /^New York City\s*New York, United States/);
  await form.getByRole('button', { name: 'Save and see my chart' }).click();

  await expect(form.getByRole('group', { name: 'Which time do you mean?' })).toBeVisible();
  await expect(form.getByText(/happened twice in America\/New_York/)).toBeVisible();
  await expectNoSeriousViolations(page, 'form with the time prompt');
  await page.screenshot({ path: `${SCREENS}/form-time-prompt-phone.png`, fullPage: true });
  await form.getByRole('button', { name: /01:30 EST \(UTC−05:00\), the second time/ }).click();
  await expect(page.getByRole('heading', { name: 'Your birth chart' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('birth-data-storage') ?? 'null'));
  expect(stored.state.birthData).toMatchObject({ utc: '2021-11-07T06:30:00.000Z', resolution: 'later' });

  // Edit: the time becomes unknown; the chart leaves out houses and says why.
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Grace');
  await form.getByLabel("I don't know my birth time").check();
  await expect(form.getByLabel('Time of birth')).toBeDisabled();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/birth time is unknown/).first()).toBeVisible();
  await expect(page.getByTestId('houses-table')).toHaveCount(0);
  await expect(page.getByText('Time unknown')).toBeVisible();
  // The Moon moves 12 to 15° a day: without a time its position is marked approximate.
  await expect(page.getByTestId('key-facts')).toContainText(/Moon.*\(± up to \d+°\)/);
  await expect(page.getByTestId('moon-range')).toContainText("The Moon's position is approximate");
  const reading = page.getByTestId('chart-reading');
  await expect(reading).toContainText(
    'leaves out the Ascendant, the Midheaven, the houses and the chart ruler',
  );
  await expect(reading.getByRole('heading', { name: 'Your chart ruler' })).toHaveCount(0);
  await page.getByTestId('chart-wheel').screenshot({ path: `${SCREENS}/wheel-unknown-time.png` });

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete birth data' }).click();
  await expect(page.getByRole('form', { name: 'Birth data' })).toBeVisible();
  const after = await page.evaluate(() => JSON.parse(localStorage.getItem('birth-data-storage') ?? 'null'));
  expect(after.state.birthData).toBeNull();
});

test('a typed city with namesakes is asked about, and the chosen place is saved', async ({ page }) => {
  await paidAndVerified(page, BIRTH_DATA_ADMINS[1]!);
  await page.goto('/#/birth-form');
  const form = page.getByRole('form', { name: 'Birth data' });
  await form.getByLabel('Name', { exact: true }).fill('Abe');
  await form.getByLabel('Date of birth').fill('1960-02-12');
  await form.getByLabel('Time of birth').fill('08:15');
  // Typed, not chosen from the list: the server looks the name up and finds several.
  const city = page.getByRole('combobox', { name: 'City of birth' });
  await city.fill('Springfield');
  await city.press('Escape');
  await form.getByLabel('Country').fill('United States');
  await form.getByRole('button', { name: 'Save and see my chart' }).click();

  const prompt = form.getByRole('group', { name: 'Which place do you mean?' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText(/places called Springfield/)).toBeVisible();
  await prompt.getByRole('button', { name: 'Springfield, Illinois, United States' }).click();
  await expect(page.getByRole('heading', { name: 'Your birth chart' })).toBeVisible();
  await expect(page.getByText('Springfield, Illinois, United States')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('birth-data-storage') ?? 'null'));
  expect(stored.state.birthData).toMatchObject({
    city: 'Springfield',
    region: 'Illinois',
    timeZone: 'America/Chicago',
  });
});

test('a birth before standard time: local mean time of the birthplace, a stated offset, the change from it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await paidAndVerified(page, BIRTH_DATA_ADMINS[3]!);
  await page.goto('/#/birth-form');
  const form = page.getByRole('form', { name: 'Birth data' });
  await form.getByLabel('Name', { exact: true }).fill('Edvard');
  await form.getByLabel('Date of birth').fill('1880-05-17');
  await form.getByLabel('Time of birth').fill('12:00');
  await chooseCity(page, 'Bergen', /^Bergen\s*Vestland, Norway/);
  await form.getByRole('button', { name: 'Save and see my chart' }).click();
  await expect(page.getByRole('heading', { name: 'Your birth chart' })).toBeVisible();
  await expect(page.getByText('12:00 local mean time of Bergen (UTC+00:21:18)')).toBeVisible();

  // The record names a clock: a stated offset, typed wrongly first.
  await page.getByRole('button', { name: 'Edit' }).click();
  const clock = form.getByText('Clock used (advanced)');
  await clock.click();
  const offset = form.getByLabel('Stated UTC offset');
  await offset.fill('1:00');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Please enter the offset like +01:00 or −04:56:02.')).toBeVisible();
  await expect(offset).toHaveAttribute('aria-invalid', 'true');
  await expect(offset).toBeFocused();
  await expectNoSeriousViolations(page, 'form with the clock disclosure');
  await offset.fill('+01:00');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('12:00 at the stated offset UTC+01:00')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('birth-data-storage') ?? 'null'));
  expect(stored.state.birthData).toMatchObject({
    utc: '1880-05-17T11:00:00.000Z',
    statedUtcOffsetSeconds: 3600,
    timeBasis: 'stated offset UTC+1:00',
  });

  // Back to the birthplace's clock, on the evening Bergen's clocks jumped to CET: asked which.
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(offset).toHaveValue('+01:00');
  await offset.fill('');
  await form.getByLabel('Date of birth').fill('1894-12-31');
  await form.getByLabel('Time of birth').fill('23:50');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('group', { name: 'Which time do you mean?' })).toBeVisible();
  await expect(
    form.getByText(/did not exist in Bergen because the clocks went forward from local mean time to CET/),
  ).toBeVisible();
  await form
    .getByRole('button', {
      name: /23:11:18 local mean time \(UTC\+00:21:18\), the clock time before the change/,
    })
    .click();
  // Shown as the clock really read then, never as the 23:50 that did not exist.
  await expect(page.getByText('23:11:18 local mean time of Bergen (UTC+00:21:18)')).toBeVisible();
  const chosen = await page.evaluate(() => JSON.parse(localStorage.getItem('birth-data-storage') ?? 'null'));
  expect(chosen.state.birthData).toMatchObject({
    utc: '1894-12-31T22:50:00.000Z',
    resolution: 'earlier',
    statedUtcOffsetSeconds: null,
  });
});
