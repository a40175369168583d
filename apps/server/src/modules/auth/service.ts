import type {
  AccountExport,
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  Role,
  Session,
  User,
} from '@app/contracts/auth.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { AuditLog } from '../../platform/audit/audit-log.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, unauthenticated } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer/mailer.ts';
import { clientKey, type Throttle } from '../../platform/throttle.ts';
import { publicUser, verifiedName } from './account-views.ts';
import { BackgroundWork } from './background-work.ts';
import { LoginGuard } from './login-guard.ts';
import { MailedLinks } from './mailed-links.ts';
import { passwordChangedMail } from './mails.ts';
import { MESSAGES } from './messages.ts';
import { assertAcceptablePassword, PasswordChecks } from './password-checks.ts';
import type { PasswordHasher } from './passwords.ts';
import { type DeletionStep, type ExportSection, PersonalData } from './personal-data.ts';
import type { Account, AuthRepository } from './repository.ts';
import type { SessionCache } from './session-cache.ts';
import { type RequestContext, Sessions } from './sessions.ts';
import { newId, type TokenSigner } from './tokens.ts';

export { MESSAGES } from './messages.ts';

/** What another module voids when all of a person's other sessions end for their safety. */
export type SignOutEverywhereStep = (userId: string) => Promise<void>;
export type { DeletionStep, ExportSection } from './personal-data.ts';
export type { RequestContext } from './sessions.ts';

export interface AuthServiceDeps {
  repo: AuthRepository;
  /** The same cache the repository reports its revoking writes to. */
  sessions: SessionCache;
  hasher: PasswordHasher;
  tokens: TokenSigner;
  mailer: Mailer;
  throttle: Throttle;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Where the role granted by ADMIN_EMAILS is recorded. */
  audit: Pick<AuditLog, 'record'>;
  config: Pick<Config, 'appUrl' | 'adminEmails' | 'sessionTtlMs' | 'throttle'>;
}

/** The audit log's name for grants made because an address is listed in ADMIN_EMAILS. */
export const ADMIN_EMAILS_ACTOR = 'ADMIN_EMAILS setting';

/**
 * Accounts: registration and login, the profile and password, and what operators and other
 * modules do with accounts. Sessions, mailed links and personal data are parts of their own;
 * this is the one face the routes and other modules use.
 */
export class AuthService {
  private readonly logins: LoginGuard;
  private readonly background: BackgroundWork;
  private readonly passwordChecks: PasswordChecks;
  private readonly sessions: Sessions;
  private readonly links: MailedLinks;
  private readonly personalData: PersonalData;
  private readonly signOutEverywhereSteps: SignOutEverywhereStep[] = [];

  constructor(private readonly deps: AuthServiceDeps) {
    this.logins = new LoginGuard(deps.throttle, deps.config.throttle);
    this.background = new BackgroundWork(deps.log);
    this.passwordChecks = new PasswordChecks(deps);
    this.sessions = new Sessions({ ...deps, cache: deps.sessions });
    const parts = { ...deps, passwordChecks: this.passwordChecks, background: this.background };
    this.links = new MailedLinks(parts);
    this.personalData = new PersonalData(parts);
  }

  private get now(): string {
    return this.deps.clock.now().toISOString();
  }

  // Registration and login

  async register(body: RegisterBody, ctx: RequestContext): Promise<{ token: string; user: User }> {
    const { repo, throttle, config, hasher } = this.deps;
    await throttle.take({
      rule: config.throttle.registrationsPerIp,
      key: `register:ip:${clientKey(ctx.ip)}`,
    });
    assertAcceptablePassword(body.password, body.email, 'password');
    if (await repo.emailExists(body.email)) throw new AppError(409, 'EMAIL_TAKEN', MESSAGES.emailTaken);
    const id = newId();
    // Never admin yet, even for an address in ADMIN_EMAILS: whoever registers it first has not
    // shown that it is theirs. The role comes with the verified address (verifyEmail, login).
    const role: Role = 'user';
    const passwordHash = await hasher.hash(body.password);
    // One transaction: a process stopped halfway leaves no account without its link or session.
    const opened = await repo.atomically(async (trx) => {
      const user = { id, email: body.email, name: body.name, passwordHash, role, now: this.now };
      if (!(await repo.insertUser(user, trx))) throw new AppError(409, 'EMAIL_TAKEN', MESSAGES.emailTaken);
      const account = (await repo.findById(id, trx))!;
      await this.links.send(account, 'verify-email', trx);
      return this.sessions.open(account, ctx, trx);
    });
    this.deps.mailer.sendSoon();
    return opened;
  }

