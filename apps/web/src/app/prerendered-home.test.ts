import { describe, expect, it } from 'vitest';
import { showsPrerenderedHome } from './prerendered-home.ts';

describe('the prerendered home page', () => {
  it('is shown to a guest opening the home page, whatever its query', () => {
    for (const hash of ['', '#', '#/', '#/?auth=login', '#/?ref=MOON10']) {
      expect(showsPrerenderedHome(hash, false), hash).toBe(true);
    }
  });

  it('gives way to the start-up screen on every other page and for a signed-in person', () => {
    for (const hash of ['#/privacy-policy', '#/partners?ref=X', '#/settings', '#/verify-email/abc', '#/x/']) {
      expect(showsPrerenderedHome(hash, false), hash).toBe(false);
    }
    expect(showsPrerenderedHome('#/', true)).toBe(false);
  });
});
