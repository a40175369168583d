import { AFFILIATE_PATH_MAX_LENGTH, VISITOR_ID_PATTERN } from '@app/contracts/affiliate-code.ts';
import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import {
  cleanAddress,
  hasAffiliateParams,
  readAffiliateCode,
  readStoredAffiliateCode,
} from '../../lib/affiliate-code.ts';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage.ts';
import { attributeSignup } from './api/attribute-signup.ts';
import { recordClick } from './api/record-click.ts';
import { clickDue, parseSentClick, utcDay } from './click-day.ts';

// First-party affiliate tracking (docs/requirements/affiliate-and-partners.md): the partner code
// from the address is kept with its date, a visit with it is reported to our server once a day,
// and a new account is credited to the partner of the visitor's last click.

/** The random id of this browser; made only for visitors who arrived with a partner code. */
function visitorId(create: boolean): string | null {
  const stored = readStorage(STORAGE_KEYS.affiliateVisitor);
  if (stored && VISITOR_ID_PATTERN.test(stored)) return stored;
  if (!create) return null;
  const id = crypto.randomUUID();
  writeStorage(STORAGE_KEYS.affiliateVisitor, id);
  return id;
}

/**
 * Reads the code from the address (td_coupon, then ref, then coupon), stores it with its date,
 * and removes the parameters from the address. A blank code changes nothing. Returns the code read.
 */
export function captureAffiliateCode(win: Window = window, now: Date = new Date()): string | null {
  const code = readAffiliateCode(win.location.href);
  if (code) {
    writeStorage(STORAGE_KEYS.affiliateCoupon, code);
    writeStorage(STORAGE_KEYS.affiliateCouponDate, now.toISOString());
    visitorId(true);
  }
  cleanAddress(win);
  return code;
}

function clip(text: string): string {
  return text.slice(0, AFFILIATE_PATH_MAX_LENGTH);
}

/**
 * Reports a visit with the stored code, at most once a day per code in this browser. A failed
 * report is not remembered, so the next start tries again. Resolves to whether one was sent.
 */
export async function reportAffiliateVisit(win: Window = window, now: Date = new Date()): Promise<boolean> {
  const stored = readStoredAffiliateCode();
  if (!stored) return false;
  const previous = readStorage(STORAGE_KEYS.affiliateClickSent);
  if (!clickDue(parseSentClick(previous), stored.code, now)) return false;
  const id = visitorId(true) as string;
  // Marked before sending, so a reload while the report is on its way does not send it again.
  writeStorage(STORAGE_KEYS.affiliateClickSent, JSON.stringify({ code: stored.code, day: utcDay(now) }));
  try {
    await recordClick({
      code: stored.code,
      visitorId: id,
      landingPath: clip(`${win.location.pathname}${win.location.search}${win.location.hash}`),
      referrer: win.document.referrer ? clip(win.document.referrer) : null,
    });
  } catch (error) {
    if (previous === null) removeStorage(STORAGE_KEYS.affiliateClickSent);
    else writeStorage(STORAGE_KEYS.affiliateClickSent, previous);
    throw error;
  }
  return true;
}

function captureAndReport(win: Window): void {
  captureAffiliateCode(win);
  reportAffiliateVisit(win).catch((error: unknown) => {
    console.warn('Could not report the partner visit', error instanceof Error ? error.message : error);
  });
}

/**
 * On app start: capture the code from the address, then report the visit in the background. A
 * partner link opened while the app is open may change only the hash, so hash changes are read too.
 * Returns a function that stops listening.
 */
export function startAffiliateTracking(win: Window = window): () => void {
  captureAndReport(win);
  const onHashChange = () => {
    if (hasAffiliateParams(win.location.href)) captureAndReport(win);
  };
  win.addEventListener('hashchange', onHashChange);
  return () => win.removeEventListener('hashchange', onHashChange);
}

/** An account this young counts as just created, for crediting its partner. */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/**
 * After someone signs up (or signs in soon after), asks the server to credit the partner of this
 * browser's last click. Only browsers that arrived with a partner code ask; the server applies the
 * attribution window and answers the same when asked again.
 */
export async function attributeNewAccount(
  accountCreatedAt: string,
  now: Date = new Date(),
): Promise<boolean> {
  const id = visitorId(false);
  if (!id) return false;
  const age = now.getTime() - Date.parse(accountCreatedAt);
  if (!(age >= -60_000 && age <= NEW_ACCOUNT_MS)) return false;
  const result = await attributeSignup({ visitorId: id });
  return result.attributed;
}
