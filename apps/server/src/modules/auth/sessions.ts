import type { Session, User } from '@app/contracts/auth.ts';
import type { Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Tables } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { publicUser } from './account-views.ts';
import { MESSAGES } from './messages.ts';
import type { Account, AuthRepository } from './repository.ts';
import type { CachedSession, SessionCache } from './session-cache.ts';
import { newId, type TokenClaims, type TokenSigner } from './tokens.ts';

// Sessions: opened at sign-in behind a signed bearer token, checked on every authenticated
// request, listed and ended by their owner.

/** Where a request came from, as recorded on sessions and used by the throttles. */
export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

const TOUCH_AFTER_MS = 60_000;

export class Sessions {
  constructor(
    private readonly deps: {
      repo: AuthRepository;
      /** The same cache the repository reports its revoking writes to. */
      cache: SessionCache;
      tokens: TokenSigner;
      clock: Clock;
      config: Pick<Config, 'sessionTtlMs'>;
    },
  ) {}

  async open(
    account: Account,
    ctx: RequestContext,
    trx?: Transaction<Tables>,
  ): Promise<{ token: string; user: User }> {
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + this.deps.config.sessionTtlMs);
    const sessionId = newId();
    await this.deps.repo.insertSession(
      {
        id: sessionId,
        userId: account.id,
        now: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
        userAgent: ctx.userAgent?.slice(0, 300) ?? null,
        ip: ctx.ip,
      },
      trx,
    );
    const token = await this.deps.tokens.sign({ userId: account.id, sessionId }, expiresAt);
    return { token, user: publicUser(account) };
  }

  /**
   * The person behind a bearer token, if its session is still open and the account usable.
   * Runs on every authenticated request: a known token of a cached session costs no I/O.
   */
  async authenticate(token: string): Promise<AuthUser | null> {
    const { tokens, cache } = this.deps;
    const nowMs = this.deps.clock.now().getTime();
    const claims = tokens.remembered(token, nowMs) ?? (await tokens.verify(token));
    if (!claims) return null;
    const session = cache.get(claims.sessionId, claims.userId, nowMs) ?? (await this.load(claims, nowMs));
    if (!session) return null;
    // Recording every request would turn each read into a write; once a minute is enough.
    if (nowMs - session.lastSeenAtMs > TOUCH_AFTER_MS) {
      await this.deps.repo.touchSession(claims.sessionId, new Date(nowMs).toISOString());
      cache.touched(claims.sessionId, nowMs);
    }
    return session.user;
  }

  private async load(claims: TokenClaims, nowMs: number): Promise<CachedSession | null> {
    const ticket = this.deps.cache.beginLoad();
    const found = await this.deps.repo.findSessionAccount(
      claims.sessionId,
      claims.userId,
      new Date(nowMs).toISOString(),
    );
    if (!found || found.account.disabled) return null;
    const session: CachedSession = {
      user: Object.freeze({
        ...publicUser(found.account),
        sessionId: claims.sessionId,
        secondFactor: found.secondFactorAt !== null,
      }),
      expiresAtMs: Date.parse(found.expiresAt),
      lastSeenAtMs: Date.parse(found.lastSeenAt),
    };
    this.deps.cache.store(ticket, session, nowMs);
    return session;
  }

  async logout(user: AuthUser): Promise<void> {
    await this.deps.repo.deleteSession(user.id, user.sessionId);
  }

  async list(user: AuthUser): Promise<Session[]> {
    const rows = await this.deps.repo.listSessions(user.id, this.deps.clock.now().toISOString());
    return rows.map((row) => ({ ...row, current: row.id === user.sessionId }));
  }

  async end(user: AuthUser, sessionId: string): Promise<void> {
    if (!(await this.deps.repo.deleteSession(user.id, sessionId))) {
      throw new AppError(404, 'NOT_FOUND', MESSAGES.sessionNotFound);
    }
  }

  /** Signs out every session but the current one; returns how many ended. */
  endOthers(user: AuthUser): Promise<number> {
    return this.deps.repo.deleteSessions(user.id, user.sessionId);
  }
}
