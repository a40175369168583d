import { UPDATE_CHECK_INTERVAL_MS } from '@app/contracts/constants.ts';

/** What the update checks need of a service worker registration. */
export interface UpdatableRegistration {
  update: () => Promise<unknown>;
}

/**
 * docs/requirements/constants.md: asks the browser to look for a new service worker every
 * 30 minutes while the app is open. Offline checks are skipped (they would only fail); a failed
 * check waits for the next one. Returns a function that stops the checks.
 */
export function scheduleUpdateChecks(
  registration: UpdatableRegistration,
  isOnline: () => boolean = () => navigator.onLine,
  intervalMs: number = UPDATE_CHECK_INTERVAL_MS,
): () => void {
  const timer = setInterval(() => {
    if (!isOnline()) return;
    registration.update().catch(() => {
      // The server could not be reached: the next check tries again.
    });
  }, intervalMs);
  return () => clearInterval(timer);
}
