import type { PushSubscriptionInput } from '@app/contracts/notifications.ts';
import { describeDevice } from '../components/describe-device.ts';

// This browser's side of Web Push: whether it can get notes, its permission, and its
// subscription through the app's service worker (vite-plugin-pwa; the push handler is
// public/push-handler.js).

/** 'ready', or why this browser cannot get notes: iPhone and iPad Safari only allow push in the installed app. */
type PushSupport = 'ready' | 'install-first' | 'unsupported';

export function pushSupport(): PushSupport {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'ready';
  return isAppleMobile() && !isInstalled() ? 'install-first' : 'unsupported';
}

function isAppleMobile(): boolean {
  // iPadOS presents itself as a Mac; only its touch screen tells it apart.
  const agent = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
}

function isInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone;
  return standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** The permission now; 'default' until the person has answered the browser's question. */
export function notificationPermission(): NotificationPermission {
  return pushSupport() === 'ready' ? Notification.permission : 'default';
}

export const PUSH_SETUP_MESSAGES = {
  denied:
    'Notifications are blocked for this site. To allow them, open the site settings from the icon beside the address (on a phone: the app’s info, then Notifications), choose Allow, and turn this on again.',
  dismissed: 'The browser did not get an answer. Turn this on again and choose Allow to get your daily note.',
  noWorker: 'The app is still getting ready in the background. Reload the page and try again.',
} as const;

/** A step of the set-up the browser refused; its message says what the person can do. */
export class PushSetupError extends Error {}

/** Base64url text (the server's VAPID key) as the bytes `applicationServerKey` wants. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const WORKER_WAIT_MS = 10_000;

/** The app's service worker once active; it never comes in development, or if its registration failed. */
async function activeWorker(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PushSetupError(PUSH_SETUP_MESSAGES.noWorker)), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's subscription, without waiting for a worker that may never come. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'ready') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, index) => byte === b[index]);
}

/**
 * Asks the browser's permission (call it from the person's click) and subscribes through the
 * service worker. A subscription made for another server key is replaced, since the server could
 * not send to it.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushSetupError(
      permission === 'denied' ? PUSH_SETUP_MESSAGES.denied : PUSH_SETUP_MESSAGES.dismissed,
    );
  const registration = await activeWorker();
  const key = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** What the server stores for a subscription: its address, its keys and a name the person recognises. */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionInput {
  const { endpoint, expirationTime, keys } = subscription.toJSON();
  return {
    endpoint: endpoint ?? subscription.endpoint,
    expirationTime: expirationTime ?? null,
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    deviceName: describeDevice(navigator.userAgent),
  };
}
