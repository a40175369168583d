import type { Kysely } from 'kysely';
import type { Tables } from '../../platform/db/schema.ts';
import type { BirthColumns } from './tables.ts';

// SQL for birth_profiles, the one table of births. The owner's own profile carries the owner's id
// as its id (is_own = 1); the people in their life have their own ids. Every query is scoped to
// the owner.

/** The person's own birth, by the account it belongs to. */
export type BirthDataRow = BirthColumns & { user_id: string };

/** Someone in a person's life: their birth, a name and an optional relation, owned by the person. */
export type PersonRow = BirthColumns & { id: string; owner_id: string; relation: string | null };

// PostgreSQL answers numeric columns exactly as typed; SQLite may give 0/1 and integers: normalise.
function normalised<Row extends BirthColumns>(row: Row): Row {
  return {
    ...row,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    time_unknown: Number(row.time_unknown),
    utc_offset_seconds: Number(row.utc_offset_seconds),
  };
}

/** The person's own birth profile. */
export class BirthDataRepository {
  constructor(private readonly db: Kysely<Tables>) {}

  private own(userId: string) {
    return this.db.selectFrom('birth_profiles').where('id', '=', userId).where('is_own', '=', 1);
  }

  async find(userId: string): Promise<BirthDataRow | undefined> {
    const row = await this.own(userId).selectAll().select('owner_id as user_id').executeTakeFirst();
    if (!row) return undefined;
    const { id: _id, owner_id: _owner, is_own: _own, relation: _relation, ...birth } = row;
    return normalised(birth);
  }

  /** User ids that have birth data, in id order after `after`, a batch at a time. */
  async userIdsAfter(after: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('birth_profiles')
      .select('owner_id')
      .where('is_own', '=', 1)
      .where('owner_id', '>', after)
      .orderBy('owner_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.owner_id);
  }

  /** Inserts; false when the person already has a record (the caller answers 409). */
  async insert(row: BirthDataRow): Promise<boolean> {
    const { user_id, ...birth } = row;
    const result = await this.db
      .insertInto('birth_profiles')
      .values({ ...birth, id: user_id, owner_id: user_id, is_own: 1, relation: null })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** Replaces everything but the creation time; false when there is nothing to update. */
  async update(row: BirthDataRow): Promise<boolean> {
    const { user_id, created_at: _created, ...changes } = row;
    const result = await this.db
      .updateTable('birth_profiles')
      .set(changes)
      .where('id', '=', user_id)
      .where('is_own', '=', 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('birth_profiles')
      .where('id', '=', userId)
      .where('is_own', '=', 1)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}

/** The birth profiles of the people in a person's life (never the person's own). */
export class PeopleRepository {
  constructor(private readonly db: Kysely<Tables>) {}

  private others(ownerId: string) {
    return this.db.selectFrom('birth_profiles').where('owner_id', '=', ownerId).where('is_own', '=', 0);
  }

  /** The owner's people, oldest first. */
  async list(ownerId: string): Promise<PersonRow[]> {
    const rows = await this.others(ownerId).selectAll().orderBy('created_at').orderBy('id').execute();
    return rows.map(personOf);
  }

  async find(ownerId: string, id: string): Promise<PersonRow | undefined> {
    const row = await this.others(ownerId).selectAll().where('id', '=', id).executeTakeFirst();
    return row && personOf(row);
  }

  /**
   * Inserts unless the owner already has `max` people; false when full. The count and the insert
   * share a transaction: on PostgreSQL two adds in the same instant could both pass, which the
   * limit (a tidy list, not a security boundary) tolerates.
   */
  async insert(row: PersonRow, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const { count } = await trx
        .selectFrom('birth_profiles')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('owner_id', '=', row.owner_id)
        .where('is_own', '=', 0)
        .executeTakeFirstOrThrow();
      if (Number(count) >= max) return false;
      await trx
        .insertInto('birth_profiles')
        .values({ ...row, is_own: 0 })
        .execute();
      return true;
    });
  }

  /** Replaces everything but the ids and the creation time; false when there is no such person. */
  async update(row: PersonRow): Promise<boolean> {
    const { id, owner_id, created_at: _created, ...changes } = row;
    const result = await this.db
      .updateTable('birth_profiles')
      .set(changes)
      .where('owner_id', '=', owner_id)
      .where('id', '=', id)
      .where('is_own', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(ownerId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('birth_profiles')
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .where('is_own', '=', 0)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}

function personOf(row: PersonRow & { is_own: number }): PersonRow {
  const { is_own: _own, ...person } = row;
  return normalised(person);
}
