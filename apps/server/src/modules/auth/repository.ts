import type { Role } from '@app/contracts/auth.ts';
import { CompiledQuery, type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { Tables } from '../../platform/db/schema.ts';
import {
  ACCOUNT_COLUMNS,
  ACCOUNT_COLUMNS_OF_USERS,
  type Account,
  type AccountRow,
  toAccount,
} from './account-row.ts';
import type { RevocationTarget, SessionCache } from './session-cache.ts';
import type { SessionEnding, SessionEndings } from './session-endings.ts';
import type { SecretPurpose } from './tables.ts';

export type { Account } from './account-row.ts';

export interface SessionRow {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  ip: string | null;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export class AuthRepository {
  /** Sessions ended inside a transaction, announced once it commits. */
  private readonly endedInTransaction = new WeakMap<Kysely<Tables>, SessionEnding[]>();

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly sessions: SessionCache,
    private readonly endings?: SessionEndings,
    private readonly engine: 'sqlite' | 'postgres' = 'sqlite',
  ) {}

  /** Announces ended sessions now, or when the transaction `trx` commits. */
  private ended(ending: SessionEnding, trx: Kysely<Tables> = this.db): void {
    const pending = this.endedInTransaction.get(trx);
    if (pending) pending.push(ending);
    else this.endings?.announce(ending);
  }

  /** Writes that can end a session or change an account go through the session cache. */
  private revoking<T>(target: RevocationTarget, write: () => Promise<T>): Promise<T> {
    return this.sessions.revoking(target, write);
  }

  /** Inserts a new person; false when the address is already taken. */
  async insertUser(
    user: {
      id: string;
      email: string;
      name: string;
      passwordHash: string;
      role: Role;
      now: string;
    },
    db: Kysely<Tables> = this.db,
  ): Promise<boolean> {
    try {
      await db
        .insertInto('users')
        .values({
          id: user.id,
          email: user.email,
          name: user.name,
          password_hash: user.passwordHash,
          role: user.role,
          email_verified: 0,
          disabled: 0,
          created_at: user.now,
          updated_at: user.now,
        })
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async emailExists(email: string): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    return row !== undefined;
  }

  async findById(id: string, db: Kysely<Tables> = this.db): Promise<Account | null> {
    const row = await db.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async findByEmail(email: string): Promise<Account | null> {
    const row = await this.db
      .selectFrom('users')
      .select(ACCOUNT_COLUMNS)
      .where('email', '=', email)
      .executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  /** The account and its password hash, for checking a password. The hash stays in this module. */
  async findCredentials(
    by: { email: string } | { id: string },
  ): Promise<{ account: Account; passwordHash: string } | null> {
    const query = this.db.selectFrom('users').select([...ACCOUNT_COLUMNS, 'password_hash']);
    const row = await ('email' in by
      ? query.where('email', '=', by.email)
      : query.where('id', '=', by.id)
    ).executeTakeFirst();
    return row ? { account: toAccount(row), passwordHash: row.password_hash } : null;
  }

  async update(
    id: string,
    changes: {
      name?: string;
      role?: Role;
      emailVerified?: boolean;
      disabled?: boolean;
      passwordHash?: string;
    },
    now: string,
    trx: Kysely<Tables> = this.db,
  ): Promise<boolean> {
    const result = await this.revoking({ userId: id }, () =>
      trx
        .updateTable('users')
        .set({
          updated_at: now,
          ...(changes.name !== undefined && { name: changes.name }),
          ...(changes.role !== undefined && { role: changes.role }),
          ...(changes.emailVerified !== undefined && { email_verified: changes.emailVerified ? 1 : 0 }),
          ...(changes.disabled !== undefined && { disabled: changes.disabled ? 1 : 0 }),
          ...(changes.passwordHash !== undefined && { password_hash: changes.passwordHash }),
        })
        .where('id', '=', id)
        .executeTakeFirst(),
    );
    const changed = Number(result.numUpdatedRows) === 1;
    // A disabled account's sessions no longer authenticate, whether or not they are deleted too.
    if (changed && changes.disabled) this.ended({ userId: id, reason: 'disabled' }, trx);
    return changed;
  }

  /**
   * An operator's change to an account, unless it takes the role or the access of the last active
   * admin ('last-admin'). The check and the write share a transaction in which the active admins'
   * rows are locked (PostgreSQL; SQLite runs one write transaction at a time), so two admins
   * demoting each other at once cannot both succeed.
   */
  async updateKeepingAnAdmin(
    id: string,
    changes: { name?: string; role?: Role; emailVerified?: boolean; disabled?: boolean },
    now: string,
  ): Promise<'changed' | 'missing' | 'last-admin'> {
    return this.transaction(async (trx) => {
      const active = trx
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('disabled', '=', 0)
        .orderBy('id');
      const admins = await (this.engine === 'postgres' ? active.forUpdate() : active).execute();
      const loses = changes.role === 'user' || changes.disabled === true;
      if (loses && admins.length <= 1 && admins.some((admin) => admin.id === id)) return 'last-admin';
      return (await this.update(id, changes, now, trx)) ? 'changed' : 'missing';
    });
  }

  async deleteUser(id: string): Promise<void> {
    // Sessions and secrets go with the row (ON DELETE CASCADE).
    await this.revoking({ userId: id }, () => this.db.deleteFrom('users').where('id', '=', id).execute());
    this.ended({ userId: id, reason: 'deleted' });
  }

  // Sessions

  async insertSession(
    session: {
      id: string;
      userId: string;
      now: string;
      expiresAt: string;
      userAgent: string | null;
      ip: string | null;
    },
    db: Kysely<Tables> = this.db,
  ): Promise<void> {
    await db
      .insertInto('sessions')
      .values({
        id: session.id,
        user_id: session.userId,
        created_at: session.now,
        last_seen_at: session.now,
        expires_at: session.expiresAt,
        user_agent: session.userAgent,
        ip: session.ip,
      })
      .execute();
  }

  /** The live session's account, or null when the session ended, expired, or the account is gone. */
  async findSessionAccount(
    sessionId: string,
    userId: string,
    now: string,
  ): Promise<{
    account: Account;
    lastSeenAt: string;
    expiresAt: string;
    secondFactorAt: string | null;
  } | null> {
    // Read whenever the session cache cannot answer: built and compiled once, then values bound.
    this.sessionQuery ??= this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        ...ACCOUNT_COLUMNS_OF_USERS,
        'sessions.last_seen_at',
        'sessions.expires_at',
        'sessions.second_factor_at',
      ])
      .where('sessions.id', '=', sessionId)
      .where('sessions.user_id', '=', userId)
      .where('sessions.expires_at', '>', now)
      .compile().sql;
    const { rows } = await this.db.executeQuery<
      AccountRow & { last_seen_at: string; expires_at: string; second_factor_at: string | null }
    >(CompiledQuery.raw(this.sessionQuery, [sessionId, userId, now]));
    const row = rows[0];
    return row
      ? {
          account: toAccount(row),
          lastSeenAt: row.last_seen_at,
          expiresAt: row.expires_at,
          secondFactorAt: row.second_factor_at,
        }
      : null;
  }
  private sessionQuery: string | undefined;

  async touchSession(sessionId: string, now: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
  }

  async listSessions(userId: string, now: string): Promise<SessionRow[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_seen_at', 'user_agent', 'ip'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .orderBy('last_seen_at', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      userAgent: row.user_agent,
      ip: row.ip,
    }));
  }

  /**
   * Keeps on the account the latest "last seen" of the sessions about to be deleted (those of
   * `sessions`, a condition on the sessions table), for the admin area.
   */
  private async keepLastSeen(trx: Kysely<Tables>, sessions: RawBuilder<SqlBool>): Promise<void> {
    const latest = sql`(select max(s.last_seen_at) from sessions s where s.user_id = users.id and ${sessions}
      and (users.last_seen_at is null or s.last_seen_at > users.last_seen_at))`;
    await trx
      .updateTable('users')
      .set({ last_seen_at: sql`coalesce(${latest}, users.last_seen_at)` })
      .where(sql<SqlBool>`users.id in (select s.user_id from sessions s where ${sessions})`)
      .execute();
  }

  /** Ends one session of a person; false when they have no such session. */
  async deleteSession(userId: string, sessionId: string): Promise<boolean> {
    await this.keepLastSeen(this.db, sql`s.id = ${sessionId} and s.user_id = ${userId}`);
    const result = await this.revoking({ sessionId }, () =>
      this.db
        .deleteFrom('sessions')
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    );
    const deleted = Number(result.numDeletedRows) === 1;
    if (deleted) this.ended({ userId, sessionId, reason: 'signed-out' });
    return deleted;
  }

  /** Ends every session of a person, except one if named. Returns how many ended. */
  async deleteSessions(
    userId: string,
    exceptSessionId?: string,
    trx: Kysely<Tables> = this.db,
  ): Promise<number> {
    await this.keepLastSeen(
      trx,
      exceptSessionId
        ? sql`s.user_id = ${userId} and s.id <> ${exceptSessionId}`
        : sql`s.user_id = ${userId}`,
    );
    let query = trx.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
    const result = await this.revoking({ userId }, () => query.executeTakeFirst());
    const count = Number(result.numDeletedRows);
    if (count > 0) this.ended({ userId, exceptSessionId, reason: 'signed-out' }, trx);
    return count;
  }

  async deleteExpired(now: string): Promise<void> {
    await this.keepLastSeen(this.db, sql`s.expires_at <= ${now}`);
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    await this.db
      .deleteFrom('account_secrets')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
      .execute();
  }

  // One-time secrets mailed in links

  /** Stores a new secret and voids the unused older ones of the same purpose. */
  async replaceSecret(
    secret: {
      id: string;
      userId: string;
      purpose: SecretPurpose;
      hash: string;
      now: string;
      expiresAt: string;
    },
    inTransaction?: Transaction<Tables>,
  ): Promise<void> {
    const replace = async (trx: Kysely<Tables>) => {
      await trx
        .deleteFrom('account_secrets')
        .where('user_id', '=', secret.userId)
        .where('purpose', '=', secret.purpose)
        .execute();
      await trx
        .insertInto('account_secrets')
        .values({
          id: secret.id,
          user_id: secret.userId,
          purpose: secret.purpose,
          secret_hash: secret.hash,
          created_at: secret.now,
          expires_at: secret.expiresAt,
          used_at: null,
        })
        .execute();
    };
    await (inTransaction ? replace(inTransaction) : this.db.transaction().execute(replace));
  }

  /** The account a usable secret belongs to, without spending the secret. */
  async findSecretAccount(hash: string, purpose: SecretPurpose, now: string): Promise<Account | null> {
    const row = await this.db
      .selectFrom('account_secrets')
      .innerJoin('users', 'users.id', 'account_secrets.user_id')
      .select(ACCOUNT_COLUMNS_OF_USERS)
      .where('account_secrets.secret_hash', '=', hash)
      .where('account_secrets.purpose', '=', purpose)
      .where('account_secrets.used_at', 'is', null)
      .where('account_secrets.expires_at', '>', now)
      .executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  /**
   * Spends a secret in one conditional UPDATE, so that of many simultaneous redemptions exactly
   * one wins. Returns the owner's id, or null when the secret is unknown, used or expired.
   */
  async consumeSecret(
    hash: string,
    purpose: SecretPurpose,
    now: string,
    trx: Kysely<Tables> = this.db,
  ): Promise<string | null> {
    const row = await trx
      .updateTable('account_secrets')
      .set({ used_at: now })
      .where('secret_hash', '=', hash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /** Voids a person's pending link secrets: all of them, or those of one purpose. */
  async deleteSecrets(userId: string, purpose?: SecretPurpose, trx: Kysely<Tables> = this.db): Promise<void> {
    let query = trx.deleteFrom('account_secrets').where('user_id', '=', userId);
    if (purpose) query = query.where('purpose', '=', purpose);
    await query.execute();
  }

  /** A transaction of account writes; the session cache forgets everything once it ends. */
  /** One transaction for writes that end no session (transaction() also guards the session cache). */
  atomically<T>(work: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async transaction<T>(work: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
    const ended: SessionEnding[] = [];
    const result = await this.revoking({ everything: true }, () =>
      this.db.transaction().execute((trx) => {
        this.endedInTransaction.set(trx, ended);
        return work(trx);
      }),
    );
    for (const ending of ended) this.endings?.announce(ending);
    return result;
  }
}
