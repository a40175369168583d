import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { ATTRIBUTION_DAYS, SESSION_DAYS } from './facts.ts';
import type { EntriesBlock, RichText } from './types.ts';

interface StoredItem {
  holds: RichText;
  why: RichText;
  until: RichText;
}

/**
 * Every item the app keeps in the browser's local storage. Keyed by the names in STORAGE_KEYS, so
 * adding a storage key without explaining it here fails the type check (and the page tests).
 */
const STORED_ITEMS: Record<keyof typeof STORAGE_KEYS, StoredItem> = {
  theme: {
    holds: 'Your theme choice: `light` or `dark`.',
    why: 'To show the app in the theme you picked. Until you pick one, nothing is stored and the app follows your device setting.',
    until: 'Kept until you clear this site’s data in your browser.',
  },
  authToken: {
    holds: 'Your sign-in token: a signed code that tells our server which session is yours.',
    why: 'To keep you signed in between visits. It is sent to our server with each request, in a request header, never in a cookie.',
    until: `Removed when you sign out. It stops working when the session ends: ${SESSION_DAYS} days after signing in, or earlier when you sign that device out in Settings.`,
  },
  authStore: {
    holds:
      'The signed-in account (your name, email address, role and whether your email is confirmed) and the sign-in token.',
    why: 'To show the right screens at once when you reopen the app, before our server has answered.',
    until: 'Cleared when you sign out or your session is no longer valid.',
  },
  birthDataStore: {
    holds: 'The birth data you saved: the chart’s name, date, time, city and country of birth.',
    why: 'To open your chart, daily landscape and chat without waiting for our server. Your birth data is sensitive: on a shared device, sign out when you are done.',
    until: 'Cleared when you sign out.',
  },
  affiliateCoupon: {
    holds:
      'The partner code of the link you arrived with, in capitals (from a `td_coupon`, `ref` or `coupon` address parameter).',
    why: 'To give you the discount the partner’s link promises at checkout, and to credit that partner if you subscribe.',
    until: 'Kept until the app clears the code or you clear this site’s data.',
  },
  affiliateCouponDate: {
    holds: 'The date and time the partner code was stored.',
    why: `To know when you arrived with the partner’s link: a sign-up credits the partner only within ${ATTRIBUTION_DAYS} days of a visit.`,
    until: 'Removed together with the partner code.',
  },
  affiliateVisitor: {
    holds:
      'A random number for this browser, made only when you arrive with a partner code. It says nothing about you.',
    why: `To count a partner’s visits without counting the same browser twice, and to credit the partner if you create an account within ${ATTRIBUTION_DAYS} days. No cookie or third-party tracker is involved.`,
    until: 'Removed together with the partner code.',
  },
  affiliateClickSent: {
    holds:
      'The partner code and the day (UTC) on which this browser last told our server about a visit with it.',
    why: 'So a visit with a partner code is reported to our server at most once a day.',
    until: 'Removed together with the partner code.',
  },
  installCardDismissedAt: {
    holds: 'The date and time you chose “Later” on the card that offers to install the app.',
    why: 'To leave you in peace: the card stays hidden for a week after that.',
    until: 'Kept until you clear this site’s data; it no longer matters after a week.',
  },
  chartSettings: {
    holds:
      'The zodiac and house system you last chose for your birth chart, stored as `chart-settings:` followed by your account’s id (a random code), one for each account that chose them on this device.',
    why: 'To show your chart the way you chose it the next time you open it.',
    until: 'Kept until you clear this site’s data in your browser; choosing again replaces it.',
  },
};

const OFFLINE_CACHE: StoredItem = {
  holds:
    'Copies of the app’s own files: its start page (with the public pages), code, styles, fonts and icons. No personal data.',
  why: 'So the app starts fast, can be installed on your device and opens without a connection, public pages included.',
  until:
    'Replaced when a new version of the app is installed; removed when you uninstall the app or clear this site’s data.',
};

const OFFLINE_ACCOUNT_DATA: StoredItem = {
  holds:
    'While you are signed in: the last copy of your profile, subscription status, birth data and birth chart as our server sent them to this device.',
  why: 'So your account and your own chart still show when you open the app without a connection. Everything else needs a connection.',
  until: 'Deleted when you log out on this device (or are signed out), or when you clear this site’s data.',
};

function entry(title: RichText, item: StoredItem): EntriesBlock['items'][number] {
  return {
    title,
    facts: [
      { label: 'What it holds', text: item.holds },
      { label: 'Why', text: item.why },
      { label: 'How long', text: item.until },
    ],
  };
}

/** Rendered on the privacy policy and the cookie policy from this one source. */
export const DEVICE_STORAGE_BLOCK: EntriesBlock = {
  kind: 'entries',
  items: [
    ...(Object.keys(STORED_ITEMS) as (keyof typeof STORAGE_KEYS)[]).map((name) =>
      entry(`Local storage: \`${STORAGE_KEYS[name]}\``, STORED_ITEMS[name]),
    ),
    entry('Service worker cache (offline use)', OFFLINE_CACHE),
    entry('Service worker cache (your data for offline use)', OFFLINE_ACCOUNT_DATA),
  ],
};
