import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { STORAGE_KEYS, UPDATE_CHECK_INTERVAL_MS } from '@app/contracts/constants.ts';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { OFFLINE_CHART_EMAIL } from '../playwright.config.ts';
import { ACCOUNT_DATA_CACHE } from '../src/lib/offline-account-data.ts';
import { logOutThroughSettings, registerThroughUi } from './support/accounts.ts';
import { linkIn, waitForMail } from './support/mail.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const BIRTH = {
  name: 'Ada',
  date: '1990-04-21',
  time: '14:30',
  city: 'London',
  country: 'United Kingdom',
  latitude: 51.5074,
  longitude: -0.1278,
  timeZone: 'Europe/London',
};

async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}

/** A synthetic install offer, as Chromium fires it; records whether the page asked to install. */
/**
 * Fires the browser's install offer until the app takes it (its listener calls preventDefault):
 * a served page shows its heading before the app has mounted and started listening.
 */
async function offerInstall(page: Page) {
  await page.waitForFunction(
    () => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: async () => {
          (window as unknown as { installPrompted: boolean }).installPrompted = true;
        },
        userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
      });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    },
    undefined,
    { polling: 100 },
  );
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe('installable app', () => {
  test('the manifest names the app, its colours and icons that exist in the stated sizes', async ({
    page,
    request,
  }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({ name: 'Astro Guidance', display: 'standalone', start_url: '/' });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    for (const size of [192, 512]) {
      for (const purpose of ['any', 'maskable']) {
        const icon = manifest.icons.find(
          (item) => item.sizes === `${size}x${size}` && item.purpose === purpose,
        );
        expect(icon, `${purpose} ${size}`).toBeTruthy();
        const image = await request.get(icon?.src ?? '');
        expect(image.headers()['content-type']).toBe('image/png');
        expect(pngSize(await image.body())).toEqual({ width: size, height: size });
      }
    }

    await page.goto('/');
    const themes = await page
      .locator('meta[name="theme-color"]')
      .evaluateAll((metas) =>
        metas.map((meta) => [meta.getAttribute('media'), meta.getAttribute('content')]),
      );
    expect(themes).toEqual([
      ['(prefers-color-scheme: light)', '#f5f4fb'],
      ['(prefers-color-scheme: dark)', '#070a1d'],
    ]);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    // The app's files travel compressed (the build writes Brotli copies).
    const script = await page.locator('script[type="module"]').getAttribute('src');
    const compressed = await request.get(script ?? '', { headers: { 'Accept-Encoding': 'br' } });
    expect(compressed.headers()['content-encoding']).toBe('br');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Astro Guidance/);
  });

  test('the install card offers Install and Later; Later hides it for a week', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const card = page.getByRole('region', { name: 'Install Astro Guidance' });
    await expect(card).toHaveCount(0);

    await offerInstall(page);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Later' }).click();
    await expect(card).toHaveCount(0);
    const later = await page.evaluate(
      (key) => localStorage.getItem(key),
      STORAGE_KEYS.installCardDismissedAt,
    );
    expect(Math.abs(Date.now() - Date.parse(later ?? ''))).toBeLessThan(60_000);

    // Offered again the same week: still hidden.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await offerInstall(page);
    await page.waitForTimeout(300);
    await expect(card).toHaveCount(0);

    // Eight days later it comes back, and Install asks the browser to install.
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      STORAGE_KEYS.installCardDismissedAt,
      new Date(Date.now() - 8 * DAY_MS).toISOString(),
    ] as const);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await offerInstall(page);
    await card.getByRole('button', { name: 'Install' }).click();
    await expect(card).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as unknown as { installPrompted?: boolean }).installPrompted),
    ).toBe(true);
  });

  test('without a network, a page load opens the app from its cache, public pages included', async ({
    page,
    context,
  }) => {
    await page.goto('/#/updates');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Updates', level: 1 })).toBeVisible();
    expect(page.url()).toMatch(/#\/updates$/);
    // The cookie policy, which promises this, opens offline too.
    await page.goto('/#/cookie-policy');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Cookie policy', level: 1 })).toBeVisible();
    await expect(page.getByText('so it opens offline', { exact: false }).first()).toBeVisible();
    await context.setOffline(false);
  });

  test('offline, a signed-in person still sees their own chart; logging out deletes that copy', async ({
    page,
    context,
  }) => {
    // Sign-up, mail, chart: slow on a busy machine.
    test.setTimeout(180_000);
    const email = OFFLINE_CHART_EMAIL;
    await registerThroughUi(page, email);
    await page.goto(linkIn(await waitForMail(email, /confirm your email/i), 'verify-email'));
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
    const saved = await page.evaluate(async (body) => {
      const response = await fetch('/api/birth-data/save', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('authToken')}`,
        },
        body: JSON.stringify(body),
      });
      return response.status;
    }, BIRTH);
    expect(saved).toBeLessThan(300);
    await waitForServiceWorker(page);
    await page.goto('/#/birth-form');
    await page.reload();
    await expect(page.getByTestId('houses-table')).toBeVisible({ timeout: 45_000 });
    const houses = await page.getByTestId('houses-table').textContent();

    const fromWorker = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.fromServiceWorker() && url.pathname.startsWith('/api/')) fromWorker.add(url.pathname);
    });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your birth chart', level: 1 })).toBeVisible();
    await expect(page.getByTestId('houses-table')).toHaveText(houses ?? '');
    // Only the person's own data comes from the worker's copy.
    const own = ['/api/auth/profile', '/api/birth-data/get', '/api/chart/natal', '/api/subscription/status'];
    expect([...fromWorker].filter((path) => !own.includes(path))).toEqual([]);
    expect(fromWorker.has('/api/chart/natal')).toBe(true);

    // The devices list cannot load offline: it says so and offers a retry instead of spinning.
    await page.goto('/#/settings');
    await expect(
      page.getByText('You are offline. Your devices will show when you are back online.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByRole('list', { name: 'Signed-in devices' })).toBeVisible();
    const copies = () =>
      page.evaluate(async (name) => {
        if (!(await caches.has(name))) return 0;
        return (await (await caches.open(name)).keys()).length;
      }, ACCOUNT_DATA_CACHE);
    expect(await copies()).toBeGreaterThanOrEqual(3);
    await logOutThroughSettings(page);
    await expect.poll(copies).toBe(0);
  });

  test('for a guest the service worker answers no API call, online or offline', async ({ page, context }) => {
    const apiResponses: Array<{ url: string; fromServiceWorker: boolean }> = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) {
        apiResponses.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() });
      }
    });
    await page.goto('/#/partners');
    await waitForServiceWorker(page);
    await page.reload();
    await expect(page.getByText('Commission', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => fetch('/api/health').then((response) => response.status))).toBe(200);
    expect(apiResponses.length).toBeGreaterThan(1);
    expect(apiResponses.filter((response) => response.fromServiceWorker)).toEqual([]);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(10);
    expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);
    expect(cached).toContain('/index.html');

    await context.setOffline(true);
    const offline = await page.evaluate(() =>
      fetch('/api/partners/programme').then(
        (response) => `answered ${response.status}`,
        () => 'failed',
      ),
    );
    expect(offline).toBe('failed');
  });
});

/**
 * A new version of the app is a new service worker script. The test stands a small proxy in front
 * of the real server that serves everything unchanged, except that after "deploy" the worker script
 * gains a line, as a new build would change it.
 */
async function deployProxy(upstream: string) {
  let deployed = 0;
  const server = http.createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const isWorker = incoming.url === '/sw.js';
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === 'string' && name !== 'host' && !(isWorker && name.startsWith('if-'))) {
        headers.set(name, value);
      }
    }
    const answer = await fetch(`${upstream}${incoming.url}`, {
      method: incoming.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      redirect: 'manual',
    });
    let body = Buffer.from(await answer.arrayBuffer());
    if (isWorker && deployed > 0) body = Buffer.concat([body, Buffer.from(`\n// deploy ${deployed}\n`)]);
    const outHeaders: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) {
        outHeaders[name] = value;
      }
    });
    outgoing.writeHead(answer.status, outHeaders);
    outgoing.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    deploy: () => {
      deployed += 1;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a new version shows "Update available" at the 30-minute check; Update switches and reloads', async ({
  browser,
  baseURL,
}) => {
  const proxy = await deployProxy((baseURL ?? '').replace('localhost', '127.0.0.1'));
  let context: BrowserContext | undefined;
  try {
    context = await browser.newContext({ baseURL: proxy.url });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/');
    await waitForServiceWorker(page);
    // A later visit, controlled from the start, as people meet updates.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForFunction(() =>
      navigator.serviceWorker
        .getRegistration()
        .then((registration) => registration?.active?.state === 'activated'),
    );
    const banner = page.getByRole('region', { name: 'Update available' });

    proxy.deploy();
    await page.clock.runFor(UPDATE_CHECK_INTERVAL_MS - 60_000);
    await page.waitForTimeout(500);
    await expect(banner).toHaveCount(0);
    await page.clock.runFor(60_000);
    await expect(banner).toBeVisible();

    // Dismiss hides the banner; the new version keeps waiting.
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
    expect(
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting))),
    ).toBe(true);

    // The next visit offers it again; Update hands over to it and reloads the page.
    await page.reload();
    await expect(banner).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Update', exact: true }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect(
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting))),
    ).toBe(false);
  } finally {
    await context?.close();
    await proxy.close();
  }
});
