import type { AdminAuditEntry, AuditEntry } from '@app/contracts/admin.ts';
import type { Kysely } from 'kysely';
import type { Tables } from '../../platform/db/schema.ts';

// The audit log keeps ids (and the actor's email at the time); the admin area shows people. The
// names are read when the log is shown, from the tables the ids point into (decision 0190: the
// admin area reads the other modules' tables for what it shows).

interface Known {
  name: string;
  email: string;
}

/** The target kinds whose ids lead to a name and an email, and the table that holds them. */
const TARGET_TABLES = {
  user: 'users',
  'partner-application': 'partner_applications',
  'contact-message': 'contact_messages',
} as const;
type NamedTarget = keyof typeof TARGET_TABLES;

const isNamedTarget = (type: string): type is NamedTarget => Object.hasOwn(TARGET_TABLES, type);

/** What a deletion kept of the person (`user.delete` records their email and name before). */
function keptOf(value: unknown): Known | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { name, email } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof email === 'string' ? { name, email } : undefined;
}

/** Each entry with the actor's name and the target's name and email, where they can be found. */
export async function nameAuditEntries(
  db: Kysely<Tables>,
  entries: AuditEntry[],
): Promise<AdminAuditEntry[]> {
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
  await Promise.all(
    [...wanted].map(async ([type, ids]) => {
      const rows = await db
        .selectFrom(TARGET_TABLES[type])
        .select(['id', 'name', 'email'])
        .where('id', 'in', [...ids])
        .execute();
      for (const row of rows) found.set(`${type}:${row.id}`, { name: row.name, email: row.email });
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
