import { describe, expect, it } from 'vitest';
import { ACCOUNT_DATA_URL_PATTERN } from './offline-account-data.ts';

describe('the account data kept for offline use', () => {
  it('covers the profile, subscription status, birth data and chart', () => {
    for (const url of [
      'http://localhost:3000/api/auth/profile',
      'http://localhost:3000/api/subscription/status',
      'http://localhost:3000/api/birth-data/get',
      'http://localhost:3000/api/chart/natal?houseSystem=placidus',
    ]) {
      expect(ACCOUNT_DATA_URL_PATTERN.test(url), url).toBe(true);
    }
  });

  it('keeps nothing else: other API calls, look-alike paths and pages', () => {
    for (const url of [
      'http://localhost:3000/api/auth/sessions',
      'http://localhost:3000/api/auth/profile-export',
      'http://localhost:3000/api/birth-data/getter',
      'http://localhost:3000/api/subscription/plans',
      'http://localhost:3000/api/places?q=Paris',
      'http://localhost:3000/#/birth-form',
    ]) {
      expect(ACCOUNT_DATA_URL_PATTERN.test(url), url).toBe(false);
    }
  });
});
