import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMigrations } from '../../app.ts';
import { migrateToLatest } from '../../platform/db/migrate.ts';
import { openTestDatabase, type TestDatabase, testConfig } from '../../testing/harness.ts';
import { up as rereadLocalMeanTimes } from './migrations/0012-birth-data-local-mean-time.ts';

// The migrations that changed births already stored: 0012 read old records again by the
// birthplace's own mean time, and 0014 moved the person's own birth (birth_data) and the people in
// their life (people) into birth profiles. Each runs on a database as it was before it
// (SQLite, or PostgreSQL with TEST_DATABASE_URL).

let test: TestDatabase;
let db: Kysely<unknown>;
const now = '2026-11-27T00:00:00.000Z';

beforeAll(async () => {
  test = await openTestDatabase(testConfig());
  db = test.database.db as unknown as Kysely<unknown>;
  const all = allMigrations();
  const untilPeople = Object.fromEntries(Object.entries(all).filter(([name]) => name <= '0013-people'));
  await migrateToLatest(test.database, untilPeople);
});
afterAll(() => test.drop());

const bergen = {
  name: 'Edvard',
  birth_date: '1880-05-17',
  birth_time: '12:00',
  time_unknown: 0,
  city: 'Bergen',
  country: 'Norway',
  place_id: null,
  region: null,
  country_code: 'NO',
  latitude: 60.3913,
  longitude: 5.3221,
  time_zone: 'Europe/Oslo',
  stated_utc_offset_seconds: null,
  resolution: null,
  created_at: now,
  updated_at: now,
};

async function person(): Promise<string> {
  const id = randomUUID();
  await sql`insert into users (id, email, name, password_hash, created_at, updated_at)
    values (${id}, ${`${id}@births.test`}, 'Seed', 'x', ${now}, ${now})`.execute(db);
  return id;
}

/** Stores a birth as a save before 0012 left it (the zone's reference-city mean time). */
async function savedBefore(birth: Record<string, unknown>): Promise<string> {
  const userId = await person();
  const row = { ...bergen, ...birth, user_id: userId };
  const columns = Object.keys(row);
  await sql`insert into birth_data (${sql.join(columns.map((c) => sql.ref(c)))})
    values (${sql.join(Object.values(row))})`.execute(db);
  return userId;
}

async function stored(table: 'birth_data' | 'birth_profiles', key: string, id: string) {
  const { rows } = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(table)} where ${sql.ref(key)} = ${id}`.execute(db);
  return rows[0];
}

const moment = (row: Record<string, unknown> | undefined) => ({
  utc: row?.utc,
  offset: Number(row?.utc_offset_seconds),
  resolution: row?.resolution,
});

describe('births stored before', () => {
  it('are read again at the birthplace once (unless an offset was stated), then move into birth profiles with the people', async () => {
    const lmt = await savedBefore({ utc: '1880-05-17T11:17:00.000Z', utc_offset_seconds: 2580 });
    // A time the change from mean time skipped, saved without a choice.
    const gap = await savedBefore({
      birth_date: '1894-12-31',
      birth_time: '23:50',
      utc: '1894-12-31T23:07:00.000Z',
      utc_offset_seconds: 2580,
    });
    const stated = await savedBefore({
      utc: '1880-05-17T11:00:00.000Z',
      utc_offset_seconds: 3600,
      stated_utc_offset_seconds: 3600,
    });
    const modern = await savedBefore({
      birth_date: '1990-04-21',
      birth_time: '14:30',
      utc: '1990-04-21T12:30:00.000Z',
      utc_offset_seconds: 7200,
    });

    await rereadLocalMeanTimes(db);
    const expected = {
      [lmt]: { utc: '1880-05-17T11:38:43.000Z', offset: 1277, resolution: null },
      // The earlier reading, recorded as the choice so that the person sees it and can change it.
      [gap]: { utc: '1894-12-31T22:50:00.000Z', offset: 1277, resolution: 'earlier' },
      [stated]: { utc: '1880-05-17T11:00:00.000Z', offset: 3600, resolution: null },
      [modern]: { utc: '1990-04-21T12:30:00.000Z', offset: 7200, resolution: null },
    };
    for (const [userId, want] of Object.entries(expected)) {
      expect(moment(await stored('birth_data', 'user_id', userId)), userId).toEqual(want);
    }
    // Running it again changes nothing.
    await rereadLocalMeanTimes(db);
    for (const [userId, want] of Object.entries(expected)) {
      expect(moment(await stored('birth_data', 'user_id', userId))).toEqual(want);
    }

    const friendId = randomUUID();
    await sql`insert into people (id, owner_id, relation, name, birth_date, birth_time, time_unknown, city,
      country, latitude, longitude, time_zone, utc, utc_offset_seconds, created_at, updated_at)
      values (${friendId}, ${modern}, 'friend', 'Grace', '1906-12-09', '12:00', 1, 'New York', 'United States',
      40.7128, -74.006, 'America/New_York', '1906-12-09T17:00:00.000Z', -18000, ${now}, ${now})`.execute(db);

    await migrateToLatest(test.database, allMigrations());
    for (const [userId, want] of Object.entries(expected)) {
      const profile = await stored('birth_profiles', 'id', userId);
      expect(profile).toMatchObject({ owner_id: userId, relation: null, name: 'Edvard', city: 'Bergen' });
      expect(Number(profile?.is_own)).toBe(1);
      expect(moment(profile)).toEqual(want);
    }
    const friend = await stored('birth_profiles', 'id', friendId);
    expect(friend).toMatchObject({
      owner_id: modern,
      relation: 'friend',
      name: 'Grace',
      birth_date: '1906-12-09',
    });
    expect([Number(friend?.is_own), Number(friend?.time_unknown)]).toEqual([0, 1]);
  });
});
