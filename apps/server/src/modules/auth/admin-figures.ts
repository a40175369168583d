import type { AdminDashboard, AdminUser, AdminUserDetail, AdminUsersQuery } from '@app/contracts/admin.ts';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import {
  countOf,
  countPerDay,
  type DayCounts,
  namesByIds,
  type Use,
  type UsePerPerson,
  type UserIds,
} from '../../platform/db/figures.ts';
import type { Tables } from '../../platform/db/schema.ts';
import { ACCOUNT_COLUMNS_OF_USERS, type AccountRow, toAccount } from './account-row.ts';

/** A person as operators list them, without what other modules add (plan, subscription status). */
export type ListedAccount = Omit<AdminUser, 'plan' | 'subscriptionStatus'>;

/** Keeps only the people of a set, or leaves them out (a set another module gives, kept in SQL). */
type AmongPeople = { in: UserIds } | { notIn: UserIds };

/** What the admin area may read of accounts and sessions (decision 0219); never a hash or token. */
interface AccountFigures {
  /** Accounts in all, by state, and those created since each moment. */
  counts(since: { days7: string; days30: string }): Promise<AdminDashboard['users']>;
  signupsPerDay(since: string): Promise<DayCounts>;
  /** Addresses verified per UTC day (the day the link was used). */
  verificationsPerDay(since: string): Promise<DayCounts>;
  /** People with a session last seen that day (a session keeps its latest use only). */
  activePerDay(since: string): Promise<DayCounts>;
  /** A page of people by search, role and state, and how many match in all. */
  list(
    query: Omit<AdminUsersQuery, 'plan'>,
    among?: AmongPeople,
  ): Promise<{ accounts: ListedAccount[]; total: number }>;
  find(id: string): Promise<ListedAccount | undefined>;
  /** Up to 20 sessions of a person not expired at `now`, latest used first. */
  openSessions(userId: string, now: string): Promise<AdminUserDetail['sessions']>;
  /** Names and addresses by account id (ids not found are missing). */
  named(ids: readonly string[]): Promise<Map<string, { name: string; email: string }>>;
  /**
   * People with any use in one of the named per-person subqueries (other modules' figures, joined
   * in SQL), heaviest first by one of them, then by email.
   */
  byUse<Source extends string>(
    use: Record<Source, UsePerPerson>,
    order: { by: Source; of: keyof Use },
    page: { limit: number; offset: number },
  ): Promise<{ userId: string; email: string; use: Record<Source, Use> }[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accountFigures: AccountFigures;
  }
}

