import type { SystemHealth } from '@app/contracts/admin.ts';
import { type Kysely, sql } from 'kysely';
import {
  countOf,
  countPerDay,
  type DayCounts,
  type Use,
  type UsePerPerson,
  type UseWindow,
} from '../../platform/db/figures.ts';
import type { Tables } from '../../platform/db/schema.ts';

/** What the admin area may read of the chat (decision 0219). Messages count what people asked. */
interface ChatFigures {
  /** People's messages since a moment. */
  messagesSince(since: string): Promise<number>;
  /** People's messages per UTC day since a moment. */
  messagesPerDay(since: string): Promise<DayCounts>;
  /** Each person's messages today and over 30 days, as a subquery to join by person. */
  usePerPerson(window: UseWindow): UsePerPerson;
  /** One person's messages today and over 30 days. */
  useOf(userId: string, window: UseWindow): Promise<Use>;
  /** Per model, most checked first: answers since a moment checked against the chart, and those corrected. */
  answerChecks(since: string): Promise<SystemHealth['assistant']['corrections']>;
}

declare module 'fastify' {
  interface FastifyInstance {
    chatFigures: ChatFigures;
  }
}

/** The chat's read model for operators: counts in SQL over its own tables. */
export class ChatAdminFigures implements ChatFigures {
  constructor(private readonly db: Kysely<Tables>) {}

  private asked() {
    return this.db.selectFrom('chat_messages').where('role', '=', 'user');
  }

  async messagesSince(since: string): Promise<number> {
    const row = await this.asked()
      .select((eb) => eb.fn.countAll().as('n'))
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return countOf(row.n);
  }

  messagesPerDay(since: string): Promise<DayCounts> {
    return countPerDay(this.db, 'chat_messages', 'created_at', since, sql`role = ${'user'}`);
  }

  private use({ today, since30 }: UseWindow) {
    return this.asked()
      .select([
        'user_id',
        (eb) => eb.fn.countAll().as('days30'),
        (eb) =>
          eb.fn.sum<number>(eb.case().when('created_at', '>=', today).then(1).else(0).end()).as('today'),
      ])
      .where('created_at', '>=', since30)
      .groupBy('user_id');
  }

  usePerPerson(window: UseWindow): UsePerPerson {
    return this.use(window);
  }

  async useOf(userId: string, window: UseWindow): Promise<Use> {
    const row = await this.use(window).where('user_id', '=', userId).executeTakeFirst();
    return { today: countOf(row?.today), days30: countOf(row?.days30) };
  }

  async answerChecks(since: string): Promise<SystemHealth['assistant']['corrections']> {
    const rows = await this.db
      .selectFrom('chat_messages')
      .select((eb) => ['model', eb.fn.countAll().as('checked'), eb.fn.count('corrections').as('corrected')])
      .where('role', '=', 'assistant')
      .where('model', 'is not', null)
      .where('created_at', '>=', since)
      .groupBy('model')
      .execute();
    return rows
      .map((row) => ({
        model: row.model ?? '',
        checked: countOf(row.checked),
        corrected: countOf(row.corrected),
      }))
      .sort((a, b) => b.checked - a.checked || a.model.localeCompare(b.model));
  }
}
