import { describe, expect, it } from 'vitest';
import { formatDays, formatRate, partnerDiscount, programmeTerms } from './programme-text.ts';

describe('programme figures as text', () => {
  it('formats rates and windows', () => {
    expect(formatRate(0.2)).toBe('20%');
    expect(formatRate(0.125)).toBe('12.5%');
    expect(formatRate(1)).toBe('100%');
    expect(formatDays(30)).toBe('30 days');
    expect(formatDays(1)).toBe('1 day');
  });

  it('says the partner discount lowers the first payment only, as the checkout applies it', () => {
    expect(partnerDiscount(10)).toBe('10% off their first payment');
  });

  it('puts the figures in force into the terms', () => {
    const terms = programmeTerms({
      commissionRate: 0.25,
      attributionWindowDays: 45,
      partnerCouponPercentOff: 15,
      supportEmail: 'partners@astro.example',
    }).join('\n');
    expect(terms).toContain('You earn 25% of what');
    expect(terms).toContain('within 45 days of following your link');
  });

  it('still reads before the figures have loaded', () => {
    const terms = programmeTerms(undefined).join('\n');
    expect(terms).toContain('the agreed share');
    expect(terms).toContain('the attribution window');
  });
});