  async login(body: LoginBody, ctx: RequestContext): Promise<{ token: string; user: User }> {
    const { repo, hasher } = this.deps;
    await this.logins.admit(body.email, ctx.ip);
    const found = await repo.findCredentials({ email: body.email });
    // An unknown address costs the same hashing work as a wrong password and reads the same.
    const valid = found
      ? await hasher.verify(found.passwordHash, body.password)
      : await hasher.verifyDummy(body.password);
    if (!found || !valid) {
      await this.logins.failed(body.email, ctx.ip);
      throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
    }
    await this.logins.succeeded(body.email, ctx.ip);
    if (found.account.disabled) throw new AppError(403, 'FORBIDDEN', MESSAGES.disabled);
    // An address added to ADMIN_EMAILS after its owner verified it.
    const account = await this.grantListedAdminRole(found.account, ctx);
    return this.sessions.open(account, ctx);
  }

  /**
   * The admin role for an address listed in ADMIN_EMAILS, once its owner has verified it; the
   * grant is written to the audit log. Answers the account as it now is.
   */
  private async grantListedAdminRole(account: Account, ctx: Pick<RequestContext, 'ip'>): Promise<Account> {
    const { repo, config, audit } = this.deps;
    if (account.role === 'admin' || !account.emailVerified || !config.adminEmails.includes(account.email))
      return account;
    await repo.update(account.id, { role: 'admin' }, this.now);
    await audit.record(
      { id: null, email: ADMIN_EMAILS_ACTOR, ip: ctx.ip },
      {
        action: 'user.update',
        targetType: 'user',
        targetId: account.id,
        before: { role: account.role },
        after: { role: 'admin' },
      },
    );
    return { ...account, role: 'admin' };
  }

  /**
   * The addresses of ADMIN_EMAILS that give nobody the admin role yet: without an account, or
   * whose account has not verified the address (told to the operator at start).
   */
  async listedAdminsWaiting(): Promise<{ email: string; state: 'no account' | 'not verified' }[]> {
    const waiting: { email: string; state: 'no account' | 'not verified' }[] = [];
    for (const email of this.deps.config.adminEmails) {
      const account = await this.deps.repo.findByEmail(email);
      if (!account) waiting.push({ email, state: 'no account' });
      else if (!account.emailVerified) waiting.push({ email, state: 'not verified' });
    }
    return waiting;
  }

  /**
   * The person behind a bearer token, if its session is still open and the account usable.
   * Runs on every authenticated request: a known token of a cached session costs no I/O.
   */
  authenticate(token: string): Promise<AuthUser | null> {
    return this.sessions.authenticate(token);
  }

  logout(user: AuthUser): Promise<void> {
    return this.sessions.logout(user);
  }

  // Profile and password

  /** The profile as loaded for this request by the guard (no second query). */
  profile(user: AuthUser): User {
    const { id, email, name, role, emailVerified, createdAt } = user;
    return { id, email, name, role, emailVerified, createdAt };
  }

  async updateProfile(user: AuthUser, name: string): Promise<User> {
    await this.deps.repo.update(user.id, { name }, this.now);
    const account = await this.deps.repo.findById(user.id);
    if (!account) throw unauthenticated();
    return publicUser(account);
  }

  async changePassword(user: AuthUser, body: ChangePasswordBody): Promise<void> {
    const account = await this.passwordChecks.confirm(user, body.currentPassword, MESSAGES.wrongPassword);
    assertAcceptablePassword(body.newPassword, account.email, 'newPassword');
    const passwordHash = await this.deps.hasher.hash(body.newPassword);
    await this.deps.repo.transaction(async (trx) => {
      await this.deps.repo.update(user.id, { passwordHash }, this.now, trx);
      await this.deps.repo.deleteSessions(user.id, user.sessionId, trx);
      // A pending reset link must not undo the change.
      await this.deps.repo.deleteSecrets(user.id, 'reset-password', trx);
    });
    this.background.run(() =>
      this.deps.mailer.queue(
        passwordChangedMail(account.email, verifiedName(account), this.deps.config.appUrl),
      ),
    );
    await this.signedOutEverywhere(user.id);
  }

  /**
   * Runs after a password change or reset and "sign out everywhere": what lets a device in
   * without a session (the calendar feed's private address) stops working too.
   */
  onSignedOutEverywhere(step: SignOutEverywhereStep): void {
    this.signOutEverywhereSteps.push(step);
  }

  private async signedOutEverywhere(userId: string): Promise<void> {
    for (const step of this.signOutEverywhereSteps) await step(userId);
  }

  // Mailed links

