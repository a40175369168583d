import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { NOTE_OPEN_PATH } from '@app/contracts/notifications.ts';
import { describe, expect, it, vi } from 'vitest';

// public/push-handler.js runs inside the service worker; here it runs in a bare context with a
// fake worker scope, so its choices (what a note shows, where a tap leads) are checked without a
// browser. The e2e spec (e2e/notifications.spec.ts) runs it in Chromium's worker.

const SOURCE = readFileSync(path.join(import.meta.dirname, '../../../public/push-handler.js'), 'utf8');
const ORIGIN = 'https://app.example';

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function loadWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const self = {
    location: { origin: ORIGIN },
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => windows), openWindow },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  runInNewContext(SOURCE, { self, URL });
  /** Fires an event at the worker and waits for what it handed to waitUntil. */
  const fire = async (type: string, event: object) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
    await pending;
  };
  return { fire, showNotification, openWindow };
}

const pushOf = (payload: unknown) => ({ data: { json: () => JSON.parse(JSON.stringify(payload)) } });

describe('the service worker’s push handler', () => {
  it('shows the payload’s note, collapsed by its tag, with the address to open', async () => {
    const worker = loadWorker();
    await worker.fire(
      'push',
      pushOf({
        kind: 'daily-note',
        title: 'A day to listen',
        body: 'Moon trine Venus',
        url: NOTE_OPEN_PATH,
        tag: 'daily-note-2031-03-04',
      }),
    );
    expect(worker.showNotification).toHaveBeenCalledWith('A day to listen', {
      body: 'Moon trine Venus',
      tag: 'daily-note-2031-03-04',
      icon: '/icons/icon-192.png',
      data: { url: NOTE_OPEN_PATH },
    });
  });

  it('shows a plain note that opens the landscape when the payload cannot be read', async () => {
    const worker = loadWorker();
    await worker.fire('push', { data: { json: () => JSON.parse('not json') } });
    await worker.fire('push', { data: null });
    // A payload may only lead within the app.
    await worker.fire(
      'push',
      pushOf({ title: 'Elsewhere', body: '', url: 'https://evil.example/', tag: 't' }),
    );
    const calls = worker.showNotification.mock.calls as unknown as [string, { data: { url: string } }][];
    expect(calls.map(([title]) => title)).toEqual(['Your day is ready', 'Your day is ready', 'Elsewhere']);
    expect(calls.every(([, options]) => options.data.url === NOTE_OPEN_PATH)).toBe(true);
  });

  it('a tap focuses an open window of the app and takes it to the note, else opens one', async () => {
    const open: FakeWindow = {
      url: `${ORIGIN}/#/chat`,
      focus: vi.fn(),
      navigate: vi.fn(async () => undefined),
    };
    open.focus.mockResolvedValue(open);
    const close = vi.fn();
    const withWindow = loadWorker([open]);
    await withWindow.fire('notificationclick', { notification: { close, data: { url: NOTE_OPEN_PATH } } });
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}${NOTE_OPEN_PATH}`);
    expect(withWindow.openWindow).not.toHaveBeenCalled();

    const without = loadWorker([]);
    await without.fire('notificationclick', { notification: { close, data: { url: NOTE_OPEN_PATH } } });
    expect(without.openWindow).toHaveBeenCalledWith(`${ORIGIN}${NOTE_OPEN_PATH}`);
  });
});
