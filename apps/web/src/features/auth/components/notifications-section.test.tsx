import type { NotificationSettings, PushDeviceList } from '@app/contracts/notifications.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../../lib/toast-store.ts';
import { installFakeServer, ok, refused } from '../../../testing/fake-server.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { base64UrlToBytes, PUSH_SETUP_MESSAGES } from '../lib/browser-push.ts';
import { describeDevice } from './describe-device.ts';
import { NotificationsSection } from './notifications-section.tsx';

const SETTINGS: NotificationSettings = {
  push: false,
  email: 'off',
  hour: 8,
  quietDays: [],
  zone: null,
  zoneInUse: 'Europe/Oslo',
};
const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example.com/send/abc',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};
const ONE_DEVICE: PushDeviceList = {
  devices: [
    { id: 'd1', deviceName: 'Chrome on Linux', createdAt: '2026-11-20T10:00:00Z', lastDeliveryAt: null },
  ],
  limit: 10,
};
const NO_DEVICES: PushDeviceList = { devices: [], limit: 10 };

// The browser's far edge: a service worker registration whose push manager hands out one
// subscription, and the Notification permission, as Chromium has them.
interface FakeBrowser {
  permission: NotificationPermission;
  answer: NotificationPermission;
  subscription: (PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> }) | null;
  requestPermission: ReturnType<typeof vi.fn>;
  subscribe: ReturnType<typeof vi.fn>;
}

function fakeSubscription(key: ArrayBuffer | null): FakeBrowser['subscription'] {
  const subscription = {
    endpoint: SUBSCRIPTION_JSON.endpoint,
    options: { applicationServerKey: key, userVisibleOnly: true },
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(async () => {
      browser.subscription = null;
      return true;
    }),
  };
  return subscription as unknown as FakeBrowser['subscription'];
}

let browser: FakeBrowser;

function installBrowser() {
  browser = {
    permission: 'default',
    answer: 'granted',
    subscription: null,
    requestPermission: vi.fn(async () => {
      browser.permission = browser.answer;
      return browser.answer;
    }),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      browser.subscription = fakeSubscription((options.applicationServerKey as Uint8Array).slice().buffer);
      return browser.subscription;
    }),
  };
  const registration = {
    pushManager: { getSubscription: async () => browser.subscription, subscribe: browser.subscribe },
  };
  const serviceWorker = {
    ready: Promise.resolve(registration),
    getRegistration: async () => registration,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: browser.requestPermission,
  });
}

const server = installFakeServer();
const asked = () => server.sent.map((request) => `${request.method} ${request.url}`);
const savedSettings = () =>
  server.sent.filter((request) => request.method === 'PUT').map((request) => request.body);
const toastTitles = () => useToasts.getState().toasts.map((toast) => toast.title);
const theSwitch = () => screen.getByRole('switch', { name: 'Daily note on this device' });

function answerSettings(settings: NotificationSettings, devices = NO_DEVICES) {
  server.answers['GET /api/notifications/settings'] = ok({ success: true, data: settings });
  server.answers['GET /api/notifications/push-subscriptions'] = ok({ success: true, data: devices });
  server.answers['GET /api/notifications/vapid-public-key'] = ok({
    success: true,
    data: { publicKey: PUBLIC_KEY },
  });
  server.answers['PUT /api/notifications/settings'] = (request) =>
    ok({ success: true, data: { ...(request.body as object), zoneInUse: settings.zoneInUse } });
}

async function show(settings: NotificationSettings = SETTINGS, devices = NO_DEVICES) {
  answerSettings(settings, devices);
  renderWithProviders(<NotificationsSection />);
  // The first render of a test run compiles the section, which can take seconds on two busy cores.
  await waitFor(() => expect(theSwitch().hasAttribute('disabled')).toBe(false), { timeout: 5000 });
}

