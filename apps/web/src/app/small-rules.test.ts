import { describe, expect, it } from 'vitest';
import { isBirthDataComplete } from '../features/birth-data/stores/birth-data-store.ts';
import { showsFooter } from './layout/root-layout.tsx';
import { pagesToPreload } from './preload.ts';

describe('footer rule', () => {
  it('hides the footer on every path starting with /chat and only there', () => {
    expect(showsFooter('/chat')).toBe(false);
    expect(showsFooter('/chat/abc')).toBe(false);
    expect(showsFooter('/')).toBe(true);
    expect(showsFooter('/settings')).toBe(true);
    expect(showsFooter('/cosmic-landscape')).toBe(true);
  });
});

describe('preloading', () => {
  it('preloads the subscription page, and chat and settings when a token is stored', () => {
    expect(pagesToPreload(false)).toEqual(['subscription']);
    expect(pagesToPreload(true)).toEqual(['subscription', 'chat', 'settings']);
  });
});

describe('birth data completeness (docs/requirements/validation.md)', () => {
  const full = { name: 'Ada', date: '1990-01-02', time: '04:05', city: 'London', country: 'GB' };
  it('needs all five fields', () => {
    expect(isBirthDataComplete(full)).toBe(true);
    for (const field of Object.keys(full)) {
      expect(isBirthDataComplete({ ...full, [field]: '' })).toBe(false);
      expect(isBirthDataComplete({ ...full, [field]: null })).toBe(false);
      expect(isBirthDataComplete({ ...full, [field]: '   ' })).toBe(false);
    }
    expect(isBirthDataComplete(null)).toBe(false);
  });
});
