import type {
  AdminUser,
  AdminUserDetail,
  AdminUsersPage,
  AdminUsersQuery,
  AdminUserUpdate,
} from '@app/contracts/admin.ts';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { AuditActor, AuditLog } from '../../platform/audit/audit-log.ts';
import type { Tables } from '../../platform/db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { ACCOUNT_COLUMNS_OF_USERS, type AccountRow, type AuthService, toAccount } from '../auth/plugin.ts';
import { nameAuditEntries } from './audit-names.ts';

export const ADMIN_USER_ERRORS = {
  notYourself: 'You cannot demote, disable or delete your own account here.',
  lastAdmin: 'This is the last admin: make someone else an admin first.',
  confirmEmail: "The email address does not match this person's. Type it exactly to delete the account.",
} as const;

const DAY_MS = 86_400_000;
const n = (value: unknown) => Number(value ?? 0);

/** The people of the product as operators see and change them (never a password hash or token). */
export class AdminUsers {
  constructor(
    private readonly deps: {
      db: Kysely<Tables>;
      engine: 'sqlite' | 'postgres';
      auth: AuthService;
      audit: AuditLog;
    },
  ) {}

  private base() {
    return this.deps.db
      .selectFrom('users')
      .leftJoin('subscriptions', 'subscriptions.user_id', 'users.id')
      .leftJoin('subscription_plans', 'subscription_plans.id', 'subscriptions.plan_id')
      .leftJoin('second_factors', 'second_factors.user_id', 'users.id');
  }

  private columns() {
    return [
      ...ACCOUNT_COLUMNS_OF_USERS,
      'subscription_plans.name as plan',
      'subscriptions.status as subscription_status',
      'second_factors.confirmed_at as second_factor_at',
      // The open sessions' latest moment, or the one kept from deleted sessions if later.
      sql<string | null>`(select max(seen) from (
          select max(s.last_seen_at) as seen from sessions s where s.user_id = users.id
          union all select users.last_seen_at as seen
        ) as moments)`.as('last_seen_at'),
    ] as const;
  }

  private toUser(
    row: AccountRow & {
      plan: string | null;
      subscription_status: string | null;
      second_factor_at: string | null;
      last_seen_at: string | null;
    },
  ): AdminUser {
    const { id, email, name, role, emailVerified, disabled, createdAt } = toAccount(row);
    return {
      id,
      email,
      name,
      role,
      emailVerified,
      disabled,
      secondFactor: row.second_factor_at !== null,
      plan: row.plan,
      subscriptionStatus: row.subscription_status,
      createdAt,
      lastSeenAt: row.last_seen_at,
    };
  }

