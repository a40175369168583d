import { localMeanTimeEnd, zoneNames } from '@app/astro/time/zones';
import type { Kysely } from 'kysely';
import { type BirthMoment, resolveBirthMoment } from '../birth-moment.ts';

// Births saved before the birthplace's own mean time was used were read, when their local time
// falls before the zone's standard time, by the mean time of the zone's reference city (Oslo's
// +0:43 for a birth in Bergen). Read them again by the birthplace's clock history, as a save does
// now, and store the new instant and offset. A time that the change from local mean time skipped
// or repeated at the birthplace, saved without a choice, takes the earlier reading (as a birth of
// unknown time does) and records that choice, so the person sees it and can change it.

const BATCH = 500;

/** The day after the last change away from local mean time in any zone: later births need nothing. */
function lastMeanTimeDate(): string {
  let latest = Number.NEGATIVE_INFINITY;
  for (const zone of zoneNames()) {
    const end = localMeanTimeEnd(zone);
    if (end !== undefined && Number.isFinite(end) && end > latest) latest = end;
  }
  return new Date((latest + 2 * 86400) * 1000).toISOString().slice(0, 10);
}

/** The birth_data table as it was when this migration was written (0014 moved it). */
interface BirthDataTables {
  birth_data: {
    user_id: string;
    birth_date: string;
    birth_time: string;
    time_unknown: number;
    city: string;
    longitude: number;
    time_zone: string;
    utc: string;
    utc_offset_seconds: number;
    stated_utc_offset_seconds: number | null;
    resolution: string | null;
  };
}

type StoredBirth = Omit<
  BirthDataTables['birth_data'],
  'user_id' | 'utc' | 'utc_offset_seconds' | 'stated_utc_offset_seconds'
>;

/** The birth read by the birthplace's clock, or null when it cannot be read (it then stays as it was). */
function reread(row: StoredBirth): BirthMoment | null {
  try {
    return resolveBirthMoment({
      date: row.birth_date,
      time: row.birth_time,
      zone: row.time_zone,
      longitude: Number(row.longitude),
      city: row.city,
      timeUnknown: Number(row.time_unknown) === 1,
      resolution: row.resolution === 'later' ? 'later' : 'earlier',
      statedUtcOffsetSeconds: null,
    });
  } catch {
    return null;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const births = db as unknown as Kysely<BirthDataTables>;
  const until = lastMeanTimeDate();
  let after = '';
  for (;;) {
    const rows = await births
      .selectFrom('birth_data')
      .select([
        'user_id',
        'birth_date',
        'birth_time',
        'time_unknown',
        'city',
        'longitude',
        'time_zone',
        'utc',
        'utc_offset_seconds',
        'resolution',
      ])
      .where('user_id', '>', after)
      .where('birth_date', '<=', until)
      .where('stated_utc_offset_seconds', 'is', null)
      .orderBy('user_id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const moment = reread(row);
      if (!moment) continue;
      const utc = new Date(moment.epochSeconds * 1000).toISOString();
      if (
        utc === row.utc &&
        moment.offset === Number(row.utc_offset_seconds) &&
        moment.resolution === row.resolution
      )
        continue;
      await births
        .updateTable('birth_data')
        .set({ utc, utc_offset_seconds: moment.offset, resolution: moment.resolution })
        .where('user_id', '=', row.user_id)
        .execute();
    }
    after = rows[rows.length - 1]!.user_id;
  }
}
