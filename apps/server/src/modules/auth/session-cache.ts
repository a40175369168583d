import type { AuthUser } from '../../platform/auth-guard.ts';
import type { ChangeFeed, ChangeListener } from '../../platform/db/change-feed.ts';

/** The PostgreSQL channel the session triggers announce on (migration 0003). */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

/** An open session as a request needs it; times are epoch milliseconds. */
export interface CachedSession {
  /** Frozen: every request of the session shares it. */
  user: Readonly<AuthUser>;
  expiresAtMs: number;
  lastSeenAtMs: number;
}

interface Entry extends CachedSession {
  loadedAtMs: number;
}

export interface SessionCacheOptions {
  maxEntries: number;
  /** An entry is read again from the database after this long, whatever the notices said. */
  maxAgeMs: number;
}

const DEFAULTS: SessionCacheOptions = { maxEntries: 10_000, maxAgeMs: 60_000 };

export type RevocationTarget = { sessionId: string } | { userId: string } | { everything: true };

/**
 * Open sessions with their accounts, kept in memory so that an authenticated request needs no
 * database round trip (decision 0017). Every write that can end a session or change its account
 * goes through `revoking`, which drops the affected entries before and after the write; writes
 * by other processes arrive through the change feed. A load that overlapped any revocation is not
 * stored, so a read from before a write cannot outlive it.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly options: SessionCacheOptions;
  private readonly feed: ChangeFeed;
  /** Moves on every revocation; a load remembers it and is stored only if it has not moved. */
  private generation = 0;
  /** Revoking writes in progress; nothing is stored while any is. */
  private writing = 0;

  constructor(watch: (onChange: ChangeListener) => ChangeFeed, options: Partial<SessionCacheOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.feed = watch((key) => this.forgetKey(key));
  }

  /** The cached open session, or undefined when it has to be read from the database. */
  get(sessionId: string, userId: string, nowMs: number): CachedSession | undefined {
    if (!this.feed.catchUp()) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const age = nowMs - entry.loadedAtMs;
    if (entry.user.id !== userId || entry.expiresAtMs <= nowMs || age < 0 || age >= this.options.maxAgeMs) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  /** Call before reading a session from the database; hand the ticket to `store`. */
  beginLoad(): number {
    return this.generation;
  }

  store(ticket: number, session: CachedSession, nowMs: number): void {
    if (ticket !== this.generation || this.writing > 0 || !this.feed.catchUp()) return;
    // A Map iterates in insertion order, so the first key is the longest held.
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(session.user.sessionId, { ...session, loadedAtMs: nowMs });
  }

  /** Records a touch written to the database, so the next request does not write it again. */
  touched(sessionId: string, nowMs: number): void {
    const entry = this.entries.get(sessionId);
    if (entry) entry.lastSeenAtMs = nowMs;
  }

  /**
   * Runs a write that may end sessions or change accounts. `target` names what it affects:
   * a session, a user's sessions, or (for transactions) everything.
   */
  async revoking<T>(target: RevocationTarget, write: () => Promise<T>): Promise<T> {
    this.writing += 1;
    this.forget(target);
    try {
      return await write();
    } finally {
      this.writing -= 1;
      this.forget(target);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  close(): Promise<void> {
    this.entries.clear();
    return this.feed.close();
  }

  private forget(target: RevocationTarget): void {
    this.generation += 1;
    if ('sessionId' in target) {
      this.entries.delete(target.sessionId);
    } else if ('userId' in target) {
      for (const [id, entry] of this.entries) if (entry.user.id === target.userId) this.entries.delete(id);
    } else {
      this.entries.clear();
    }
  }

  private forgetKey(key: string | null): void {
    if (key?.startsWith('session:')) this.forget({ sessionId: key.slice('session:'.length) });
    else if (key?.startsWith('user:')) this.forget({ userId: key.slice('user:'.length) });
    else this.forget({ everything: true });
  }
}