describe('Settings → Notifications', () => {
  beforeEach(installBrowser);
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    useToasts.getState().clearToasts();
  });

  it('explains why before the browser asks, and asks only after that click', async () => {
    await show();
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
    await userEvent.click(theSwitch());
    expect(screen.getByText(/nothing else about your chart leaves our server/)).toBeTruthy();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByText(/nothing else about your chart/)).toBeNull();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('subscribes through the service worker and posts the subscription with the device name', async () => {
    server.answers['POST /api/notifications/push-subscriptions'] = ok(
      { success: true, data: { id: 'd1' } },
      201,
    );
    await show();
    await userEvent.click(theSwitch());
    await userEvent.click(screen.getByRole('button', { name: 'Allow notifications' }));

    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('true'));
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const options = browser.subscribe.mock.calls[0]?.[0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...base64UrlToBytes(PUBLIC_KEY)]);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(
      server.sent
        .filter((r) => r.method === 'POST' && r.url === '/api/notifications/push-subscriptions')
        .map((r) => r.body),
    ).toEqual([{ ...SUBSCRIPTION_JSON, deviceName: describeDevice(navigator.userAgent) }]);
    expect(savedSettings()).toEqual([{ push: true, email: 'off', hour: 8, quietDays: [], zone: null }]);
    expect(toastTitles()).toContain('Daily note on');
  });

  it('says how to allow notifications again when the browser blocks them', async () => {
    browser.answer = 'denied';
    await show();
    await userEvent.click(theSwitch());
    await userEvent.click(screen.getByRole('button', { name: 'Allow notifications' }));
    expect((await screen.findByRole('alert')).textContent).toContain(PUSH_SETUP_MESSAGES.denied);
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(asked()).not.toContain('POST /api/notifications/push-subscriptions');
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
  });

  it('shows the server’s refusal with the way to a plan, and keeps no subscription', async () => {
    server.answers['POST /api/notifications/push-subscriptions'] = refused(
      403,
      'PLAN_UPGRADE_REQUIRED',
      'Your plan does not include the daily note and digest.',
    );
    await show();
    await userEvent.click(theSwitch());
    await userEvent.click(screen.getByRole('button', { name: 'Allow notifications' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your plan does not include the daily note and digest.');
    expect(
      within(alert).getByRole('link', { name: 'Go to the Subscription page' }).getAttribute('href'),
    ).toBe('/subscription');
    expect(browser.subscription).toBeNull();
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
  });

  it('turning off removes this device, ends the subscription and turns push off when none is left', async () => {
    browser.permission = 'granted';
    browser.subscription = fakeSubscription(base64UrlToBytes(PUBLIC_KEY).buffer);
    const subscription = browser.subscription;
    server.answers['DELETE /api/notifications/push-subscriptions'] = ok({
      success: true,
      message: 'Gone.',
    });
    await show({ ...SETTINGS, push: true }, ONE_DEVICE);
    expect(theSwitch().getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByText('Chrome on Linux')).toBeTruthy();

    server.answers['GET /api/notifications/push-subscriptions'] = ok({ success: true, data: NO_DEVICES });
    await userEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('false'));
    await waitFor(() => expect(asked()).toContain('PUT /api/notifications/settings'));
    // By this browser's endpoint: it works without a plan, and adds nothing first.
    const removals = server.sent.filter(
      (request) => request.method === 'DELETE' || request.method === 'POST',
    );
    expect(removals.map((request) => [request.method, request.url, request.body])).toEqual([
      ['DELETE', '/api/notifications/push-subscriptions', { endpoint: subscription?.endpoint }],
    ]);
    expect(subscription?.unsubscribe).toHaveBeenCalledOnce();
    expect(savedSettings()).toEqual([{ push: false, email: 'off', hour: 8, quietDays: [], zone: null }]);
    expect(await screen.findByText(/None yet/)).toBeTruthy();
  });

  it('saves a change at once with the whole object, and puts it back when saving fails', async () => {
    await show();
    await userEvent.click(screen.getByRole('radio', { name: /Weekly/ }));
    await waitFor(() =>
      expect(savedSettings()).toEqual([{ push: false, email: 'weekly', hour: 8, quietDays: [], zone: null }]),
    );
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('radio', { name: /Weekly/ }).checked).toBe(true),
    );

    server.answers['PUT /api/notifications/settings'] = refused(
      500,
      'INTERNAL_ERROR',
      'Something went wrong.',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Hour' }), '6');
    await waitFor(() => expect(toastTitles()).toContain('Could not save that change'));
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Hour' }).value).toBe('8');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Weekly/ }).checked).toBe(true);

    server.answers['PUT /api/notifications/settings'] = (request) =>
      ok({ success: true, data: { ...(request.body as object), zoneInUse: 'Europe/Oslo' } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await waitFor(() => expect(savedSettings().at(-1)).toMatchObject({ quietDays: [0], hour: 8 }));
  });

  it('the test button says how many devices got the note, and what to do when there is none', async () => {
    await show(SETTINGS, ONE_DEVICE);
    server.answers['POST /api/notifications/test'] = ok({
      success: true,
      data: { devices: 1, delivered: 1 },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send a test notification' }));
    await waitFor(() => expect(toastTitles()).toContain('Test note sent'));
    expect(useToasts.getState().toasts.at(-1)?.description).toBe('Sent to 1 device.');

    const none = 'Turn on notifications on this device first: there is no device to send a test to.';
    server.answers['POST /api/notifications/test'] = refused(409, 'CONFLICT', none);
    await userEvent.click(screen.getByRole('button', { name: 'Send a test notification' }));
    await waitFor(() => expect(useToasts.getState().toasts.at(-1)?.description).toBe(none));
  });

  it('on an iPhone outside the installed app, says to add it to the home screen first', async () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Safari/604.1',
      language: 'en-US',
    });
    answerSettings(SETTINGS);
    renderWithProviders(<NotificationsSection />);
    expect(await screen.findByText(/tap Share, then Add to Home Screen/)).toBeTruthy();
    expect(theSwitch().hasAttribute('disabled')).toBe(true);
  });
});
