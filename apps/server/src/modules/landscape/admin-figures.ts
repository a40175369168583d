import type { Kysely } from 'kysely';
import {
  countOf,
  countPerDay,
  type DayCounts,
  type Use,
  type UsePerPerson,
  type UseWindow,
} from '../../platform/db/figures.ts';
import type { Tables } from '../../platform/db/schema.ts';

/** What the admin area may read of the landscapes (decision 0219): those generated, by when. */
interface LandscapeFigures {
  /** Landscapes generated since a moment. */
  generatedSince(since: string): Promise<number>;
  /** Landscapes generated per UTC day since a moment. */
  generatedPerDay(since: string): Promise<DayCounts>;
  /** Each person's landscapes generated today and over 30 days, as a subquery to join by person. */
  usePerPerson(window: UseWindow): UsePerPerson;
  /** One person's landscapes generated today and over 30 days. */
  useOf(userId: string, window: UseWindow): Promise<Use>;
}

declare module 'fastify' {
  interface FastifyInstance {
    landscapeFigures: LandscapeFigures;
  }
}

/** The landscape's read model for operators: counts in SQL over its own table. */
export class LandscapeAdminFigures implements LandscapeFigures {
  constructor(private readonly db: Kysely<Tables>) {}

  async generatedSince(since: string): Promise<number> {
    const row = await this.db
      .selectFrom('landscapes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('generated_at', '>=', since)
      .executeTakeFirstOrThrow();
    return countOf(row.n);
  }

  generatedPerDay(since: string): Promise<DayCounts> {
    return countPerDay(this.db, 'landscapes', 'generated_at', since);
  }

  private use({ today, since30 }: UseWindow) {
    return this.db
      .selectFrom('landscapes')
      .select([
        'user_id',
        (eb) => eb.fn.countAll().as('days30'),
        (eb) =>
          eb.fn.sum<number>(eb.case().when('generated_at', '>=', today).then(1).else(0).end()).as('today'),
      ])
      .where('generated_at', '>=', since30)
      .groupBy('user_id');
  }

  usePerPerson(window: UseWindow): UsePerPerson {
    return this.use(window);
  }

  async useOf(userId: string, window: UseWindow): Promise<Use> {
    const row = await this.use(window).where('user_id', '=', userId).executeTakeFirst();
    return { today: countOf(row?.today), days30: countOf(row?.days30) };
  }
}
