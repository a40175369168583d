import type { SubscriptionStatus } from '@app/contracts/subscription.ts';
import { SubscriptionStatusSchema } from '@app/contracts/subscription.ts';
import { describe, expect, it } from 'vitest';
import { hasPaidAccess } from './entitlement.ts';

const NOW = new Date('2031-03-10T12:00:00.000Z');
const DAY = 86_400_000;
const GRACE = 3 * DAY;
const future = new Date(NOW.getTime() + 10 * DAY).toISOString();
const past = new Date(NOW.getTime() - 10 * DAY).toISOString();

// Expected answer for a plain user, by status, with the period still running and no cancellation.
const BY_STATUS: Record<SubscriptionStatus, boolean> = {
  incomplete: false,
  incomplete_expired: false,
  trialing: true,
  active: true,
  past_due: true, // within grace (see below)
  canceled: false,
  unpaid: false,
  paused: false,
};

describe('paid access', () => {
  it('covers every status the contract knows', () => {
    expect(Object.keys(BY_STATUS).sort()).toEqual([...SubscriptionStatusSchema.options].sort());
  });

  for (const status of SubscriptionStatusSchema.options) {
    for (const cancelAtPeriodEnd of [false, true]) {
      for (const periodEnded of [false, true]) {
        for (const role of ['user', 'admin'] as const) {
          const name = `${role}, ${status}, cancelAtPeriodEnd=${cancelAtPeriodEnd}, period ${periodEnded ? 'ended' : 'running'}`;
          it(name, () => {
            const pastDueSince = new Date(NOW.getTime() - DAY).toISOString(); // inside the grace
            const answer = hasPaidAccess({
              role,
              subscription: {
                status,
                currentPeriodEnd: periodEnded ? past : future,
                cancelAtPeriodEnd,
                pastDueSince: status === 'past_due' ? pastDueSince : null,
              },
              now: NOW,
              pastDueGraceMs: GRACE,
            });
            const expected = role === 'admin' || (BY_STATUS[status] && !(cancelAtPeriodEnd && periodEnded));
            expect(answer).toBe(expected);
          });
        }
      }
    }
  }

  it('no subscription: only admins', () => {
    const base = { subscription: null, now: NOW, pastDueGraceMs: GRACE };
    expect(hasPaidAccess({ ...base, role: 'user' })).toBe(false);
    expect(hasPaidAccess({ ...base, role: 'admin' })).toBe(true);
  });

  it('past_due keeps access only until the grace period is over', () => {
    const since = NOW.getTime() - GRACE;
    const at = (ms: number) =>
      hasPaidAccess({
        role: 'user',
        subscription: {
          status: 'past_due',
          currentPeriodEnd: future,
          cancelAtPeriodEnd: false,
          pastDueSince: new Date(since).toISOString(),
        },
        now: new Date(ms),
        pastDueGraceMs: GRACE,
      });
    expect(at(since + GRACE - 1)).toBe(true);
    expect(at(since + GRACE)).toBe(false);
  });

  it('past_due without a known start falls back to the period end, else refuses', () => {
    const sub = (currentPeriodEnd: string | null) => ({
      status: 'past_due' as const,
      currentPeriodEnd,
      cancelAtPeriodEnd: false,
      pastDueSince: null,
    });
    const base = { role: 'user' as const, now: NOW, pastDueGraceMs: GRACE };
    expect(hasPaidAccess({ ...base, subscription: sub(new Date(NOW.getTime() - DAY).toISOString()) })).toBe(
      true,
    );
    expect(hasPaidAccess({ ...base, subscription: sub(past) })).toBe(false);
    expect(hasPaidAccess({ ...base, subscription: sub(null) })).toBe(false);
  });

  it('a zero grace period removes access at once', () => {
    expect(
      hasPaidAccess({
        role: 'user',
        subscription: {
          status: 'past_due',
          currentPeriodEnd: future,
          cancelAtPeriodEnd: false,
          pastDueSince: NOW.toISOString(),
        },
        now: NOW,
        pastDueGraceMs: 0,
      }),
    ).toBe(false);
  });
});
