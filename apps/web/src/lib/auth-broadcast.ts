/**
 * Tells other open tabs that the signed-in person changed (log in, log out, verified email), so
 * they reload their view of the account. BroadcastChannel where available (one channel object per
 * tab, which never hears its own messages); otherwise a storage event carries the same news.
 */
const CHANNEL = 'auth';
const STORAGE_SIGNAL = 'auth-changed';
const MESSAGE = 'auth-changed';

let channel: BroadcastChannel | null = null;

function getChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(CHANNEL);
  return channel;
}

export function broadcastAuthChanged(): void {
  const bc = getChannel();
  if (bc) {
    bc.postMessage(MESSAGE);
    return;
  }
  try {
    window.localStorage.setItem(STORAGE_SIGNAL, String(Date.now()));
    window.localStorage.removeItem(STORAGE_SIGNAL);
  } catch {
    // No way to reach other tabs; they catch up on their next load.
  }
}

/** Runs `listener` when another tab reports an auth change. Returns a function that stops it. */
export function onAuthChangedElsewhere(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_SIGNAL && event.newValue) listener();
  };
  const onMessage = (event: MessageEvent) => {
    if (event.data === MESSAGE) listener();
  };
  const bc = getChannel();
  bc?.addEventListener('message', onMessage);
  window.addEventListener('storage', onStorage);
  return () => {
    bc?.removeEventListener('message', onMessage);
    window.removeEventListener('storage', onStorage);
  };
}
