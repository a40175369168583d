import type { AuthUser } from '../../platform/auth-guard.ts';
import type { ChangeFeed, ChangeListener } from '../../platform/db/change-feed.ts';
import {
  type CacheSelection,
  CoherentCache,
  type CoherentCacheOptions,
} from '../../platform/db/coherent-cache.ts';

/** The PostgreSQL channel the session triggers announce on (migration 0003). */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

/** An open session as a request needs it; times are epoch milliseconds. */
export interface CachedSession {
  /** Frozen: every request of the session shares it. */
  user: Readonly<AuthUser>;
  expiresAtMs: number;
  lastSeenAtMs: number;
}

export type RevocationTarget = { sessionId: string } | { userId: string } | { everything: true };

function selectionOf(target: RevocationTarget): CacheSelection<CachedSession> {
  if ('sessionId' in target) return target.sessionId;
  if ('userId' in target) return (_, session) => session.user.id === target.userId;
  return null;
}

/** The triggers' notices name `session:<id>` or `user:<id>`; anything else may affect every session. */
function targetOfNotice(key: string | null): RevocationTarget {
  if (key?.startsWith('session:')) return { sessionId: key.slice('session:'.length) };
  if (key?.startsWith('user:')) return { userId: key.slice('user:'.length) };
  return { everything: true };
}

/**
 * Open sessions with their accounts, kept in memory so that an authenticated request needs no
 * database round trip (decision 0017): a `CoherentCache` keyed by session id. Every write that
 * can end a session or change its account goes through `revoking`; writes by other processes
 * arrive through the change feed.
 */
export class SessionCache {
  private readonly cache: CoherentCache<CachedSession>;

  constructor(
    watch: (onChange: ChangeListener) => ChangeFeed,
    options: Partial<Pick<CoherentCacheOptions<CachedSession>, 'maxEntries' | 'maxAgeMs'>> = {},
  ) {
    this.cache = new CoherentCache(watch, {
      ...options,
      readNotice: (key) => selectionOf(targetOfNotice(key)),
    });
  }

  /** The cached open session, or undefined when it has to be read from the database. */
  get(sessionId: string, userId: string, nowMs: number): CachedSession | undefined {
    const session = this.cache.get(sessionId, nowMs);
    return session && session.user.id === userId && session.expiresAtMs > nowMs ? session : undefined;
  }

  /** Call before reading a session from the database; hand the ticket to `store`. */
  beginLoad(): number {
    return this.cache.beginLoad();
  }

  store(ticket: number, session: CachedSession, nowMs: number): void {
    this.cache.store(ticket, session.user.sessionId, { ...session }, nowMs);
  }

  /** Records a touch written to the database, so the next request does not write it again. */
  touched(sessionId: string, nowMs: number): void {
    const session = this.cache.peek(sessionId);
    if (session) session.lastSeenAtMs = nowMs;
  }

  /**
   * Runs a write that may end sessions or change accounts. `target` names what it affects:
   * a session, a user's sessions, or (for transactions) everything.
   */
  revoking<T>(target: RevocationTarget, write: () => Promise<T>): Promise<T> {
    return this.cache.changing(selectionOf(target), write);
  }

  get size(): number {
    return this.cache.size;
  }

  close(): Promise<void> {
    return this.cache.close();
  }
}
