import { describe, expect, it } from 'vitest';
import { prerenderedPathFor } from './prerendered-pages.ts';

describe('prerendered pages', () => {
  it('shows a guest the prerendered page the address names, whatever its query', () => {
    expect(prerenderedPathFor('', false)).toBe('/');
    expect(prerenderedPathFor('#', false)).toBe('/');
    expect(prerenderedPathFor('#/', false)).toBe('/');
    expect(prerenderedPathFor('#/?auth=login', false)).toBe('/');
    expect(prerenderedPathFor('#/privacy-policy', false)).toBe('/privacy-policy');
    expect(prerenderedPathFor('#/partners?ref=MOON10', false)).toBe('/partners');
  });

  it('gives way to the start-up screen on other pages and for a signed-in person', () => {
    for (const hash of ['#/settings', '#/partners/apply', '#/verify-email/abc', '#/privacy-policy/', '#/x']) {
      expect(prerenderedPathFor(hash, false), hash).toBeNull();
    }
    expect(prerenderedPathFor('#/', true)).toBeNull();
    expect(prerenderedPathFor('#/privacy-policy', true)).toBeNull();
  });
});