  async verifyEmail(secret: string, ctx: Pick<RequestContext, 'ip'>): Promise<void> {
    const userId = await this.links.verifyEmail(secret);
    const account = await this.deps.repo.findById(userId);
    if (account) await this.grantListedAdminRole(account, ctx);
  }

  /** Same answer, status and time whether or not the address has an account: the work runs later. */
  resendVerification(email: string, ctx: RequestContext): Promise<void> {
    return this.links.resendVerification(email, ctx);
  }

  forgotPassword(email: string, ctx: RequestContext): Promise<void> {
    return this.links.forgotPassword(email, ctx);
  }

  checkResetLink(secret: string): Promise<string> {
    return this.links.checkResetLink(secret);
  }

  async resetPassword(body: ResetPasswordBody): Promise<void> {
    await this.signedOutEverywhere(await this.links.resetPassword(body));
  }

  // Sessions

  listSessions(user: AuthUser): Promise<Session[]> {
    return this.sessions.list(user);
  }

  endSession(user: AuthUser, sessionId: string): Promise<void> {
    return this.sessions.end(user, sessionId);
  }

  /** Signs out every session but the current one; returns how many ended. */
  async endOtherSessions(user: AuthUser): Promise<number> {
    const ended = await this.sessions.endOthers(user);
    await this.signedOutEverywhere(user.id);
    return ended;
  }

  // Personal data

  addExportSection(name: string, section: ExportSection): void {
    this.personalData.addExportSection(name, section);
  }

  /** Runs before the user row (and everything tied to it by foreign key) is deleted. */
  onAccountDeleted(step: DeletionStep): void {
    this.personalData.onAccountDeleted(step);
  }

  exportData(user: AuthUser): Promise<AccountExport> {
    return this.personalData.exportData(user, {
      profile: this.profile(user),
      sessions: () => this.listSessions(user),
    });
  }

  async deleteAccount(user: AuthUser, password: string): Promise<void> {
    const account = await this.passwordChecks.confirm(user, password, MESSAGES.wrongConfirmation);
    await this.removeAccount(account);
  }

  /** The same steps as self-service deletion, for an operator: subscription ended, data and sessions gone. */
  removeAccount(account: Account): Promise<void> {
    return this.personalData.removeAccount(account);
  }

  // For operators and other modules

  /** The account's role and standing, for work done without a session (feeds, scheduled jobs). */
  async accountOf(
    userId: string,
  ): Promise<{ id: string; role: Role; emailVerified: boolean; disabled: boolean } | null> {
    const account = await this.deps.repo.findById(userId);
    return account
      ? {
          id: account.id,
          role: account.role,
          emailVerified: account.emailVerified,
          disabled: account.disabled,
        }
      : null;
  }

  async setRole(userId: string, role: Role): Promise<boolean> {
    return this.deps.repo.update(userId, { role }, this.now);
  }

  /** Disabling signs the person out everywhere at once. */
  async setDisabled(userId: string, disabled: boolean): Promise<boolean> {
    return this.changeAccount(userId, { disabled });
  }

  /** An operator's change to an account; disabling ends its sessions at once. */
  async changeAccount(
    userId: string,
    changes: { name?: string; role?: Role; emailVerified?: boolean; disabled?: boolean },
  ): Promise<boolean> {
    const changed = await this.deps.repo.update(userId, changes, this.now);
    if (changed && changes.disabled) await this.deps.repo.deleteSessions(userId);
    return changed;
  }

  /**
   * An operator's change that may take away an admin's role or access: refused ('last-admin')
   * when it would leave no active admin, checked and written in one transaction.
   */
  async changeAccountKeepingAnAdmin(
    userId: string,
    changes: { name?: string; role?: Role; emailVerified?: boolean; disabled?: boolean },
  ): Promise<'changed' | 'missing' | 'last-admin'> {
    const result = await this.deps.repo.updateKeepingAnAdmin(userId, changes, this.now);
    if (result === 'changed' && changes.disabled) await this.deps.repo.deleteSessions(userId);
    return result;
  }

  findAccountById(userId: string): Promise<Account | null> {
    return this.deps.repo.findById(userId);
  }

  /** Removes sessions and link secrets that can no longer be used. */
  async purgeExpired(): Promise<void> {
    await this.deps.repo.deleteExpired(this.now);
  }

  findAccountByEmail(email: string): Promise<Account | null> {
    return this.deps.repo.findByEmail(email);
  }

  /** Resolves when the background work started so far (mail for enumeration-safe endpoints) has finished. */
  idle(): Promise<void> {
    return this.background.idle();
  }
}
