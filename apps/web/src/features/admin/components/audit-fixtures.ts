import type { AdminAuditEntry } from '@app/contracts/admin.ts';

// Audit entries shaped like the server's answers (names joined), for the admin tests.

export const OPERATOR = { id: 'u-operator', email: 'olivia@ops.test', name: 'Olivia Operator' };
export const PERSON = { id: 'u-person', email: 'tess@people.test', name: 'Tess Target' };

let counter = 0;

/** A change by the operator to the person, unless told otherwise. */
export function auditEntryOf(overrides: Partial<AdminAuditEntry> = {}): AdminAuditEntry {
  counter += 1;
  return {
    id: `entry-${counter}`,
    at: '2026-11-20T10:00:00.000Z',
    actorId: OPERATOR.id,
    actorEmail: OPERATOR.email,
    actorName: OPERATOR.name,
    action: 'user.update',
    targetType: 'user',
    targetId: PERSON.id,
    targetName: PERSON.name,
    targetEmail: PERSON.email,
    before: null,
    after: null,
    ip: '203.0.113.7',
    ...overrides,
  };
}
