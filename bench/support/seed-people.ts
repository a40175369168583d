import { randomUUID } from 'node:crypto';
import type { Database } from '../../apps/server/src/platform/db/database.ts';

/** A seeded person: an id, a zone and a birth in it. */
export interface SeededPerson {
  id: string;
  n: number;
  zone: string;
}

/** Zones with a city's latitude and longitude, taken in turn by the seeded people. */
export type SeedZones = readonly (readonly [zone: string, latitude: number, longitude: number])[];

/**
 * Inserts people `from`..`from + count` straight into the database: verified admins (paid access
 * without a subscription row) with their own birth profile in the zone of their turn, births spread
 * over 1940–2004 and one in ten without a time. The same n gives the same birth in every bench.
 */
export async function seedPeople(
  db: Database['db'],
  options: { from: number; count: number; zones: SeedZones; emailPrefix: string; now: string },
): Promise<SeededPerson[]> {
  const { from, count, zones, emailPrefix, now } = options;
  const batch = Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const [zone, latitude, longitude] = zones[n % zones.length]!;
    const birth = new Date(Date.UTC(1940, 0, 1) + ((n * 7919) % 23_700) * 86_400_000 + (n % 1440) * 60_000);
    return { id: randomUUID(), n, zone, latitude, longitude, birth };
  });
  await db
    .insertInto('users')
    .values(
      batch.map((p) => ({
        id: p.id,
        email: `${emailPrefix}.${p.n}.${p.id.slice(0, 8)}@bench.test`,
        name: 'Seed',
        password_hash: 'x',
        role: 'admin',
        email_verified: 1,
        disabled: 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await db
    .insertInto('birth_profiles')
    .values(
      batch.map((p) => ({
        id: p.id,
        owner_id: p.id,
        is_own: 1,
        relation: null,
        name: 'Seed',
        birth_date: p.birth.toISOString().slice(0, 10),
        birth_time: p.birth.toISOString().slice(11, 16),
        time_unknown: p.n % 10 === 0 ? 1 : 0,
        city: 'Seed',
        country: 'Seed',
        place_id: null,
        region: null,
        country_code: null,
        latitude: p.latitude,
        longitude: p.longitude,
        time_zone: p.zone,
        utc: p.birth.toISOString(),
        utc_offset_seconds: 0,
        resolution: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  return batch.map(({ id, n, zone }) => ({ id, n, zone }));
}
