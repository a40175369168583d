import type { Kysely } from 'kysely';
import { countOf } from '../../platform/db/figures.ts';
import type { Tables } from '../../platform/db/schema.ts';

/**
 * What the admin area may read of the births people keep (decision 0219): how many people in
 * their life someone added, never who they are or when they were born.
 */
interface BirthProfileFigures {
  peopleAddedBy(userId: string): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    birthProfileFigures: BirthProfileFigures;
  }
}

/** The birth profiles' read model for operators: a count in SQL. */
export class BirthProfileAdminFigures implements BirthProfileFigures {
  constructor(private readonly db: Kysely<Tables>) {}

  async peopleAddedBy(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('birth_profiles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_id', '=', userId)
      .where('is_own', '=', 0)
      .executeTakeFirstOrThrow();
    return countOf(row.n);
  }
}
