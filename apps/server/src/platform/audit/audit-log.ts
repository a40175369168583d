import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '@app/contracts/admin.ts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { currentUser } from '../auth-guard.ts';
import type { Clock } from '../clock.ts';
import type { Tables } from '../db/schema.ts';

/** Who made a change: an admin in the admin area, or an operator's command (no account). */
export interface AuditActor {
  id: string | null;
  email: string;
  ip: string | null;
}

/** The signed-in admin behind a request, as the audit log names them. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const user = currentUser(request);
  return { id: user.id, email: user.email, ip: request.ip };
}

export interface AuditRecord {
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** The append-only audit log of operators' changes (who, what, target, before and after, when, from where). */
export class AuditLog {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly clock: Clock,
  ) {}

  async record(actor: AuditActor, entry: AuditRecord): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        id: randomUUID(),
        at: this.clock.now().toISOString(),
        actor_id: actor.id,
        actor_email: actor.email,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        before: entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === undefined ? null : JSON.stringify(entry.after),
        ip: actor.ip,
      })
      .execute();
  }

  /** Newest first; `actor` matches the actor's email, `target` the target's id, exactly. */
  async list(filter: { actor?: string; target?: string; limit: number; offset: number }) {
    let query = this.db.selectFrom('audit_log');
    if (filter.actor) query = query.where('actor_email', '=', filter.actor.toLowerCase());
    if (filter.target) query = query.where('target_id', '=', filter.target);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const entries: AuditEntry[] = rows.map((row) => ({
      id: row.id,
      at: row.at,
      actorId: row.actor_id,
      actorEmail: row.actor_email,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      before: parse(row.before),
      after: parse(row.after),
      ip: row.ip,
    }));
    return { entries, total: Number(count.n) };
  }
}
