import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

// The programme's settings: OPERATOR_EMAIL, SUPPORT_EMAIL, PARTNER_COMMISSION_RATE,
// AFFILIATE_ATTRIBUTION_DAYS and PARTNER_COUPON_PERCENT_OFF.

const base = () => ({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'astro-config-')),
  JWT_SECRET: 'x'.repeat(40),
});

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...base(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('programme configuration', () => {
  it('has defaults: support@ the app host for both addresses, 20 %, 30 days, 10 % off', () => {
    const config = loadConfig({ ...base(), APP_URL: 'https://stars.example.org' });
    expect(config.programme).toMatchObject({
      supportEmail: 'support@stars.example.org',
      commissionRate: 0.2,
      attributionWindowDays: 30,
      couponPercentOff: 10,
    });
    expect(config.contact).toMatchObject({
      supportEmail: 'support@stars.example.org',
      operatorEmail: 'support@stars.example.org',
    });
  });

  it('reads every setting; the operators get the support address unless told otherwise', () => {
    const config = loadConfig({
      ...base(),
      SUPPORT_EMAIL: 'help@stars.example.org',
      PARTNER_COMMISSION_RATE: '0.35',
      AFFILIATE_ATTRIBUTION_DAYS: '60',
      PARTNER_COUPON_PERCENT_OFF: '0',
    });
    expect(config.contact).toMatchObject({
      supportEmail: 'help@stars.example.org',
      operatorEmail: 'help@stars.example.org',
    });
    expect(config.programme).toMatchObject({
      supportEmail: 'help@stars.example.org',
      commissionRate: 0.35,
      attributionWindowDays: 60,
      couponPercentOff: 0,
    });
    expect(loadConfig({ ...base(), OPERATOR_EMAIL: 'team@stars.example.org' }).contact.operatorEmail).toBe(
      'team@stars.example.org',
    );
  });

  it('lists every bad setting at once', () => {
    const found = problems({
      OPERATOR_EMAIL: 'nobody',
      SUPPORT_EMAIL: 'a b@c',
      PARTNER_COMMISSION_RATE: '20',
      AFFILIATE_ATTRIBUTION_DAYS: '7.5',
      PARTNER_COUPON_PERCENT_OFF: '101',
    });
    expect(found.map((problem) => problem.split(':')[0])).toEqual([
      'OPERATOR_EMAIL',
      'SUPPORT_EMAIL',
      'PARTNER_COMMISSION_RATE',
      'AFFILIATE_ATTRIBUTION_DAYS',
      'PARTNER_COUPON_PERCENT_OFF',
    ]);
    expect(problems({ AFFILIATE_ATTRIBUTION_DAYS: '0' })).toEqual([
      'AFFILIATE_ATTRIBUTION_DAYS: must be between 1 and 365',
    ]);
    expect(problems({ PARTNER_COMMISSION_RATE: 'lots' })).toEqual([
      'PARTNER_COMMISSION_RATE: must be a number',
    ]);
  });
});
