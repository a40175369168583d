import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Tables } from './schema.ts';

// What the modules' read models for operators share (decision 0219). They count in SQL, never by
// loading rows, with the same queries on SQLite and PostgreSQL over ISO-8601 text timestamps, so a
// day is the UTC day named by a timestamp's first ten characters.

/** A count as a number on both engines (PostgreSQL answers a bigint as text, an empty sum as null). */
export const countOf = (value: unknown): number => Number(value ?? 0);

/** Counts per UTC day (`YYYY-MM-DD`); a day without rows is missing. */
export type DayCounts = Map<string, number>;

/** The start of today (UTC) and the moment 30 days ago, as ISO timestamps. */
export interface UseWindow {
  today: string;
  since30: string;
}

/** A person's use of something (messages, landscapes): how many today and over the last 30 days. */
export interface Use {
  today: number;
  days30: number;
}

/**
 * A select query of one row per person (`user_id`) with their use today and over the last 30
 * days: a module hands it to another, which joins it in SQL without naming the owner's table.
 */
export type UsePerPerson = Expression<{ user_id: string; today: unknown; days30: unknown }>;

/** A select query of account ids (`user_id`): another module's query keeps or leaves out those people. */
export type UserIds = Expression<{ user_id: string }>;

/** Rows per UTC day of a timestamp column since a moment, with an optional extra condition. */
export async function countPerDay(
  db: Kysely<Tables>,
  table: keyof Tables,
  column: string,
  since: string,
  condition: RawBuilder<unknown> = sql`1 = 1`,
): Promise<DayCounts> {
  const { rows } = await sql<{ day: string; n: unknown }>`
    select substr(${sql.ref(column)}, 1, 10) as day, count(*) as n from ${sql.table(table)}
    where ${sql.ref(column)} >= ${since} and ${condition} group by 1`.execute(db);
  return new Map(rows.map((row) => [row.day, countOf(row.n)]));
}

/** The tables whose rows have a name and an email (people, applicants, senders). */
type NamedTable = {
  [T in keyof Tables]: Tables[T] extends { id: string; name: string; email: string } ? T : never;
}[keyof Tables];

/** The name and email of rows by id (ids not found are missing), for showing people behind ids. */
export async function namesByIds(
  db: Kysely<Tables>,
  table: NamedTable,
  ids: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom(table)
    .select(['id', 'name', 'email'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}
