import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { registerThroughUi, uniqueEmail } from './support/accounts.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { payOnCheckoutPage } from './support/subscriber.ts';

// Subscriptions with the local test provider. These specs move the server clock, so they run
// against a server of their own (TEST_CLOCK_CONTROL=true) rather than the shared one; mail goes
// to the shared SMTP sink.

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 4310) + 7;
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 4325);
const origin = `http://localhost:${port}`;
const ADMIN = `subscription-admin-${Date.now()}@example.com`;
const DAY = 86_400_000;

let server: ChildProcess | undefined;
let dataDir = '';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: origin });

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'astro-e2e-subscription-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: origin,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      REGISTRATIONS_PER_IP_PER_HOUR: '10000',
      WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: ADMIN,
      PAYMENT_PROVIDER: 'local',
      TEST_CLOCK_CONTROL: 'true',
      BILLING_COUPONS: JSON.stringify([
        { code: 'STARS20', percentOff: 20, duration: 'repeating', durationPeriods: 2 },
      ]),
    },
  });
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function verifiedPerson(page: Page, email = uniqueEmail('subscriber')) {
  await registerThroughUi(page, email);
  await page.goto(
    linkIn(await waitForMail(email, /confirm your email/i), 'verify-email').replace(
      /^http:\/\/[^/]+/,
      origin,
    ),
  );
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  return email;
}

async function startTrial(page: Page, options: { coupon?: string; card?: string } = {}) {
  await page.goto('/#/subscription');
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  await page.getByRole('radio', { name: /Monthly/ }).check();
  if (options.coupon) {
    await page.getByLabel('Coupon code (optional)').fill(options.coupon);
    await expect(page.getByText(/20% off for 2 months/)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(new RegExp(`^${origin}/pay/checkout/`));
  if (options.coupon) await expect(page.getByText(/Coupon STARS20/)).toBeVisible();
  await payOnCheckoutPage(page, options.card);
}

const moveClock = (page: Page, days: number) =>
  page.request
    .post(`${origin}/api/test/clock`, { data: { advanceMs: days * DAY } })
    .then((r) => expect(r.status()).toBe(200));

test('choose a plan with a coupon, pay with the test card, reach the birth form', async ({ page }) => {
  await verifiedPerson(page);
  await page.goto('/#/subscription');
  // Prices are formatted for the currency; the yearly toggle shows the yearly plan.
  await page.getByRole('button', { name: 'Yearly', exact: true }).click();
  await expect(page.getByTestId('price-yearly')).toContainText('$143.88');
  await expect(page.getByText('7-day free trial').first()).toBeVisible();
  await page.getByRole('button', { name: 'Monthly', exact: true }).click();
  await expect(page.getByTestId('price-monthly')).toContainText('$14.99');
  await page.getByLabel('Coupon code (optional)').fill('nope');
  await expect(page.getByText('This coupon code does not exist.')).toBeVisible();
  await startTrial(page, { coupon: 'stars20' });
  await expect(page).toHaveURL(/#\/success\?session=/);
  // Nothing is charged yet: the page says the trial started and what the first payment will be.
  await expect(page.getByRole('heading', { name: 'Your free trial has started' })).toBeVisible();
  await expect(page.getByText(/The first payment, \$\d+\.\d\d, is taken on/)).toBeVisible();
  await expect(page).toHaveURL(/#\/birth-form$/, { timeout: 20_000 });
  await page.goto('/#/subscription');
  await expect(page.getByRole('heading', { name: 'Your subscription' })).toBeVisible();
  await expect(page.getByTestId('subscription-state')).toHaveText('Free trial');
  await expect(page.getByTestId('subscription-when')).toContainText('Your free trial ends on');
});

test('a declined card: an explanation, nothing charged, try again', async ({ page }) => {
  await verifiedPerson(page);
  await startTrial(page, { card: '4000 0000 0000 0002' });
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Please use a different card.');
  await page.getByRole('link', { name: 'Cancel and return' }).click();
  await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  await expect(page.getByText('Nothing was charged.')).toBeVisible();
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  await page.goto('/#/birth-form');
  await expect(page).toHaveURL(/#\/subscription$/);
});

test('cancel and reactivate; access ends with the period when the clock moves on', async ({ page }) => {
  await verifiedPerson(page);
  await startTrial(page);
  await expect(page).toHaveURL(/#\/birth-form$/, { timeout: 20_000 });
  await page.goto('/#/subscription');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByTestId('subscription-state')).toHaveText('Ends at period end');
  await expect(page.getByTestId('subscription-when')).toContainText('nothing will be charged');
  await page.getByRole('button', { name: 'Reactivate subscription' }).click();
  await expect(page.getByTestId('subscription-state')).toHaveText('Free trial');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByTestId('subscription-state')).toHaveText('Ends at period end');

  await moveClock(page, 8);
  await page.goto('/#/subscription');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  await expect(page.getByText('Your previous subscription has ended.')).toBeVisible();
  await page.goto('/#/birth-form');
  await expect(page).toHaveURL(/#\/subscription$/);
});

test('switch from monthly to yearly after the trial: the charge and the credit are shown first', async ({
  page,
}) => {
  await verifiedPerson(page);
  await startTrial(page);
  await expect(page).toHaveURL(/#\/birth-form$/, { timeout: 20_000 });
  await moveClock(page, 8);
  await page.goto('/#/subscription');
  await page.reload();
  await expect(page.getByTestId('subscription-state')).toHaveText('Active');
  await expect(page.getByTestId('subscription-next-payment')).toContainText('Next payment: $14.99 on');
  await page.getByRole('button', { name: 'Switch to Yearly' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Switch to Yearly now?' })).toBeVisible();
  await expect(dialog.getByTestId('plan-change-details')).toContainText(
    /for your first year of Yearly, less \$\d+\.\d\d for the unused part of your Monthly period/,
  );
  await dialog.getByRole('button', { name: /^Switch and pay \$\d+\.\d\d$/ }).click();
  await expect(page.getByRole('heading', { name: 'Yearly plan' })).toBeVisible();
  await expect(page.getByTestId('subscription-next-payment')).toContainText('Next payment: $143.88 on');
});

test('an admin has paid access without a subscription', async ({ page }) => {
  await verifiedPerson(page, ADMIN);
  await page.goto('/#/birth-form');
  await expect(page).toHaveURL(/#\/birth-form$/);
  await expect(page.getByRole('heading', { name: /Your birth (data|chart)/ })).toBeVisible();
});
