import {
  AFFILIATE_CODE_MAX_LENGTH,
  AFFILIATE_CODE_PATTERN,
  normaliseAffiliateCode,
} from '@app/contracts/affiliate-code.ts';
import { AFFILIATE_URL_PARAMS, STORAGE_KEYS } from '@app/contracts/constants.ts';
import { readStorage, removeStorage } from './storage.ts';

// The partner (affiliate) code in the address and in storage
// (docs/requirements/affiliate-and-partners.md), shared by the tracking that captures it and the
// plan choice that applies it. The router keys on the hash, so parameters may stand in the real
// query (`/?ref=X#/`) or in the hash (`#/partners?ref=X`).

/**
 * Trimmed and uppercased; null when blank, and also when no coupon could have it (the server's
 * rules: letters, digits, - and _), so a mangled link never replaces a good stored code.
 */
export function normaliseCode(raw: string | null | undefined): string | null {
  const code = normaliseAffiliateCode(raw);
  if (code === null || code.length > AFFILIATE_CODE_MAX_LENGTH) return null;
  return AFFILIATE_CODE_PATTERN.test(code) ? code : null;
}

/** The query string inside the hash route, e.g. "ref=X" from "#/partners?ref=X". */
function hashQuery(hash: string): URLSearchParams {
  const start = hash.indexOf('?');
  return new URLSearchParams(start === -1 ? '' : hash.slice(start + 1));
}

/**
 * The code the address carries: td_coupon, then ref, then coupon. For each name the real query is
 * read before the hash; a blank (or impossible) value is skipped and the next one counts.
 */
export function readAffiliateCode(href: string): string | null {
  const url = new URL(href);
  const sources = [url.searchParams, hashQuery(url.hash)];
  for (const name of AFFILIATE_URL_PARAMS) {
    for (const params of sources) {
      for (const value of params.getAll(name)) {
        const code = normaliseCode(value);
        if (code) return code;
      }
    }
  }
  return null;
}

function withoutAffiliateParams(params: URLSearchParams): string {
  for (const name of AFFILIATE_URL_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The same address without any affiliate parameter (blank ones too), from both the real query and
 * the hash; other parameters stay as they were. Returned as path + query + hash, for replaceState.
 */
export function stripAffiliateParams(href: string): string {
  const url = new URL(href);
  const search = withoutAffiliateParams(new URLSearchParams(url.search));
  const start = url.hash.indexOf('?');
  const hash =
    start === -1
      ? url.hash
      : `${url.hash.slice(0, start)}${withoutAffiliateParams(new URLSearchParams(url.hash.slice(start + 1)))}`;
  return `${url.pathname}${search}${hash}`;
}

/** True when the address names any affiliate parameter, blank or not. */
export function hasAffiliateParams(href: string): boolean {
  const url = new URL(href);
  const hash = hashQuery(url.hash);
  return AFFILIATE_URL_PARAMS.some((name) => url.searchParams.has(name) || hash.has(name));
}

export interface StoredAffiliateCode {
  code: string;
  storedAt: string;
}

export function readStoredAffiliateCode(): StoredAffiliateCode | null {
  const code = normaliseCode(readStorage(STORAGE_KEYS.affiliateCoupon));
  if (!code) return null;
  return { code, storedAt: readStorage(STORAGE_KEYS.affiliateCouponDate) ?? '' };
}

/** Takes the affiliate parameters out of the address, leaving the page where it is. */
export function cleanAddress(win: Window): void {
  const href = win.location.href;
  if (!hasAffiliateParams(href)) return;
  win.history.replaceState(win.history.state, '', stripAffiliateParams(href));
}

/** Forgets the partner code and everything kept for it, and takes it out of the address. */
export function clearAffiliateCode(win: Window = window): void {
  for (const key of [
    STORAGE_KEYS.affiliateCoupon,
    STORAGE_KEYS.affiliateCouponDate,
    STORAGE_KEYS.affiliateVisitor,
    STORAGE_KEYS.affiliateClickSent,
  ]) {
    removeStorage(key);
  }
  cleanAddress(win);
}
