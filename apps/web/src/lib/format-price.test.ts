import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price.ts';

describe('formatPrice', () => {
  it('writes minor units for the currency and the locale', () => {
    expect(formatPrice(1499, 'USD', 'en-US')).toBe('$14.99');
    expect(formatPrice(14388, 'EUR', 'de-DE')).toBe('143,88\u00a0€');
    expect(formatPrice(1500, 'JPY', 'en-US')).toBe('¥1,500');
  });
});
