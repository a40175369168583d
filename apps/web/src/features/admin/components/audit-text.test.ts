import { describe, expect, it } from 'vitest';
import { auditEntryOf } from './audit-fixtures.ts';
import { actionName, actorOf, changesOf, targetOf } from './audit-text.ts';

describe('the audit log in words', () => {
  it('names the actions in use and shows any other as stored', () => {
    expect(actionName('user.update')).toBe('Account changed');
    expect(actionName('user.delete')).toBe('Account deleted');
    expect(actionName('user.reset-second-factor')).toBe('Two-step sign-in reset');
    expect(actionName('user.enrol-second-factor')).toBe('Two-step sign-in set up');
    expect(actionName('partner.approve')).toBe('Partner approved');
    expect(actionName('contact.reply')).toBe('Contact message answered');
    expect(actionName('billing.refund')).toBe('billing.refund');
    expect(actionName('toString')).toBe('toString');
  });

  it('says each changed field from before to after, and leaves the unchanged ones out', () => {
    const entry = auditEntryOf({
      before: { role: 'user', disabled: false, emailVerified: false, name: 'Tess' },
      after: { role: 'admin', disabled: true, emailVerified: false, name: 'Tess Target' },
    });
    expect(changesOf(entry)).toEqual([
      'Role: user → admin',
      'Disabled: no → yes',
      'Name: Tess → Tess Target',
    ]);
  });

  it('shows one side where only one is stored, with readable values', () => {
    expect(
      changesOf(
        auditEntryOf({ action: 'partner.approve', after: { couponCode: 'STELLA', commissionRate: 0.25 } }),
      ),
    ).toEqual(['Coupon code: STELLA', 'Commission: 25 %']);
    expect(
      changesOf(
        auditEntryOf({
          action: 'user.delete',
          before: { email: 'tess@people.test', name: 'Tess', role: 'user', plan: null },
        }),
      ),
    ).toEqual(['Role: user', 'Plan: none']);
  });

  it('leaves out what the action already says', () => {
    expect(
      changesOf(auditEntryOf({ action: 'user.enrol-second-factor', after: { secondFactor: true } })),
    ).toEqual([]);
    const reply = 'Thank you for writing. '.repeat(10);
    const [line] = changesOf(
      auditEntryOf({ action: 'contact.reply', after: { reply, handledAt: '2026-11-20T10:00:00.000Z' } }),
    );
    expect(line?.startsWith('Reply: Thank you for writing.')).toBe(true);
    expect(line?.endsWith('…')).toBe(true);
    expect(line?.length).toBeLessThan(140);
  });

  it('falls back to the stored names and values for fields and shapes it does not know', () => {
    expect(
      changesOf(
        auditEntryOf({ action: 'billing.refund', before: { amountMinor: 900 }, after: { amountMinor: 0 } }),
      ),
    ).toEqual(['amountMinor: 900 → 0']);
    expect(changesOf(auditEntryOf({ before: { tags: ['a'] }, after: { tags: ['a', 'b'] } }))).toEqual([
      'tags: ["a"] → ["a","b"]',
    ]);
    expect(changesOf(auditEntryOf({ before: 'draft', after: 'sent' }))).toEqual(['draft → sent']);
    expect(changesOf(auditEntryOf({ after: 3 }))).toEqual(['3']);
  });

  it('names people by name and email, and what it cannot name by kind and id', () => {
    expect(actorOf(auditEntryOf())).toEqual({ name: 'Olivia Operator', detail: 'olivia@ops.test' });
    expect(actorOf(auditEntryOf({ actorId: null, actorName: null, actorEmail: 'command line' }))).toEqual({
      name: 'command line',
    });
    expect(targetOf(auditEntryOf())).toEqual({ name: 'Tess Target', detail: 'tess@people.test' });
    expect(targetOf(auditEntryOf({ targetName: null, targetEmail: null, targetId: 'gone-1' }))).toEqual({
      name: 'Account',
      detail: 'gone-1',
    });
    expect(
      targetOf(
        auditEntryOf({ targetType: 'coupon', targetId: 'SPRING', targetName: null, targetEmail: null }),
      ),
    ).toEqual({ name: 'coupon', detail: 'SPRING' });
  });
});