/** The auth module's read model for operators: counts and lists in SQL over its own tables. */
export class AccountAdminFigures implements AccountFigures {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly engine: 'sqlite' | 'postgres',
  ) {}

  async counts({ days7, days30 }: { days7: string; days30: string }) {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.sum<number>(eb.case().when('email_verified', '=', 1).then(1).else(0).end()).as('verified'),
        eb.fn.sum<number>(eb.case().when('disabled', '=', 1).then(1).else(0).end()).as('disabled'),
        eb.fn.sum<number>(eb.case().when('role', '=', 'admin').then(1).else(0).end()).as('admins'),
        eb.fn.sum<number>(eb.case().when('created_at', '>=', days7).then(1).else(0).end()).as('new7'),
        eb.fn.sum<number>(eb.case().when('created_at', '>=', days30).then(1).else(0).end()).as('new30'),
      ])
      .executeTakeFirstOrThrow();
    return {
      total: countOf(row.total),
      verified: countOf(row.verified),
      disabled: countOf(row.disabled),
      admins: countOf(row.admins),
      new7d: countOf(row.new7),
      new30d: countOf(row.new30),
    };
  }

  signupsPerDay(since: string): Promise<DayCounts> {
    return countPerDay(this.db, 'users', 'created_at', since);
  }

  verificationsPerDay(since: string): Promise<DayCounts> {
    // A verification uses its link secret: the day it was used.
    return countPerDay(this.db, 'account_secrets', 'used_at', since, sql`purpose = ${'verify-email'}`);
  }

  async activePerDay(since: string): Promise<DayCounts> {
    const day = sql<string>`substr(last_seen_at, 1, 10)`;
    const rows = await this.db
      .selectFrom('sessions')
      .select([day.as('day'), sql<number>`count(distinct user_id)`.as('n')])
      .where('last_seen_at', '>=', since)
      .groupBy(day)
      .execute();
    return new Map(rows.map((row) => [row.day, countOf(row.n)]));
  }

  private listing() {
    return this.db
      .selectFrom('users')
      .leftJoin('second_factors', 'second_factors.user_id', 'users.id')
      .select([
        ...ACCOUNT_COLUMNS_OF_USERS,
        'second_factors.confirmed_at as second_factor_at',
        // The open sessions' latest moment, or the one kept from deleted sessions if later.
        sql<string | null>`(select max(seen) from (
          select max(s.last_seen_at) as seen from sessions s where s.user_id = users.id
          union all select users.last_seen_at as seen
        ) as moments)`.as('last_seen_at'),
      ]);
  }

  private toListed(
    row: AccountRow & { second_factor_at: string | null; last_seen_at: string | null },
  ): ListedAccount {
    const { id, email, name, role, emailVerified, disabled, createdAt } = toAccount(row);
    return {
      id,
      email,
      name,
      role,
      emailVerified,
      disabled,
      secondFactor: row.second_factor_at !== null,
      createdAt,
      lastSeenAt: row.last_seen_at,
    };
  }

  async list(query: Omit<AdminUsersQuery, 'plan'>, among?: AmongPeople) {
    // The same conditions for the page and for the count.
    const conditions: RawBuilder<unknown>[] = [];
    if (query.search) {
      // Emails are stored in lower case. SQLite's LIKE ignores ASCII case; on PostgreSQL a
      // lower-cased name under LIKE is cheaper than ILIKE.
      const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const name = this.engine === 'postgres' ? sql`lower(users.name)` : sql`users.name`;
      conditions.push(sql`(users.email like ${pattern} escape '\\' or ${name} like ${pattern} escape '\\')`);
    }
    if (query.role) conditions.push(sql`users.role = ${query.role}`);
    if (query.status === 'verified') conditions.push(sql`users.email_verified = 1`);
    if (query.status === 'unverified') conditions.push(sql`users.email_verified = 0`);
    if (query.status === 'disabled') conditions.push(sql`users.disabled = 1`);
    if (among && 'in' in among) conditions.push(sql`users.id in ${among.in}`);
    if (among && 'notIn' in among) conditions.push(sql`users.id not in ${among.notIn}`);
    const where = sql<SqlBool>`${conditions.length ? sql.join(conditions, sql` and `) : sql`1 = 1`}`;
    const sortColumn = {
      created: sql.ref('users.created_at'),
      email: sql.ref('users.email'),
      name: sql`lower(users.name)`,
      lastSeen: sql.ref('last_seen_at'),
    }[query.sort];
    const [rows, count] = await Promise.all([
      this.listing()
        .where(where)
        .orderBy(sortColumn, query.order)
        .orderBy('users.id')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      this.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(where)
        .executeTakeFirstOrThrow(),
    ]);
    return { accounts: rows.map((row) => this.toListed(row)), total: countOf(count.n) };
  }

  async find(id: string): Promise<ListedAccount | undefined> {
    const row = await this.listing().where('users.id', '=', id).executeTakeFirst();
    return row && this.toListed(row);
  }

  async openSessions(userId: string, now: string) {
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_seen_at', 'user_agent'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .orderBy('last_seen_at', 'desc')
      .limit(20)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      userAgent: row.user_agent,
    }));
  }

  named(ids: readonly string[]): Promise<Map<string, { name: string; email: string }>> {
    return namesByIds(this.db, 'users', ids);
  }

  async byUse<Source extends string>(
    use: Record<Source, UsePerPerson>,
    order: { by: Source; of: keyof Use },
    page: { limit: number; offset: number },
  ) {
    // Each subquery joins under an alias of its own (u0, u1, …), so no source name reaches the SQL.
    const sources = (Object.keys(use) as Source[]).map((name, i) => ({ name, alias: `u${i}` }));
    const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
    const sortAlias = sources.find((source) => source.name === order.by)?.alias ?? 'u0';
    const figures = sources.flatMap(({ alias }) => [
      sql`${ref(alias, 'today')} as ${sql.id(`${alias}_today`)}`,
      sql`${ref(alias, 'days30')} as ${sql.id(`${alias}_days30`)}`,
    ]);
    const joins = sources.map(
      ({ name, alias }) =>
        sql`left join ${use[name]} as ${sql.id(alias)} on ${ref(alias, 'user_id')} = users.id`,
    );
    const used = sources.map(({ alias }) => sql`${ref(alias, 'days30')} is not null`);
    const { rows } = await sql<Record<string, unknown> & { id: string; email: string }>`
      select users.id, users.email, ${sql.join(figures)}
      from users ${sql.join(joins, sql` `)}
      where ${sql.join(used, sql` or `)}
      order by coalesce(${ref(sortAlias, order.of)}, 0) desc, users.email
      limit ${page.limit} offset ${page.offset}`.execute(this.db);
    return rows.map((row) => ({
      userId: row.id,
      email: row.email,
      use: Object.fromEntries(
        sources.map(({ name, alias }) => [
          name,
          { today: countOf(row[`${alias}_today`]), days30: countOf(row[`${alias}_days30`]) },
        ]),
      ) as Record<Source, Use>,
    }));
  }
}
