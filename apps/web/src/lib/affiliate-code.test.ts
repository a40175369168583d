import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasAffiliateParams,
  normaliseCode,
  readAffiliateCode,
  stripAffiliateParams,
} from './affiliate-code.ts';

const at = (rest: string) => `https://astro.example${rest}`;

describe('readAffiliateCode', () => {
  it('takes td_coupon, then ref, then coupon', () => {
    expect(readAffiliateCode(at('/?coupon=c&ref=r&td_coupon=t'))).toBe('T');
    expect(readAffiliateCode(at('/?coupon=c&ref=r'))).toBe('R');
    expect(readAffiliateCode(at('/?coupon=c'))).toBe('C');
    expect(readAffiliateCode(at('/'))).toBeNull();
  });

  it('trims and uppercases', () => {
    expect(readAffiliateCode(at('/?ref=%20%20summer-24_x%20'))).toBe('SUMMER-24_X');
  });

  it('reads the hash route query as well as the real query', () => {
    expect(readAffiliateCode(at('/#/partners?ref=luna'))).toBe('LUNA');
    expect(readAffiliateCode(at('/?ref=real#/'))).toBe('REAL');
    // Priority is by name first: a td_coupon in the hash beats a ref in the real query.
    expect(readAffiliateCode(at('/?ref=real#/?td_coupon=hashed'))).toBe('HASHED');
    // Same name in both: the real query wins.
    expect(readAffiliateCode(at('/?ref=real#/?ref=hashed'))).toBe('REAL');
  });

  it('ignores blank values and falls back to the next parameter', () => {
    expect(readAffiliateCode(at('/?td_coupon=&ref=%20%20&coupon=ok'))).toBe('OK');
    expect(readAffiliateCode(at('/?td_coupon=%20'))).toBeNull();
    expect(readAffiliateCode(at('/#/?ref='))).toBeNull();
  });

  it('ignores values no coupon could have', () => {
    expect(readAffiliateCode(at('/?ref=two%20words'))).toBeNull();
    expect(readAffiliateCode(at('/?ref=<script>&coupon=fine'))).toBe('FINE');
    expect(readAffiliateCode(at(`/?ref=${'A'.repeat(41)}`))).toBeNull();
    expect(readAffiliateCode(at(`/?ref=${'a'.repeat(40)}`))).toBe('A'.repeat(40));
  });

  it('stores any possible code in its normal form (property)', () => {
    const code = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/);
    const space = fc.constantFrom('', ' ', '  ', '\t');
    fc.assert(
      fc.property(
        code,
        space,
        space,
        fc.constantFrom('td_coupon', 'ref', 'coupon'),
        (raw, before, after, name) => {
          const value = encodeURIComponent(`${before}${raw}${after}`);
          expect(readAffiliateCode(at(`/?${name}=${value}`))).toBe(raw.toUpperCase());
          expect(readAffiliateCode(at(`/#/partners?${name}=${value}`))).toBe(raw.toUpperCase());
        },
      ),
    );
  });
});

describe('normaliseCode', () => {
  it('is null for blank and impossible codes', () => {
    expect(normaliseCode(null)).toBeNull();
    expect(normaliseCode('   ')).toBeNull();
    expect(normaliseCode('-leading')).toBeNull();
    expect(normaliseCode(' abc ')).toBe('ABC');
  });
});

describe('stripAffiliateParams', () => {
  it('removes the parameters from the real query and the hash, keeping everything else', () => {
    expect(stripAffiliateParams(at('/?ref=X#/'))).toBe('/#/');
    expect(stripAffiliateParams(at('/#/partners?ref=X'))).toBe('/#/partners');
    expect(stripAffiliateParams(at('/?utm=a&td_coupon=&coupon=c#/partners?ref=x&tab=2'))).toBe(
      '/?utm=a#/partners?tab=2',
    );
    expect(stripAffiliateParams(at('/contact?x=1#/contact?topic=support'))).toBe(
      '/contact?x=1#/contact?topic=support',
    );
  });

  it('hasAffiliateParams tells whether there is anything to remove', () => {
    expect(hasAffiliateParams(at('/?ref='))).toBe(true);
    expect(hasAffiliateParams(at('/#/x?coupon=1'))).toBe(true);
    expect(hasAffiliateParams(at('/?utm=a#/partners'))).toBe(false);
  });
});
