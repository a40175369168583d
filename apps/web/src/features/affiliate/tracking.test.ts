import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearAffiliateCode, readStoredAffiliateCode } from '../../lib/affiliate-code.ts';
import { api } from '../../lib/api-client.ts';
import {
  attributeNewAccount,
  captureAffiliateCode,
  reportAffiliateVisit,
  startAffiliateTracking,
} from './tracking.ts';

// The HTTP edge is replaced by an axios adapter that records each request and answers like the server.
interface Sent {
  url: string;
  body: Record<string, unknown>;
}
let sent: Sent[] = [];
let failNext = false;
const originalAdapter = api.defaults.adapter;

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  if (failNext) {
    failNext = false;
    throw Object.assign(new Error('Network Error'), { isAxiosError: true, config });
  }
  const body = JSON.parse(String(config.data ?? '{}')) as Record<string, unknown>;
  sent.push({ url: String(config.url), body });
  const data = config.url?.endsWith('/attribute')
    ? { success: true, attributed: true, code: 'LUNA' }
    : { success: true, recorded: true };
  return { data, status: 200, statusText: 'OK', headers: {}, config };
};

function visit(path: string) {
  window.history.replaceState(null, '', path);
}

beforeEach(() => {
  localStorage.clear();
  sent = [];
  failNext = false;
  api.defaults.adapter = adapter;
  visit('/');
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

describe('capturing the code', () => {
  it('stores the code with its date and cleans the address', () => {
    visit('/?utm_source=x&ref=%20luna%20#/partners?coupon=other&tab=1');
    const now = new Date('2026-11-23T10:00:00Z');
    expect(captureAffiliateCode(window, now)).toBe('LUNA');
    expect(localStorage.getItem(STORAGE_KEYS.affiliateCoupon)).toBe('LUNA');
    expect(localStorage.getItem(STORAGE_KEYS.affiliateCouponDate)).toBe(now.toISOString());
    expect(localStorage.getItem(STORAGE_KEYS.affiliateVisitor)).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/?utm_source=x#/partners?tab=1');
  });

  it('a blank code keeps the stored one but still leaves the address', () => {
    localStorage.setItem(STORAGE_KEYS.affiliateCoupon, 'LUNA');
    visit('/#/?td_coupon=%20');
    expect(captureAffiliateCode()).toBeNull();
    expect(readStoredAffiliateCode()?.code).toBe('LUNA');
    expect(location.hash).toBe('#/');
  });

  it('a newer code replaces the stored one (last click wins)', () => {
    visit('/?ref=luna');
    captureAffiliateCode();
    visit('/#/?coupon=sol');
    captureAffiliateCode();
    expect(readStoredAffiliateCode()?.code).toBe('SOL');
  });

  it('clearing removes it from storage and from the address', () => {
    visit('/?ref=luna');
    captureAffiliateCode();
    localStorage.setItem(STORAGE_KEYS.affiliateClickSent, '{"code":"LUNA","day":"2026-11-23"}');
    visit('/#/subscription?coupon=luna');
    clearAffiliateCode();
    for (const key of [
      STORAGE_KEYS.affiliateCoupon,
      STORAGE_KEYS.affiliateCouponDate,
      STORAGE_KEYS.affiliateVisitor,
      STORAGE_KEYS.affiliateClickSent,
    ]) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(location.hash).toBe('#/subscription');
  });
});

describe('while the app is open', () => {
  it('a partner link that changes only the hash is captured and reported too', async () => {
    const stop = startAffiliateTracking();
    try {
      window.location.hash = '#/partners?coupon=%20sol';
      await new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(readStoredAffiliateCode()?.code).toBe('SOL');
      expect(location.hash).toBe('#/partners');
      expect(sent.map((request) => request.body.code)).toEqual(['SOL']);
    } finally {
      stop();
    }
  });
});

describe('reporting the visit', () => {
  it('sends one click a day per code, with the landing path, referrer and visitor id', async () => {
    visit('/?ref=luna#/partners');
    captureAffiliateCode();
    const day = new Date('2026-11-23T08:00:00Z');
    expect(await reportAffiliateVisit(window, day)).toBe(true);
    expect(sent).toEqual([
      {
        url: '/api/affiliate/click',
        body: {
          code: 'LUNA',
          visitorId: localStorage.getItem(STORAGE_KEYS.affiliateVisitor),
          landingPath: '/#/partners',
          referrer: null,
        },
      },
    ]);
    expect(await reportAffiliateVisit(window, new Date('2026-11-23T23:00:00Z'))).toBe(false);
    expect(await reportAffiliateVisit(window, new Date('2026-11-24T00:00:01Z'))).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it('a second start while the first report is on its way sends nothing more', async () => {
    visit('/?ref=luna');
    captureAffiliateCode();
    const first = reportAffiliateVisit();
    expect(await reportAffiliateVisit()).toBe(false);
    expect(await first).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it('sends nothing without a stored code', async () => {
    expect(await reportAffiliateVisit()).toBe(false);
    expect(sent).toHaveLength(0);
  });

  it('a failed report is tried again on the next start', async () => {
    visit('/?ref=luna');
    captureAffiliateCode();
    failNext = true;
    await expect(reportAffiliateVisit()).rejects.toThrow();
    expect(localStorage.getItem(STORAGE_KEYS.affiliateClickSent)).toBeNull();
    expect(await reportAffiliateVisit()).toBe(true);
    expect(sent).toHaveLength(1);
  });
});

describe('crediting a new account', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('asks the server with the visitor id when the account is new', async () => {
    visit('/?ref=luna');
    captureAffiliateCode();
    expect(await attributeNewAccount('2026-11-23T11:59:58Z', now)).toBe(true);
    expect(sent).toEqual([
      {
        url: '/api/affiliate/attribute',
        body: { visitorId: localStorage.getItem(STORAGE_KEYS.affiliateVisitor) },
      },
    ]);
  });

  it('does not ask for old accounts or browsers that never followed a partner link', async () => {
    expect(await attributeNewAccount('2026-11-23T11:59:58Z', now)).toBe(false);
    visit('/?ref=luna');
    captureAffiliateCode();
    expect(await attributeNewAccount('2026-11-20T12:00:00Z', now)).toBe(false);
    expect(sent).toHaveLength(0);
  });
});
