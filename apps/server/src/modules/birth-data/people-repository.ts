import type { Kysely } from 'kysely';
import type { Tables } from '../../platform/db/schema.ts';
import type { PeopleTable } from './tables.ts';

export type PersonRow = PeopleTable;

/** SQL for the people table; every query is scoped to the owner's id. */
export class PeopleRepository {
  constructor(private readonly db: Kysely<Tables>) {}

  /** The owner's people, oldest first. */
  async list(ownerId: string): Promise<PersonRow[]> {
    const rows = await this.db
      .selectFrom('people')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(normalised);
  }

  async find(ownerId: string, id: string): Promise<PersonRow | undefined> {
    const row = await this.db
      .selectFrom('people')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && normalised(row);
  }

  /**
   * Inserts unless the owner already has `max` people; false when full. The count and the insert
   * share a transaction: on PostgreSQL two adds in the same instant could both pass, which the
   * limit (a tidy list, not a security boundary) tolerates.
   */
  async insert(row: PersonRow, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const { count } = await trx
        .selectFrom('people')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('owner_id', '=', row.owner_id)
        .executeTakeFirstOrThrow();
      if (Number(count) >= max) return false;
      await trx.insertInto('people').values(row).execute();
      return true;
    });
  }

  /** Replaces everything but the ids and the creation time; false when there is no such person. */
  async update(row: PersonRow): Promise<boolean> {
    const { id, owner_id, created_at: _created, ...changes } = row;
    const result = await this.db
      .updateTable('people')
      .set(changes)
      .where('owner_id', '=', owner_id)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(ownerId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('people')
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}

// PostgreSQL answers numeric columns exactly as typed; SQLite may give 0/1 and integers: normalise.
function normalised(row: PersonRow): PersonRow {
  return {
    ...row,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    time_unknown: Number(row.time_unknown),
    utc_offset_seconds: Number(row.utc_offset_seconds),
  };
}
