import net from 'node:net';
import { statusMessage } from '@app/contracts/error-catalogue.ts';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../testing/harness.ts';
import { openDatabase } from './db/database.ts';
import {
  AppError,
  describeFailure,
  isDatabaseAway,
  registerErrorHandling,
  retryWhileDatabaseAway,
} from './errors.ts';

// The database away for a moment (PostgreSQL restarting, a failover) is not a fault in the request:
// the answer is 503 with the plain "try again in a moment", and the process stays up.

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('the database away', () => {
  it('answers 503 with a clear message and no detail when the database refuses connections', async () => {
    const database = openDatabase(`postgres://postgres@127.0.0.1:${await closedPort()}/away`, {
      onIdleConnectionError: () => undefined,
    });
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/read', async () => (await sql`select 1 as ok`.execute(database.db)).rows);
    app.get('/bug', async () => {
      throw new TypeError('cannot read properties of undefined');
    });
    try {
      const away = await app.inject('/read');
      expect(away.statusCode).toBe(503);
      expect(away.json()).toEqual({ success: false, code: 'UNAVAILABLE', error: statusMessage(503) });
      expect(away.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
      // A fault in the code is still a 500: only connection trouble reads as "try again".
      const bug = await app.inject('/bug');
      expect(bug.statusCode).toBe(500);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('a failure told outside a reply (a stream under way, a socket)', () => {
  it('keeps an AppError, calls the database away a 503 and anything else a bare 500', () => {
    expect(describeFailure(new AppError(429, 'RATE_LIMITED', 'Enough for today.'))).toEqual({
      status: 429,
      error: 'Enough for today.',
      code: 'RATE_LIMITED',
    });
    const away = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(describeFailure(away)).toEqual({ status: 503, error: statusMessage(503), code: 'UNAVAILABLE' });
    expect(describeFailure(new TypeError('x is undefined'))).toEqual({
      status: 500,
      error: statusMessage(500),
      code: 'INTERNAL',
    });
  });
});

describe('work that must not be lost while the database is away', () => {
  const away = () =>
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('is tried again after each pause while the database is away, and its result returned', async () => {
    let tries = 0;
    const result = await retryWhileDatabaseAway(async () => {
      tries += 1;
      if (tries < 3) throw away();
      return 'stored';
    }, [1, 1, 1]);
    expect(result).toBe('stored');
    expect(tries).toBe(3);
  });

  it('gives up with the last failure once the pauses are spent, and at once on any other failure', async () => {
    let tries = 0;
    const spent = retryWhileDatabaseAway(async () => {
      tries += 1;
      throw away();
    }, [1, 1]);
    await expect(spent).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(tries).toBe(3);

    tries = 0;
    const bug = retryWhileDatabaseAway(async () => {
      tries += 1;
      throw new TypeError('x is undefined');
    }, [1, 1]);
    await expect(bug).rejects.toThrow(TypeError);
    expect(tries).toBe(1);
  });
});

if (TEST_DATABASE_URL) {
  const databaseUrl = TEST_DATABASE_URL;
  describe('PostgreSQL ending a connection that is handed out', () => {
    it('keeps the process up; that query fails as "away" and the next one works', async () => {
      const database = openDatabase(databaseUrl, { onIdleConnectionError: () => undefined });
      try {
        // A held connection (as in a transaction between statements, or a LISTEN connection) is
        // ended under it; without a listener of its own its error event would end the process.
        const failure = await database.db.connection().execute(async (held) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(held);
          const admin = new pg.Client({ connectionString: databaseUrl });
          await admin.connect();
          try {
            await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          } finally {
            await admin.end();
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
          return sql`select 1`.execute(held).then(
            () => undefined,
            (error: unknown) => error,
          );
        });
        expect(isDatabaseAway(failure)).toBe(true);
        const next = await sql<{ ok: number }>`select 1 as ok`.execute(database.db);
        expect(next.rows[0]!.ok).toBe(1);
      } finally {
        await database.close();
      }
    });
  });
}
