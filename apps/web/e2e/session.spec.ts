import { expect, test } from '@playwright/test';
import { logInThroughUi, PASSWORD, uniqueEmail } from './support/accounts.ts';

test('logging out in one tab signs out the other open tabs', async ({ context, page, request }) => {
  const email = uniqueEmail('tabs');
  expect(
    (
      await request.post('/api/auth/register', { data: { email, name: 'Tess', password: PASSWORD } })
    ).status(),
  ).toBe(201);
  await logInThroughUi(page, email);
  await expect(page).toHaveURL(/#\/verify-email-pending$/);

  const second = await context.newPage();
  await second.goto('/#/settings');
  await expect(second.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.goto('/#/settings');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/#\/$/);

  // The other tab hears the news and its guard sends it home.
  await expect(second).toHaveURL(/#\/$/);
  await expect(second.getByRole('tab', { name: 'Create account' })).toBeVisible();
});

test('after 2 seconds the likely next pages are fetched in the background', async ({ page, request }) => {
  const chunks: string[] = [];
  page.on('request', (req) => {
    // Chunks are `<name>-<8-character hash>.js`; a hash may itself hold a "-" ("settings-page-m-dDbzhG").
    const name = /\/assets\/([a-z-]+?)-[\w-]{8}\.js$/.exec(new URL(req.url()).pathname)?.[1];
    if (name) chunks.push(name);
  });
  await page.goto('/#/');
  await expect(page.getByRole('tab', { name: 'Create account' })).toBeVisible();
  await expect.poll(() => chunks.includes('subscription-page'), { timeout: 6000 }).toBe(true);
  expect(chunks).not.toContain('chat-page');
  expect(chunks).not.toContain('settings-page');

  // With a stored token, chat and settings are warmed up too.
  const email = uniqueEmail('preload');
  const created = await request.post('/api/auth/register', {
    data: { email, name: 'Pia', password: PASSWORD },
  });
  const { token } = (await created.json()) as { token: string };
  await page.evaluate((value) => localStorage.setItem('authToken', value), token);
  chunks.length = 0;
  await page.reload();
  await expect
    .poll(() => ['chat-page', 'settings-page'].every((name) => chunks.includes(name)), { timeout: 6000 })
    .toBe(true);
});
