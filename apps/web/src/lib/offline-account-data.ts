/**
 * The signed-in person's own answers that the service worker keeps (network first), so the app
 * opens offline with their account, plan and chart: profile, subscription status, birth data and
 * natal chart. They are theirs alone: signing out on this device deletes the copies.
 */
export const ACCOUNT_DATA_CACHE = 'account-data';

const ACCOUNT_DATA_PATHS = ['auth/profile', 'subscription/status', 'birth-data/get', 'chart/natal'];

/** Matches those GET addresses (with or without a query) and nothing else under /api. */
export const ACCOUNT_DATA_URL_PATTERN = new RegExp(
  `/api/(${ACCOUNT_DATA_PATHS.map((path) => path.replace('/', '\\/')).join('|')})(\\?|$)`,
);

/** Deletes the offline copies; a browser without the Cache API has none. */
export async function forgetAccountData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(ACCOUNT_DATA_CACHE);
}
