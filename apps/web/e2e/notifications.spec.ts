import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { NOTIFICATIONS_EMAIL, PUSH_CONTROL_URL } from '../playwright.config.ts';
import { registerThroughUi } from './support/accounts.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { checkScreens } from './support/screens.ts';

// A person with paid access (an admin address of the e2e server) turns on the daily note in
// Settings → Notifications, the server sends the test note, and the service worker of the built
// app shows a pushed note.
//
// Chromium's real push endpoint is replaced: headless Chromium subscribes at Google's push
// service, which cannot be reached here. The page's PushManager.subscribe is swapped (an init
// script) for one that makes the subscription at the local push service of the tests
// (playwright.push-service.ts), with the server key the app passes; that service checks the
// server's VAPID signature and decrypts the payload with the subscription's keys, as the real
// one's receiving side would. The service worker's push handler is then driven with a push event
// dispatched inside the worker, since the local service cannot deliver into Chromium.

interface ReceivedPush {
  subscriptionId: string;
  payload: Record<string, unknown>;
}

/** The subscription the local push service made for this page, once the app has asked. */
let endpoint: string | null = null;

async function useLocalPushService(page: Page, context: BrowserContext) {
  await context.grantPermissions(['notifications']);
  await page.exposeFunction('subscribeAtLocalPushService', async (applicationServerKey: string) => {
    const response = await fetch(`${PUSH_CONTROL_URL}/subscriptions`, {
      method: 'POST',
      body: JSON.stringify({ applicationServerKey }),
    });
    const subscription = (await response.json()) as { endpoint: string };
    endpoint = subscription.endpoint;
    return subscription;
  });
  await page.addInitScript(() => {
    type LocalSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };
    const subscribeAt = (
      window as unknown as { subscribeAtLocalPushService(key: string): Promise<LocalSubscription> }
    ).subscribeAtLocalPushService;
    const base64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    let current: object | null = null;
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const given = options?.applicationServerKey;
      const key = new Uint8Array(given instanceof ArrayBuffer ? given : (given as Uint8Array));
      const made = await subscribeAt(base64url(key));
      current = {
        endpoint: made.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key.slice().buffer },
        toJSON: () => ({ endpoint: made.endpoint, expirationTime: null, keys: made.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  });
}

async function pushesReceived(): Promise<ReceivedPush[]> {
  const response = await fetch(`${PUSH_CONTROL_URL}/received`);
  const { received, refused } = (await response.json()) as { received: ReceivedPush[]; refused: unknown[] };
  expect(refused, 'messages the local push service refused').toEqual([]);
  const id = endpoint?.slice(endpoint.lastIndexOf('/') + 1);
  return received.filter((push) => push.subscriptionId === id);
}

test('turn on the daily note, receive the test note, and the service worker shows a pushed note', async ({
  page,
  context,
}) => {
  // Sign-up, the build's service worker, four axe scans on two busy cores.
  test.setTimeout(120_000);
  await useLocalPushService(page, context);
  await registerThroughUi(page, NOTIFICATIONS_EMAIL);
  await page.goto(linkIn(await waitForMail(NOTIFICATIONS_EMAIL, /confirm your email/i), 'verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  await page.goto('/#/settings');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  const section = page.getByRole('region', { name: 'Notifications' });
  const toggle = section.getByRole('switch', { name: 'Daily note on this device' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(section.getByText(/None yet/)).toBeVisible();

  // The permission is granted already, so the browser asks nothing and the note is on at once.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  const devices = section.getByRole('list', { name: 'Devices that get notes' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  // Named from the user agent (Playwright's desktop Chrome says Windows).
  await expect(devices).toContainText(/Chrome on \w+/);
  await expect(devices).toContainText('No note yet');
  expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/push\//);

  await section.getByRole('button', { name: 'Send a test notification' }).click();
  await expect(page.getByText('Sent to 1 device.')).toBeVisible();
  await expect.poll(async () => (await pushesReceived()).length).toBe(1);
  const [testNote] = await pushesReceived();
  expect(testNote?.payload).toMatchObject({
    kind: 'test',
    title: 'Notifications are on',
    url: '/#/cosmic-landscape',
  });
  await expect(devices).toContainText('Last note');

  // The worker's push handler: the test note's payload, then a push it cannot read.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const shown = await worker.evaluate(async (payload) => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      PushEvent: new (type: string, init?: { data?: string }) => Event;
    };
    const notes = async (tag: string) => {
      for (let tries = 0; tries < 50; tries++) {
        const found = await scope.registration.getNotifications({ tag });
        if (found.length > 0)
          return found.map((note) => ({
            title: note.title,
            body: note.body,
            icon: note.icon,
            data: note.data,
          }));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return [];
    };
    // A synthetic event's waitUntil may throw; the note is shown all the same.
    const dispatch = (init?: { data?: string }) => {
      try {
        scope.dispatchEvent(new scope.PushEvent('push', init));
      } catch {}
    };
    dispatch({ data: JSON.stringify(payload) });
    const test = await notes(String(payload.tag));
    dispatch();
    const unreadable = await notes('daily-note');
    return { test, unreadable };
  }, testNote?.payload ?? {});
  expect(shown.test).toEqual([
    {
      title: 'Notifications are on',
      body: 'This is how your daily note will arrive.',
      icon: expect.stringMatching(/\/icons\/icon-192\.png$/),
      data: { url: '/#/cosmic-landscape' },
    },
  ]);
  expect(shown.unreadable).toEqual([
    expect.objectContaining({ title: 'Your day is ready', data: { url: '/#/cosmic-landscape' } }),
  ]);

  await checkScreens(page, 'notifications', () => expect(toggle).toBeVisible());

  // Off on this device: removed from the server, and with no device left, push is off.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(section.getByText(/None yet/)).toBeVisible();
});
