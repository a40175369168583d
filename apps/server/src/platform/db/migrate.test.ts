import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { allMigrations } from '../../app.ts';
import { openTestDatabase, type TestDatabase, testConfig } from '../../testing/harness.ts';
import { collectMigrations, migrateToLatest } from './migrate.ts';

// Databases made before the modules owned their migrations recorded these names; they must stay.
const RECORDED = [
  '0001-accounts',
  '0002-mail-outbox',
  '0003-session-change-notices',
  '0004-second-factor',
  '0005-audit-log',
  '0006-users-by-creation',
  '0007-readiness-probe',
  '0008-last-seen-kept',
  '0009-mail-headers',
  '0010-birth-data',
  '0011-birth-data-stated-offset',
  '0012-birth-data-local-mean-time',
  '0013-people',
  '0014-birth-profiles',
  '0020-subscriptions',
  '0021-subscription-discount',
  '0022-subscriptions-reporting',
  '0023-plan-changes',
  '0024-plan-usage-limits',
  '0040-partners',
  '0041-contact-messages',
  '0042-contact-handled',
  '0043-application-changes',
  '0050-landscapes',
  '0051-landscapes-by-time',
  '0052-landscape-change-notices',
  '0060-chat',
  '0061-chat-messages-by-time',
  '0062-chat-answer-list-lines',
  '0063-chat-answer-corrections',
  '0070-notifications',
];

let test: TestDatabase;
beforeAll(async () => {
  test = await openTestDatabase(testConfig());
});
afterAll(() => test.drop());

describe('migrations collected from the modules', () => {
  it('apply under the names existing databases recorded, in that order, and only once', async () => {
    expect(await migrateToLatest(test.database, allMigrations())).toEqual(RECORDED);
    const recorded = await test.database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never)
      .execute();
    expect(recorded.map((row) => (row as { name: string }).name)).toEqual(RECORDED);
    expect(await migrateToLatest(test.database, allMigrations())).toEqual([]);
  });

  it('refuses two migrations of one name', () => {
    const up = async () => undefined;
    expect(() => collectMigrations([{ '0001-a': { up } }, { '0001-a': { up } }])).toThrow(
      'Two migrations are named 0001-a',
    );
  });
});

describe('the catalogue read before migrating', () => {
  // As PostgreSQL answers when another schema's migration drops a column mid-read.
  const raceError = () =>
    Object.assign(new Error('column "x" of relation "y" does not exist'), { code: '42703' });

  /** Runs `check` on a database of its own, with Kysely's catalogue read (getTables) spied on. */
  async function withCatalogueRead(
    check: (database: TestDatabase['database'], read: MockInstance<() => Promise<unknown>>) => Promise<void>,
  ): Promise<void> {
    const fresh = await openTestDatabase(testConfig());
    const introspector = Object.getPrototypeOf(fresh.database.db.introspection) as {
      getTables: () => Promise<unknown>;
    };
    const read = vi.spyOn(introspector, 'getTables');
    try {
      await check(fresh.database, read);
    } finally {
      read.mockRestore();
      await fresh.drop();
    }
  }

  it('is read again when changes elsewhere in the database race it, and the migrations then apply', () =>
    withCatalogueRead(async (database, read) => {
      read.mockRejectedValueOnce(raceError());
      expect(await migrateToLatest(database, allMigrations())).toEqual(RECORDED);
      expect(read.mock.calls.length).toBeGreaterThan(1);
    }));

  it('gives up after three reads, and does not read again after other failures', () =>
    withCatalogueRead(async (database, read) => {
      read.mockRejectedValue(raceError());
      await expect(migrateToLatest(database, allMigrations())).rejects.toThrow('Database migration');
      expect(read).toHaveBeenCalledTimes(3);
      read.mockReset();
      read.mockRejectedValue(new Error('permission denied'));
      await expect(migrateToLatest(database, allMigrations())).rejects.toThrow('Database migration');
      expect(read).toHaveBeenCalledTimes(1);
    }));
});
