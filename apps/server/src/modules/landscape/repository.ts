import type { Landscape } from '@app/contracts/landscape.ts';
import type { Kysely } from 'kysely';
import type { CoherentCache } from '../../platform/db/coherent-cache.ts';
import type { Tables } from '../../platform/db/schema.ts';

export interface StoredLandscape {
  id: string;
  userId: string;
  date: string;
  zone: string;
  variant: number;
  pending: boolean;
  claimedAt: string;
  birthStamp: string;
  /** Null while a pre-generation run is still building it. */
  landscape: Landscape | null;
}

export interface LandscapePreferences {
  locationPlaceId: number | null;
  locationName: string | null;
  locationZone: string | null;
  calendarTokenHash: string | null;
}

const LANDSCAPE_COLUMNS = [
  'id',
  'user_id',
  'local_date',
  'zone',
  'variant',
  'state',
  'claimed_at',
  'birth_stamp',
  'payload',
] as const;

type LandscapeRow = Pick<Tables['landscapes'], (typeof LANDSCAPE_COLUMNS)[number]>;

function toStored(row: LandscapeRow): StoredLandscape {
  return {
    id: row.id,
    userId: row.user_id,
    date: row.local_date,
    zone: row.zone,
    variant: Number(row.variant),
    pending: row.state === 'pending',
    claimedAt: row.claimed_at,
    birthStamp: row.birth_stamp,
    landscape: row.payload ? (JSON.parse(row.payload) as Landscape) : null,
  };
}

/** The PostgreSQL channel the landscape triggers announce on (migration 0052). */
export const LANDSCAPE_CHANGES_CHANNEL = 'landscape_changes';

export interface LatestLandscape {
  date: string;
  zone: string;
  birthStamp: string;
  payload: string;
  /** The current location's zone, if one is set. */
  locationZone: string | null;
}

