import type BetterSqlite from 'better-sqlite3';
import pg from 'pg';

/**
 * Tells a cache in this process about rows that other processes changed (decision 0017).
 * `onChange(key)` names a changed row; `onChange(null)` means changes may have been missed and
 * everything cached must go.
 */
export type ChangeListener = (key: string | null) => void;

export interface ChangeFeed {
  /**
   * Delivers the changes known so far; true when every change made elsewhere is known to arrive,
   * false while it is not (then nothing cached may be trusted).
   */
  catchUp(): boolean;
  close(): Promise<void>;
}

export interface FeedLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

const RECHECK_MS = 1;

/**
 * SQLite: other processes (the admin command, a second server) write through their own
 * connections, which moves this connection's data_version. There is no detail, so any change
 * empties the cache. Reading the version takes file locks, so it is read at most once per
 * millisecond: a change elsewhere is seen within a millisecond, as a PostgreSQL notice would be.
 */
export function watchSqliteChanges(file: BetterSqlite.Database, onChange: ChangeListener): ChangeFeed {
  const version = file.prepare('PRAGMA data_version').pluck();
  let seen = version.get();
  let checkedAt = performance.now();
  return {
    catchUp() {
      const now = performance.now();
      if (now - checkedAt < RECHECK_MS) return true;
      checkedAt = now;
      const current = version.get();
      if (current !== seen) {
        seen = current;
        onChange(null);
      }
      return true;
    },
    close: async () => {},
  };
}

const RETRY_MS = [500, 1000, 2000, 5000, 10_000];

/**
 * PostgreSQL: triggers NOTIFY the channel with the changed row's key when a transaction commits;
 * one connection per process LISTENs. While that connection is down the feed reports false and
 * keeps trying; once it listens again it reports a gap, since notices sent meanwhile are lost.
 */
export function watchPostgresChanges(
  connection: pg.ClientConfig,
  channel: string,
  onChange: ChangeListener,
  log: FeedLog,
): ChangeFeed {
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  /** Stops listening and lets the current connection go quietly. */
  const release = (): Promise<void> => {
    listening = false;
    const current = client;
    client = null;
    current?.removeAllListeners();
    current?.on('error', () => {});
    return current ? current.end().catch(() => {}) : Promise.resolve();
  };

  const lost = (error?: unknown) => {
    if (!listening && client === null) return;
    void release();
    onChange(null);
    if (closed) return;
    log.warn({ err: error }, 'change notices from the database are unavailable; retrying');
    schedule();
  };

  const schedule = () => {
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
    failures += 1;
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
  };

  const connect = async () => {
    const next = new pg.Client(connection);
    client = next;
    next.on('notification', (notice) => {
      if (notice.channel === channel) onChange(notice.payload ?? null);
    });
    next.on('error', (error) => lost(error));
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed || client !== next) return;
      // Anything committed before LISTEN took effect was never announced to us.
      onChange(null);
      listening = true;
      if (failures > 0) log.info({}, 'change notices from the database resumed');
      failures = 0;
    } catch (error) {
      if (client === next) lost(error);
    }
  };

  void connect();
  return {
    catchUp: () => listening,
    async close() {
      closed = true;
      clearTimeout(retry);
      await release();
    },
  };
}
