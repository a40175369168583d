import { describe, expect, it } from 'vitest';
import { greeting, NEW_ACCOUNT_MS } from './greeting.ts';

const now = Date.parse('2026-03-10T12:00:00Z');

describe('greeting', () => {
  it('welcomes a person who has just signed up, without "back"', () => {
    expect(greeting({ name: 'Ada', createdAt: new Date(now - 60_000).toISOString() }, now)).toBe(
      'Welcome, Ada.',
    );
  });

  it('welcomes back a person whose account is older than a day', () => {
    const createdAt = new Date(now - NEW_ACCOUNT_MS - 1).toISOString();
    expect(greeting({ name: 'Ada', createdAt }, now)).toBe('Welcome back, Ada.');
  });

  it('treats an unreadable creation date as a returning person', () => {
    expect(greeting({ name: 'Ada', createdAt: 'not a date' }, now)).toBe('Welcome back, Ada.');
  });
});