export class LandscapeRepository {
  /**
   * @param latest what `latestText` keeps in memory per person; every write below that changes
   *   it goes through `latest.changing`, and other processes' writes arrive through its feed.
   */
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly latest: CoherentCache<LatestLandscape | null>,
  ) {}

  async find(userId: string, date: string): Promise<StoredLandscape | null> {
    const row = await this.db
      .selectFrom('landscapes')
      .select(LANDSCAPE_COLUMNS)
      .where('user_id', '=', userId)
      .where('local_date', '=', date)
      .executeTakeFirst();
    return row ? toStored(row) : null;
  }

  /**
   * The person's newest finished landscape as stored text (the hot path: no parsing, no
   * re-serialising), from memory while nothing behind it has changed.
   */
  latestText(userId: string): Promise<LatestLandscape | null> {
    return this.latest.read(userId, Date.now(), () => this.readLatest(userId));
  }

  private async readLatest(userId: string): Promise<LatestLandscape | null> {
    const row = await this.db
      .selectFrom('landscapes')
      .leftJoin('landscape_preferences', 'landscape_preferences.user_id', 'landscapes.user_id')
      .select([
        'landscapes.local_date',
        'landscapes.zone',
        'landscapes.birth_stamp',
        'landscapes.payload',
        'landscape_preferences.location_zone',
      ])
      .where('landscapes.user_id', '=', userId)
      .where('landscapes.state', '=', 'ready')
      .orderBy('landscapes.local_date', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.payload
      ? {
          date: row.local_date,
          zone: row.zone,
          birthStamp: row.birth_stamp,
          payload: row.payload,
          locationZone: row.location_zone ?? null,
        }
      : null;
  }

  /** Finished landscapes, newest day first. */
  async history(userId: string, limit: number): Promise<StoredLandscape[]> {
    const rows = await this.db
      .selectFrom('landscapes')
      .select(LANDSCAPE_COLUMNS)
      .where('user_id', '=', userId)
      .where('state', '=', 'ready')
      .orderBy('local_date', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toStored);
  }

  /**
   * Claims the day for building: true when this caller inserted the pending row (nobody else
   * builds it), or took over a claim older than `staleBefore` (its builder died).
   */
  async claim(
    entry: { id: string; userId: string; date: string; zone: string; birthStamp: string },
    now: string,
    staleBefore: string,
  ): Promise<boolean> {
    const inserted = await this.db
      .insertInto('landscapes')
      .values({
        id: entry.id,
        user_id: entry.userId,
        local_date: entry.date,
        zone: entry.zone,
        variant: 0,
        state: 'pending',
        claimed_at: now,
        generated_at: null,
        birth_stamp: entry.birthStamp,
        payload: null,
      })
      .onConflict((oc) => oc.columns(['user_id', 'local_date']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return true;
    const taken = await this.db
      .updateTable('landscapes')
      .set({ claimed_at: now })
      .where('user_id', '=', entry.userId)
      .where('local_date', '=', entry.date)
      .where('state', '=', 'pending')
      .where('claimed_at', '<', staleBefore)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /**
   * Claims an out-of-date day for rebuilding: true when this caller moved its claim time on from
   * the one it read (a second claimant finds it moved, or the day rebuilt, and leaves it).
   */
  async claimRebuild(existing: StoredLandscape, now: string): Promise<boolean> {
    const taken = await this.db
      .updateTable('landscapes')
      .set({ claimed_at: now })
      .where('id', '=', existing.id)
      .where('claimed_at', '=', existing.claimedAt)
      .where('birth_stamp', '=', existing.birthStamp)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /**
   * Stores a finished landscape for the day, replacing whatever is there (a pending claim, an
   * out-of-date one) unless `expectedVariant` is given and another writer got there first.
   */
  async store(
    entry: { userId: string; landscape: Landscape; birthStamp: string },
    expectedVariant?: number,
  ): Promise<boolean> {
    return this.latest.changing(entry.userId, () => this.write(entry, expectedVariant));
  }

  private async write(
    entry: { userId: string; landscape: Landscape; birthStamp: string },
    expectedVariant: number | undefined,
  ): Promise<boolean> {
    const { landscape } = entry;
    const values = {
      zone: landscape.zone,
      variant: landscape.variant,
      state: 'ready',
      claimed_at: landscape.generatedAt,
      generated_at: landscape.generatedAt,
      birth_stamp: entry.birthStamp,
      payload: JSON.stringify(landscape),
    };
    if (expectedVariant === undefined) {
      const result = await this.db
        .insertInto('landscapes')
        .values({ id: landscape.id, user_id: entry.userId, local_date: landscape.date, ...values })
        .onConflict((oc) =>
          oc.columns(['user_id', 'local_date']).doUpdateSet({ ...values, id: landscape.id }),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    }
    const result = await this.db
      .updateTable('landscapes')
      .set({ ...values, id: landscape.id })
      .where('user_id', '=', entry.userId)
      .where('local_date', '=', landscape.date)
      .where('variant', '=', expectedVariant)
      .where('state', '=', 'ready')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Drops the person's landscape of a day (their birth data changed). */
  async forget(userId: string, date: string): Promise<void> {
    await this.latest.changing(userId, () =>
      this.db.deleteFrom('landscapes').where('user_id', '=', userId).where('local_date', '=', date).execute(),
    );
  }

  async preferences(userId: string): Promise<LandscapePreferences> {
    const row = await this.db
      .selectFrom('landscape_preferences')
      .select(['location_place_id', 'location_name', 'location_zone', 'calendar_token_hash'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return {
      locationPlaceId: row?.location_place_id ?? null,
      locationName: row?.location_name ?? null,
      locationZone: row?.location_zone ?? null,
      calendarTokenHash: row?.calendar_token_hash ?? null,
    };
  }

  async savePreferences(userId: string, change: Partial<LandscapePreferences>, now: string): Promise<void> {
    const values = {
      ...('locationPlaceId' in change && { location_place_id: change.locationPlaceId ?? null }),
      ...('locationName' in change && { location_name: change.locationName ?? null }),
      ...('locationZone' in change && { location_zone: change.locationZone ?? null }),
      ...('calendarTokenHash' in change && { calendar_token_hash: change.calendarTokenHash ?? null }),
      updated_at: now,
    };
    await this.latest.changing(userId, () =>
      this.db
        .insertInto('landscape_preferences')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute(),
    );
  }

  /** Voids the calendar address, if the person has one (no row is made for anyone else). */
  async clearCalendarToken(userId: string, now: string): Promise<void> {
    await this.db
      .updateTable('landscape_preferences')
      .set({ calendar_token_hash: null, updated_at: now })
      .where('user_id', '=', userId)
      .where('calendar_token_hash', 'is not', null)
      .execute();
  }

  async userByCalendarHash(hash: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('landscape_preferences')
      .select('user_id')
      .where('calendar_token_hash', '=', hash)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }
}
