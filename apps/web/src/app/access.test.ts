import { describe, expect, it } from 'vitest';
import { type AccessFacts, type AccessLevel, decideAccess, hasPaidAccess, nextStep } from './access.ts';

const member = { emailVerified: true, role: 'user' };
const ready: AccessFacts = {
  loading: false,
  user: member,
  subscriptionStatus: 'active',
  birthDataComplete: true,
};
const LEVELS: AccessLevel[] = ['login', 'verified', 'paid', 'full'];

describe('route guards (docs/requirements/routes-and-guards.md, in order)', () => {
  it('1. shows the loading screen while authentication loads, whatever else is true', () => {
    for (const level of LEVELS) {
      expect(decideAccess(level, { ...ready, loading: true, user: null })).toEqual({ kind: 'loading' });
    }
  });

  it('2. sends a guest to the home page', () => {
    for (const level of LEVELS) {
      expect(decideAccess(level, { ...ready, user: null })).toEqual({ kind: 'redirect', to: '/' });
    }
  });

  it('3. sends an unverified person to /verify-email-pending before any paid check', () => {
    const facts = {
      ...ready,
      user: { ...member, emailVerified: false },
      subscriptionStatus: null,
      birthDataComplete: false,
    };
    expect(decideAccess('login', facts)).toEqual({ kind: 'allow' });
    for (const level of ['verified', 'paid', 'full'] as const) {
      expect(decideAccess(level, facts)).toEqual({ kind: 'redirect', to: '/verify-email-pending' });
    }
  });

  it('4. sends a verified person without paid access to /subscription before the birth data check', () => {
    const facts = { ...ready, subscriptionStatus: 'canceled', birthDataComplete: false };
    expect(decideAccess('verified', facts)).toEqual({ kind: 'allow' });
    expect(decideAccess('paid', facts)).toEqual({ kind: 'redirect', to: '/subscription' });
    expect(decideAccess('full', facts)).toEqual({ kind: 'redirect', to: '/subscription' });
  });

  it('5. sends a paying person without birth data to /birth-form', () => {
    const facts = { ...ready, birthDataComplete: false };
    expect(decideAccess('paid', facts)).toEqual({ kind: 'allow' });
    expect(decideAccess('full', facts)).toEqual({ kind: 'redirect', to: '/birth-form' });
  });

  it('lets a person who meets every requirement in', () => {
    for (const level of LEVELS) expect(decideAccess(level, ready)).toEqual({ kind: 'allow' });
  });

  it('paid access: active or trialing, or the admin role without a subscription', () => {
    expect(hasPaidAccess('user', 'active')).toBe(true);
    expect(hasPaidAccess('user', 'trialing')).toBe(true);
    for (const status of [null, undefined, 'past_due', 'canceled', 'incomplete', 'ACTIVE']) {
      expect(hasPaidAccess('user', status)).toBe(false);
    }
    expect(hasPaidAccess('admin', null)).toBe(true);
    // A failed renewal inside its grace period: the server still grants access, and so do the guards.
    expect(hasPaidAccess('user', 'past_due', true)).toBe(true);
    expect(
      decideAccess('paid', { ...ready, subscriptionStatus: 'past_due', serverPaidAccess: true }),
    ).toEqual({
      kind: 'allow',
    });
    expect(
      decideAccess('paid', { ...ready, subscriptionStatus: 'past_due', serverPaidAccess: false }),
    ).toEqual({
      kind: 'redirect',
      to: '/subscription',
    });
    const admin = { ...ready, user: { emailVerified: true, role: 'admin' }, subscriptionStatus: null };
    expect(decideAccess('full', admin)).toEqual({ kind: 'allow' });
  });

  it("names the home page's next step from the same checks", () => {
    expect(nextStep({ ...ready, user: null })).toBe('sign-in');
    expect(nextStep({ ...ready, user: { ...member, emailVerified: false } })).toBe('verify-email');
    expect(nextStep({ ...ready, subscriptionStatus: null })).toBe('choose-plan');
    expect(nextStep({ ...ready, birthDataComplete: false })).toBe('birth-data');
    expect(nextStep(ready)).toBe('explore');
    // A stale loading flag does not hide the step.
    expect(nextStep({ ...ready, loading: true })).toBe('explore');
  });
});
