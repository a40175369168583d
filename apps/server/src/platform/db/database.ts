import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { isPostgresUrl } from '../../config.ts';
import {
  type ChangeFeed,
  type ChangeListener,
  type FeedLog,
  watchPostgresChanges,
  watchSqliteChanges,
} from './change-feed.ts';
import type { Tables } from './schema.ts';

type Engine = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<Tables>;
  engine: Engine;
  close(): Promise<void>;
  /** Reports rows changed by other processes, for caches kept in this one (see change-feed.ts). */
  watchChanges(channel: string, onChange: ChangeListener, log: FeedLog): ChangeFeed;
  /**
   * PostgreSQL only: a separate small pool on the same database and schema, for a library that
   * needs its own connections (the realtime adapter's LISTEN). The caller ends it.
   */
  openPool?(max: number): pg.Pool;
  /** PostgreSQL only: the main pool's connections (open, idle) and the queries waiting for one. */
  poolUse?(): PoolUse;
  /** PostgreSQL only: the schema in use, when not the default (names shared channels apart). */
  schema?: string;
}

interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseOptions {
  /** PostgreSQL only: the schema to work in (tests use one fresh schema per file). */
  searchPath?: string;
  /**
   * PostgreSQL only: told when the server ends a pooled connection, idle or handed out (a restart,
   * a failover, an administrator). The pool drops that connection and opens a new one for the next
   * query; an unheard error here would end the whole process.
   */
  onIdleConnectionError?: (error: Error) => void;
}

/** Opens SQLite (a file path) or PostgreSQL (a postgres:// URL). */
export function openDatabase(url: string, options: DatabaseOptions = {}): Database {
  if (isPostgresUrl(url)) {
    const connection: pg.ClientConfig = {
      connectionString: url,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    };
    const onIdleError =
      options.onIdleConnectionError ??
      ((error: Error) => console.warn(`PostgreSQL ended a connection: ${error.message}`));
    // The pool hears errors of idle connections only; one handed out (a transaction between two
    // statements, a library's LISTEN connection) needs a listener of its own, or it too would end
    // the process. Its next query fails and the pool drops it when it comes back.
    const openPool = (max: number) =>
      new pg.Pool({ ...connection, max })
        .on('error', onIdleError)
        .on('connect', (client) => client.on('error', onIdleError));
    const pool = openPool(10);
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      engine: 'postgres',
      close: () => db.destroy(),
      watchChanges: (channel, onChange, log) => watchPostgresChanges(connection, channel, onChange, log),
      openPool,
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      ...(options.searchPath ? { schema: options.searchPath } : {}),
    };
  }
  if (url !== ':memory:') {
    mkdirSync(path.dirname(path.resolve(url)), { recursive: true });
    // The data is the users' own: readable by this account only. SQLite gives its WAL and shared
    // memory files the database file's mode, so creating the (empty) file first is enough.
    if (!existsSync(url)) closeSync(openSync(url, 'a', 0o600));
  }
  const file = new BetterSqlite(url);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.pragma('synchronous = NORMAL');
  // Kysely prepares every query anew; reusing prepared statements roughly halves the cost of a
  // small query. Statements are used one at a time (Kysely serialises SQLite access).
  const prepared = new Map<string, BetterSqlite.Statement>();
  const database = {
    close: () => file.close(),
    prepare(query: string) {
      let statement = prepared.get(query);
      if (!statement) {
        statement = file.prepare(query);
        if (prepared.size < 1000) prepared.set(query, statement);
      }
      return statement;
    },
  };
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database }) });
  return {
    db,
    engine: 'sqlite',
    close: () => db.destroy(),
    watchChanges: (_channel, onChange) => watchSqliteChanges(file, onChange),
  };
}

/** True when the database answers a trivial query within the time limit. */
export function isReachable(db: Kysely<Tables>, timeoutMs = 2000): Promise<boolean> {
  return withinTime(sql`select 1 as ok`.execute(db), timeoutMs);
}

/** True when the database takes a small write within the time limit (reads alone can still work). */
export function isWritable(db: Kysely<Tables>, timeoutMs = 2000): Promise<boolean> {
  const write = db
    .insertInto('readiness_probe')
    .values({ id: 1, checked_at: new Date().toISOString() })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({ checked_at: (eb) => eb.ref('excluded.checked_at') }),
    )
    .execute();
  return withinTime(write, timeoutMs);
}

async function withinTime(work: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = work.then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
