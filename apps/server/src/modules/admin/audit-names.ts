import type { AdminAuditEntry, AuditEntry } from '@app/contracts/admin.ts';
import type { AdminReads } from './reads.ts';

// The audit log keeps ids (and the actor's email at the time); the admin area shows people. The
// names are read when the log is shown, from the modules that own what the ids point to.

interface Known {
  name: string;
  email: string;
}

/** The target kinds whose ids lead to a name and an email. */
const NAMED_TARGETS = ['user', 'partner-application', 'contact-message'] as const;
type NamedTarget = (typeof NAMED_TARGETS)[number];

const isNamedTarget = (type: string): type is NamedTarget =>
  (NAMED_TARGETS as readonly string[]).includes(type);

/** Who knows the name and email behind the ids of each kind. */
const lookupsOf = (
  reads: AdminReads,
): Record<NamedTarget, (ids: readonly string[]) => Promise<Map<string, Known>>> => ({
  user: (ids) => reads.accountFigures.named(ids),
  'partner-application': (ids) => reads.partnerFigures.applicantsOf(ids),
  'contact-message': (ids) => reads.contactFigures.sendersOf(ids),
});

/** What a deletion kept of the person (`user.delete` records their email and name before). */
function keptOf(value: unknown): Known | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { name, email } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof email === 'string' ? { name, email } : undefined;
}

/** Each entry with the actor's name and the target's name and email, where they can be found. */
export async function nameAuditEntries(reads: AdminReads, entries: AuditEntry[]): Promise<AdminAuditEntry[]> {
  const wanted = new Map<NamedTarget, Set<string>>();
  const want = (type: NamedTarget, id: string) => {
    const ids = wanted.get(type) ?? new Set<string>();
    ids.add(id);
    wanted.set(type, ids);
  };
  for (const entry of entries) {
    if (entry.actorId) want('user', entry.actorId);
    if (isNamedTarget(entry.targetType)) want(entry.targetType, entry.targetId);
  }
  const found = new Map<string, Known>();
  // A deleted person is named by what their deletion kept, on each of their entries shown.
  const kept = new Map<string, Known>();
  for (const entry of entries) {
    const person = entry.targetType === 'user' ? keptOf(entry.before) : undefined;
    if (person) kept.set(entry.targetId, person);
  }
  const lookups = lookupsOf(reads);
  await Promise.all(
    [...wanted].map(async ([type, ids]) => {
      for (const [id, known] of await lookups[type]([...ids])) found.set(`${type}:${id}`, known);
    }),
  );
  return entries.map((entry) => {
    const actor = entry.actorId ? found.get(`user:${entry.actorId}`) : undefined;
    const target =
      found.get(`${entry.targetType}:${entry.targetId}`) ??
      (entry.targetType === 'user' ? kept.get(entry.targetId) : undefined);
    return {
      ...entry,
      actorName: actor?.name ?? null,
      targetName: target?.name ?? null,
      targetEmail: target?.email ?? null,
    };
  });
}
