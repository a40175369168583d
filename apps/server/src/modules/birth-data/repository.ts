import type { Kysely } from 'kysely';
import type { Tables } from '../../platform/db/schema.ts';
import type { BirthDataTable } from './tables.ts';

export type BirthDataRow = BirthDataTable;

const COLUMNS = [
  'user_id',
  'name',
  'birth_date',
  'birth_time',
  'time_unknown',
  'city',
  'country',
  'place_id',
  'region',
  'country_code',
  'latitude',
  'longitude',
  'time_zone',
  'utc',
  'utc_offset_seconds',
  'stated_utc_offset_seconds',
  'resolution',
  'created_at',
  'updated_at',
] as const;

/** SQL for the birth_data table; every query is scoped to one person's id. */
export class BirthDataRepository {
  constructor(private readonly db: Kysely<Tables>) {}

  async find(userId: string): Promise<BirthDataRow | undefined> {
    const row = await this.db
      .selectFrom('birth_data')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    // PostgreSQL answers numeric columns exactly as typed; SQLite may give 0/1 and integers: normalise.
    return row && { ...row, latitude: Number(row.latitude), longitude: Number(row.longitude) };
  }

  /** Inserts; false when the person already has a record (the caller answers 409). */
  /** User ids that have birth data, in id order after `after`, a batch at a time. */
  async userIdsAfter(after: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('birth_data')
      .select('user_id')
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.user_id);
  }

  async insert(row: BirthDataRow): Promise<boolean> {
    const result = await this.db
      .insertInto('birth_data')
      .values(row)
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** Replaces everything but the creation time; false when there is nothing to update. */
  async update(row: BirthDataRow): Promise<boolean> {
    const { user_id, created_at: _created, ...changes } = row;
    const result = await this.db
      .updateTable('birth_data')
      .set(changes)
      .where('user_id', '=', user_id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(userId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('birth_data').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
