import type { Kysely } from 'kysely';
import { countOf, namesByIds } from '../../platform/db/figures.ts';
import type { Tables } from '../../platform/db/schema.ts';

/** What the admin area may read of the partner programme (decision 0219). */
interface PartnerFigures {
  /** Applications waiting for an operator's decision. */
  pendingApplications(): Promise<number>;
  /** The applicants' names and addresses by application id (the audit log shows them). */
  applicantsOf(ids: readonly string[]): Promise<Map<string, { name: string; email: string }>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    partnerFigures: PartnerFigures;
  }
}

/** The partner programme's read model for operators: counts in SQL over its own tables. */
export class PartnerAdminFigures implements PartnerFigures {
  constructor(private readonly db: Kysely<Tables>) {}

  async pendingApplications(): Promise<number> {
    const row = await this.db
      .selectFrom('partner_applications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return countOf(row.n);
  }

  applicantsOf(ids: readonly string[]): Promise<Map<string, { name: string; email: string }>> {
    return namesByIds(this.db, 'partner_applications', ids);
  }
}
