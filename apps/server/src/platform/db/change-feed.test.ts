import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DATABASE_URL, type TestDatabase, testConfig } from '../../testing/harness.ts';
import type { Database } from './database.ts';

// The change feed tells a process about writes made by other processes (decision 0017). Each
// engine has its own mechanism, tested on the engine this run uses.

const quietLog = { warn: () => {}, info: () => {} };

async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let testDb: TestDatabase;
let elsewhere: Database;
beforeAll(async () => {
  testDb = await openTestDatabase(testConfig());
  elsewhere = testDb.reopen();
});
afterAll(async () => {
  await elsewhere.close();
  await testDb.drop();
});

if (TEST_DATABASE_URL) {
  describe('PostgreSQL change feed', () => {
    it('delivers notices, reports a gap when its connection drops, and listens again', async () => {
      const channel = `feed_test_${randomBytes(4).toString('hex')}`;
      const heard: (string | null)[] = [];
      const feed = testDb.database.watchChanges(channel, (key) => heard.push(key), quietLog);
      try {
        await eventually(() => feed.catchUp(), 'listening');
        // Whatever was committed before LISTEN was never announced: the first report is a gap.
        expect(heard).toEqual([null]);

        await sql`select pg_notify(${channel}, 'session:abc')`.execute(elsewhere.db);
        await eventually(() => heard.includes('session:abc'), 'the notice');

        const killed = await sql<{ done: boolean }>`
          select pg_terminate_backend(pid) as done from pg_stat_activity
          where query = ${`LISTEN "${channel}"`}`.execute(elsewhere.db);
        expect(killed.rows).toEqual([{ done: true }]);
        await eventually(() => !feed.catchUp(), 'the drop noticed');
        expect(heard.at(-1)).toBeNull();

        await eventually(() => feed.catchUp(), 'listening again');
        heard.length = 0;
        await sql`select pg_notify(${channel}, 'user:xyz')`.execute(elsewhere.db);
        await eventually(() => heard.includes('user:xyz'), 'a notice after reconnecting');
      } finally {
        await feed.close();
      }
      expect(feed.catchUp()).toBe(false);
    });
  });
} else {
  describe('SQLite change feed', () => {
    it('reports writes by other connections, not its own', async () => {
      const heard: (string | null)[] = [];
      const feed = testDb.database.watchChanges('unused', (key) => heard.push(key), quietLog);
      await sql`create table feed_probe (n integer)`.execute(testDb.database.db);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(feed.catchUp()).toBe(true);
      expect(heard).toEqual([]);

      await sql`insert into feed_probe (n) values (1)`.execute(elsewhere.db);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(feed.catchUp()).toBe(true);
      expect(heard).toEqual([null]);
      await feed.close();
    });
  });
}