  async list(query: AdminUsersQuery): Promise<AdminUsersPage> {
    // The same conditions for the page and for the count; the count joins only what a filter needs.
    const conditions: RawBuilder<unknown>[] = [];
    if (query.search) {
      // Emails are stored in lower case. SQLite's LIKE ignores ASCII case; on PostgreSQL a
      // lower-cased name under LIKE is cheaper than ILIKE.
      const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const name = this.deps.engine === 'postgres' ? sql`lower(users.name)` : sql`users.name`;
      conditions.push(sql`(users.email like ${pattern} escape '\\' or ${name} like ${pattern} escape '\\')`);
    }
    if (query.role) conditions.push(sql`users.role = ${query.role}`);
    if (query.status === 'verified') conditions.push(sql`users.email_verified = 1`);
    if (query.status === 'unverified') conditions.push(sql`users.email_verified = 0`);
    if (query.status === 'disabled') conditions.push(sql`users.disabled = 1`);
    if (query.plan === 'none') conditions.push(sql`subscriptions.plan_id is null`);
    else if (query.plan) conditions.push(sql`subscriptions.plan_id = ${query.plan}`);
    const where = sql<SqlBool>`${conditions.length ? sql.join(conditions, sql` and `) : sql`1 = 1`}`;
    const sortColumn = {
      created: sql.ref('users.created_at'),
      email: sql.ref('users.email'),
      name: sql`lower(users.name)`,
      lastSeen: sql.ref('last_seen_at'),
    }[query.sort];
    const [rows, count] = await Promise.all([
      this.base()
        .select(this.columns())
        .where(where)
        .orderBy(sortColumn, query.order)
        .orderBy('users.id')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      this.deps.db
        .selectFrom('users')
        .$if(query.plan !== undefined, (q) =>
          q.leftJoin('subscriptions', 'subscriptions.user_id', 'users.id'),
        )
        .select((eb) => eb.fn.countAll().as('n'))
        .where(where)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      users: rows.map((row) => this.toUser(row)),
      total: n(count.n),
      limit: query.limit,
      offset: query.offset,
    };
  }

  private async find(id: string): Promise<AdminUser> {
    const row = await this.base().select(this.columns()).where('users.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('No account has this id.');
    return this.toUser(row);
  }

  async detail(id: string, now: Date): Promise<AdminUserDetail> {
    const user = await this.find(id);
    const { db } = this.deps;
    const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS).toISOString();
    const since30 = new Date(now.getTime() - 30 * DAY_MS).toISOString();
    const [subscription, chat, landscapes, sessions, audit] = await Promise.all([
      db
        .selectFrom('subscriptions')
        .innerJoin('subscription_plans', 'subscription_plans.id', 'subscriptions.plan_id')
        .select([
          'subscriptions.status',
          'subscription_plans.name as plan',
          'subscriptions.current_period_end',
          'subscriptions.trial_end',
          'subscriptions.cancel_at_period_end',
        ])
        .where('subscriptions.user_id', '=', id)
        .executeTakeFirst(),
      db
        .selectFrom('chat_messages')
        .select((eb) => [
          eb.fn.countAll().as('m30'),
          eb.fn.sum<number>(eb.case().when('created_at', '>=', today).then(1).else(0).end()).as('today'),
        ])
        .where('user_id', '=', id)
        .where('role', '=', 'user')
        .where('created_at', '>=', since30)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('landscapes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', id)
        .where('generated_at', '>=', since30)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'last_seen_at', 'user_agent'])
        .where('user_id', '=', id)
        .where('expires_at', '>', now.toISOString())
        .orderBy('last_seen_at', 'desc')
        .limit(20)
        .execute(),
      this.deps.audit.list({ target: id, limit: 20, offset: 0 }),
    ]);
    return {
      user,
      subscription: subscription
        ? {
            status: subscription.status,
            plan: subscription.plan,
            currentPeriodEnd: subscription.current_period_end,
            trialEnd: subscription.trial_end,
            cancelAtPeriodEnd: n(subscription.cancel_at_period_end) === 1,
          }
        : null,
      usage: {
        chatMessagesToday: n(chat.today),
        chatMessages30d: n(chat.m30),
        landscapes30d: n(landscapes.n),
      },
      sessions: sessions.map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        userAgent: row.user_agent,
      })),
      audit: await nameAuditEntries(db, audit.entries),
    };
  }

  /** Applies a change that may take an admin's role or access, never the last active admin's. */
  private async changeKeepingAnAdmin(id: string, changes: AdminUserUpdate): Promise<void> {
    const result = await this.deps.auth.changeAccountKeepingAnAdmin(id, changes);
    if (result === 'last-admin') throw new AppError(409, 'CONFLICT', ADMIN_USER_ERRORS.lastAdmin);
    if (result === 'missing') throw notFound('No account has this id.');
  }

  async update(actor: AuditActor, id: string, changes: AdminUserUpdate): Promise<AdminUser> {
    const before = await this.find(id);
    const demotes = changes.role === 'user' && before.role === 'admin';
    const disables = changes.disabled === true && !before.disabled;
    if ((demotes || disables) && id === actor.id)
      throw new AppError(409, 'CONFLICT', ADMIN_USER_ERRORS.notYourself);
    if (demotes || disables) await this.changeKeepingAnAdmin(id, changes);
    else await this.deps.auth.changeAccount(id, changes);
    const after = await this.find(id);
    const fields = Object.keys(changes) as (keyof AdminUserUpdate)[];
    await this.deps.audit.record(actor, {
      action: 'user.update',
      targetType: 'user',
      targetId: id,
      before: Object.fromEntries(fields.map((field) => [field, before[field]])),
      after: Object.fromEntries(fields.map((field) => [field, after[field]])),
    });
    return after;
  }

  async remove(actor: AuditActor, id: string, confirmEmail: string): Promise<void> {
    const target = await this.find(id);
    if (id === actor.id) throw new AppError(409, 'CONFLICT', ADMIN_USER_ERRORS.notYourself);
    if (confirmEmail.trim().toLowerCase() !== target.email)
      throw new AppError(422, 'VALIDATION_FAILED', ADMIN_USER_ERRORS.confirmEmail);
    // An admin is first disabled (never the last active one), so a deletion at the same time
    // as another admin's demotion cannot leave nobody.
    if (target.role === 'admin' && !target.disabled) await this.changeKeepingAnAdmin(id, { disabled: true });
    const account = await this.deps.auth.findAccountById(id);
    if (!account) throw notFound('No account has this id.');
    await this.deps.auth.removeAccount(account);
    await this.deps.audit.record(actor, {
      action: 'user.delete',
      targetType: 'user',
      targetId: id,
      before: { email: target.email, name: target.name, role: target.role, plan: target.plan },
    });
  }
}
