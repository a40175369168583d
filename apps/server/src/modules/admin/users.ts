import type {
  AdminUser,
  AdminUserDetail,
  AdminUsersPage,
  AdminUsersQuery,
  AdminUserUpdate,
} from '@app/contracts/admin.ts';
import type { AuditActor, AuditLog } from '../../platform/audit/audit-log.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AuthService, ListedAccount } from '../auth/plugin.ts';
import { nameAuditEntries } from './audit-names.ts';
import { type AdminReads, useWindow } from './reads.ts';

export const ADMIN_USER_ERRORS = {
  notYourself: 'You cannot demote, disable or delete your own account here.',
  lastAdmin: 'This is the last admin: make someone else an admin first.',
  confirmEmail: "The email address does not match this person's. Type it exactly to delete the account.",
} as const;

/** The people of the product as operators see and change them (never a password hash or token). */
export class AdminUsers {
  constructor(
    private readonly deps: {
      reads: AdminReads;
      auth: AuthService;
      audit: AuditLog;
    },
  ) {}

  /** The accounts with their plan and subscription status (the subscription module's to say). */
  private async withPlans(accounts: ListedAccount[]): Promise<AdminUser[]> {
    const plans = await this.deps.reads.subscriptionFigures.plansOf(accounts.map((account) => account.id));
    return accounts.map((account) => {
      const subscription = plans.get(account.id);
      return {
        ...account,
        plan: subscription?.plan ?? null,
        subscriptionStatus: subscription?.status ?? null,
      };
    });
  }

  async list(query: AdminUsersQuery): Promise<AdminUsersPage> {
    const { accountFigures, subscriptionFigures } = this.deps.reads;
    const { plan, ...rest } = query;
    // "none": people without a subscription; a plan id: people subscribed to it.
    const among =
      plan === 'none'
        ? { notIn: subscriptionFigures.subscriberIds() }
        : plan
          ? { in: subscriptionFigures.subscriberIds(plan) }
          : undefined;
    const { accounts, total } = await accountFigures.list(rest, among);
    return { users: await this.withPlans(accounts), total, limit: query.limit, offset: query.offset };
  }

  private async find(id: string): Promise<AdminUser> {
    const account = await this.deps.reads.accountFigures.find(id);
    if (!account) throw notFound('No account has this id.');
    const [user] = await this.withPlans([account]);
    return user!;
  }

  async detail(id: string, now: Date): Promise<AdminUserDetail> {
    const user = await this.find(id);
    const { accountFigures, subscriptionFigures, chatFigures, landscapeFigures, birthProfileFigures } =
      this.deps.reads;
    const window = useWindow(now);
    const [subscription, chat, landscapes, peopleAdded, sessions, audit] = await Promise.all([
      subscriptionFigures.ofPerson(id),
      chatFigures.useOf(id, window),
      landscapeFigures.useOf(id, window),
      birthProfileFigures.peopleAddedBy(id),
      accountFigures.openSessions(id, now.toISOString()),
      this.deps.audit.list({ target: id, limit: 20, offset: 0 }),
    ]);
    return {
      user,
      subscription,
      usage: {
        chatMessagesToday: chat.today,
        chatMessages30d: chat.days30,
        landscapes30d: landscapes.days30,
      },
      peopleAdded,
      sessions,
      audit: await nameAuditEntries(this.deps.reads, audit.entries),
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
