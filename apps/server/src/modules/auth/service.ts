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
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, unauthenticated } from '../../platform/errors.ts';
import { hashLinkSecret, newLinkSecret } from '../../platform/link-secrets.ts';
import type { Mailer } from '../../platform/mailer/mailer.ts';
import { clientKey, type Throttle } from '../../platform/throttle.ts';
import { LoginGuard } from './login-guard.ts';
import { accountDeletedMail, passwordChangedMail, resetMail, verificationMail } from './mails.ts';
import { type PasswordHasher, passwordProblem } from './passwords.ts';
import type { Account, AuthRepository } from './repository.ts';
import type { CachedSession, SessionCache } from './session-cache.ts';
import type { SecretPurpose } from './tables.ts';
import { newId, type TokenClaims, type TokenSigner } from './tokens.ts';

/** Where a request came from, as recorded on sessions and used by the throttles. */
export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

/**
 * Other modules add the personal data they keep to the account export with this. Records kept by
 * email address only are the account's once it proved it owns the address: `verifiedEmail` is
 * null before that, since anyone can register an address that others wrote from.
 */
export type ExportSection = (userId: string, verifiedEmail: string | null) => Promise<unknown>;

/** Other modules remove the data they keep with this; `verifiedEmail` as for the export. */
export type DeletionStep = (account: { id: string; verifiedEmail: string | null }) => Promise<void>;

const HOUR = 60 * 60_000;

/** The name to greet with: only an account that proved its address chose what its mail says. */
const verifiedName = (account: Account) => (account.emailVerified ? account.name : undefined);
const LINK_TTL: Record<SecretPurpose, number> = { 'verify-email': 24 * HOUR, 'reset-password': HOUR };
const TOUCH_AFTER_MS = 60_000;

export const MESSAGES = {
  emailTaken: 'An account with this email address already exists. Please log in or reset your password.',
  invalidCredentials: 'The email address or password is not correct.',
  disabled: 'This account has been disabled. Please contact support.',
  wrongPassword: 'Your current password is not correct.',
  wrongConfirmation: 'The password is not correct.',
  invalidVerifyLink: 'This verification link is invalid or has expired. Please request a new one.',
  invalidResetLink: 'This reset link is invalid or has expired. Please request a new one.',
  verified: 'Your email address is verified. Thank you!',
  resendSent: 'If that address belongs to an account that still needs confirming, a new link is on its way.',
  forgotSent: 'If an account exists for that address, we have sent a link to reset its password.',
  passwordChanged: 'Your password was changed. Your other sessions were signed out.',
  passwordReset: 'Your password was reset. Please log in with your new password.',
  loggedOut: 'You are logged out.',
  sessionEnded: 'That session was signed out.',
  sessionNotFound: 'That session does not exist or has already ended.',
  accountDeleted: 'Your account and its personal data were deleted.',
} as const;

function publicUser(account: Account): User {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
    emailVerified: account.emailVerified,
    createdAt: account.createdAt,
  };
}

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
  config: Pick<Config, 'appUrl' | 'adminEmails' | 'sessionTtlMs' | 'throttle'>;
}

export class AuthService {
  private readonly pending = new Set<Promise<void>>();
  private readonly exportSections = new Map<string, ExportSection>();
  private readonly deletionSteps: DeletionStep[] = [];
  private readonly logins: LoginGuard;

  constructor(private readonly deps: AuthServiceDeps) {
    this.logins = new LoginGuard(deps.throttle, deps.config.throttle);
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
    this.assertAcceptablePassword(body.password, body.email, 'password');
    if (await repo.emailExists(body.email)) throw new AppError(409, 'EMAIL_TAKEN', MESSAGES.emailTaken);
    const id = newId();
    const role: Role = config.adminEmails.includes(body.email) ? 'admin' : 'user';
    const inserted = await repo.insertUser({
      id,
      email: body.email,
      name: body.name,
      passwordHash: await hasher.hash(body.password),
      role,
      now: this.now,
    });
    if (!inserted) throw new AppError(409, 'EMAIL_TAKEN', MESSAGES.emailTaken);
    const account = (await repo.findById(id))!;
    await this.sendLink(account, 'verify-email');
    return this.openSession(account, ctx);
  }

  async login(body: LoginBody, ctx: RequestContext): Promise<{ token: string; user: User }> {
    const { repo, config, hasher } = this.deps;
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
    let account = found.account;
    if (account.disabled) throw new AppError(403, 'FORBIDDEN', MESSAGES.disabled);
    if (account.role !== 'admin' && config.adminEmails.includes(account.email)) {
      await repo.update(account.id, { role: 'admin' }, this.now);
      account = { ...account, role: 'admin' };
    }
    return this.openSession(account, ctx);
  }

  private async openSession(account: Account, ctx: RequestContext): Promise<{ token: string; user: User }> {
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + this.deps.config.sessionTtlMs);
    const sessionId = newId();
    await this.deps.repo.insertSession({
      id: sessionId,
      userId: account.id,
      now: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      userAgent: ctx.userAgent?.slice(0, 300) ?? null,
      ip: ctx.ip,
    });
    const token = await this.deps.tokens.sign({ userId: account.id, sessionId }, expiresAt);
    return { token, user: publicUser(account) };
  }

  /**
   * The person behind a bearer token, if its session is still open and the account usable.
   * Runs on every authenticated request: a known token of a cached session costs no I/O.
   */
  async authenticate(token: string): Promise<AuthUser | null> {
    const { tokens, sessions } = this.deps;
    const nowMs = this.deps.clock.now().getTime();
    const claims = tokens.remembered(token, nowMs) ?? (await tokens.verify(token));
    if (!claims) return null;
    const session =
      sessions.get(claims.sessionId, claims.userId, nowMs) ?? (await this.loadSession(claims, nowMs));
    if (!session) return null;
    // Recording every request would turn each read into a write; once a minute is enough.
    if (nowMs - session.lastSeenAtMs > TOUCH_AFTER_MS) {
      await this.deps.repo.touchSession(claims.sessionId, new Date(nowMs).toISOString());
      sessions.touched(claims.sessionId, nowMs);
    }
    return session.user;
  }

  private async loadSession(claims: TokenClaims, nowMs: number): Promise<CachedSession | null> {
    const ticket = this.deps.sessions.beginLoad();
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
    this.deps.sessions.store(ticket, session, nowMs);
    return session;
  }

  async logout(user: AuthUser): Promise<void> {
    await this.deps.repo.deleteSession(user.id, user.sessionId);
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
    const account = await this.confirmPassword(user, body.currentPassword, MESSAGES.wrongPassword);
    this.assertAcceptablePassword(body.newPassword, account.email, 'newPassword');
    const passwordHash = await this.deps.hasher.hash(body.newPassword);
    await this.deps.repo.transaction(async (trx) => {
      await this.deps.repo.update(user.id, { passwordHash }, this.now, trx);
      await this.deps.repo.deleteSessions(user.id, user.sessionId, trx);
      // A pending reset link must not undo the change.
      await this.deps.repo.deleteSecrets(user.id, 'reset-password', trx);
    });
    this.inBackground(() =>
      this.deps.mailer.queue(
        passwordChangedMail(account.email, verifiedName(account), this.deps.config.appUrl),
      ),
    );
  }

  /** Checks a signed-in person's password (failures are throttled); returns their account. */
  private async confirmPassword(user: AuthUser, password: string, message: string): Promise<Account> {
    const { repo, throttle, hasher } = this.deps;
    // Only the signed-in person can fail here, so counting per account locks out no one else.
    const check = this.passwordCheck(user.id);
    await throttle.refuseIfBlocked(check);
    const found = await repo.findCredentials({ id: user.id });
    if (!found) throw unauthenticated();
    if (!(await hasher.verify(found.passwordHash, password))) {
      await throttle.count(check);
      throw new AppError(400, 'WRONG_PASSWORD', message, [{ path: 'password', message }]);
    }
    return found.account;
  }

  private passwordCheck(userId: string) {
    return { rule: this.deps.config.throttle.passwordChecksPerUser, key: `password-check:user:${userId}` };
  }

  private clearPasswordChecks(userId: string): Promise<void> {
    return this.deps.throttle.clear(this.passwordCheck(userId));
  }

  private assertAcceptablePassword(password: string, email: string, field: string): void {
    const problem = passwordProblem(password, email);
    if (problem) throw new AppError(422, 'WEAK_PASSWORD', problem, [{ path: field, message: problem }]);
  }

  // Mailed links

  private async sendLink(account: Account, purpose: SecretPurpose): Promise<void> {
    const { secret, hash } = newLinkSecret();
    const now = this.deps.clock.now();
    await this.deps.repo.replaceSecret({
      id: newId(),
      userId: account.id,
      purpose,
      hash,
      now: now.toISOString(),
      expiresAt: new Date(now.getTime() + LINK_TTL[purpose]).toISOString(),
    });
    // Links are built from the configured address, never from the request's Host header.
    const url = `${this.deps.config.appUrl}/#/${purpose}/${secret}`;
    await this.deps.mailer.queue(
      purpose === 'verify-email'
        ? verificationMail(account.email, url)
        : resetMail(account.email, verifiedName(account), url),
    );
  }

  async verifyEmail(secret: string): Promise<void> {
    const userId = await this.deps.repo.consumeSecret(hashLinkSecret(secret), 'verify-email', this.now);
    if (!userId) throw new AppError(400, 'INVALID_TOKEN', MESSAGES.invalidVerifyLink);
    await this.deps.repo.update(userId, { emailVerified: true }, this.now);
  }

  /** Same answer, status and time whether or not the address has an account: the work runs later. */
  async resendVerification(email: string, ctx: RequestContext): Promise<void> {
    await this.throttleMail(email, ctx);
    this.inBackground(async () => {
      const account = await this.deps.repo.findByEmail(email);
      if (account && !account.emailVerified && !account.disabled)
        await this.sendLink(account, 'verify-email');
    });
  }

  async forgotPassword(email: string, ctx: RequestContext): Promise<void> {
    await this.throttleMail(email, ctx);
    this.inBackground(async () => {
      const account = await this.deps.repo.findByEmail(email);
      if (account && !account.disabled) await this.sendLink(account, 'reset-password');
    });
  }

  private throttleMail(email: string, ctx: RequestContext): Promise<void> {
    const { throttle, config } = this.deps;
    return throttle.take(
      { rule: config.throttle.mailPerAddress, key: `mail:address:${email}` },
      { rule: config.throttle.mailPerIp, key: `mail:ip:${clientKey(ctx.ip)}` },
    );
  }

  async checkResetLink(secret: string): Promise<string> {
    const account = await this.deps.repo.findSecretAccount(
      hashLinkSecret(secret),
      'reset-password',
      this.now,
    );
    if (!account || account.disabled) throw new AppError(400, 'INVALID_TOKEN', MESSAGES.invalidResetLink);
    return account.email;
  }

  async resetPassword(body: ResetPasswordBody): Promise<void> {
    const { repo, hasher } = this.deps;
    const hash = hashLinkSecret(body.token);
    const account = await repo.findSecretAccount(hash, 'reset-password', this.now);
    if (!account || account.disabled) throw new AppError(400, 'INVALID_TOKEN', MESSAGES.invalidResetLink);
    // Refuse a weak choice before spending the link, so the person can try again with it.
    this.assertAcceptablePassword(body.newPassword, account.email, 'newPassword');
    const passwordHash = await hasher.hash(body.newPassword);
    const done = await repo.transaction(async (trx) => {
      const userId = await repo.consumeSecret(hash, 'reset-password', this.now, trx);
      if (userId !== account.id) return false;
      // The link proves the mailbox is theirs, so the address counts as verified too.
      await repo.update(userId, { passwordHash, emailVerified: true }, this.now, trx);
      await repo.deleteSessions(userId, undefined, trx);
      await repo.deleteSecrets(userId, undefined, trx);
      return true;
    });
    if (!done) throw new AppError(400, 'INVALID_TOKEN', MESSAGES.invalidResetLink);
    await this.clearPasswordChecks(account.id);
    this.inBackground(() =>
      this.deps.mailer.queue(
        passwordChangedMail(account.email, verifiedName(account), this.deps.config.appUrl),
      ),
    );
  }

  // Sessions

  async listSessions(user: AuthUser): Promise<Session[]> {
    const rows = await this.deps.repo.listSessions(user.id, this.now);
    return rows.map((row) => ({ ...row, current: row.id === user.sessionId }));
  }

  async endSession(user: AuthUser, sessionId: string): Promise<void> {
    if (!(await this.deps.repo.deleteSession(user.id, sessionId))) {
      throw new AppError(404, 'NOT_FOUND', MESSAGES.sessionNotFound);
    }
  }

  /** Signs out every session but the current one; returns how many ended. */
  endOtherSessions(user: AuthUser): Promise<number> {
    return this.deps.repo.deleteSessions(user.id, user.sessionId);
  }

  // Personal data

  addExportSection(name: string, section: ExportSection): void {
    this.exportSections.set(name, section);
  }

  /** Runs before the user row (and everything tied to it by foreign key) is deleted. */
  onAccountDeleted(step: DeletionStep): void {
    this.deletionSteps.push(step);
  }

  async exportData(user: AuthUser): Promise<AccountExport> {
    const sections: Record<string, unknown> = {};
    // Read afresh: the address may have been verified since this session's user was cached.
    const account = await this.deps.repo.findById(user.id);
    const verifiedEmail = account?.emailVerified ? account.email : null;
    for (const [name, section] of this.exportSections) sections[name] = await section(user.id, verifiedEmail);
    return {
      success: true,
      exportedAt: this.now,
      user: this.profile(user),
      sessions: await this.listSessions(user),
      sections,
    };
  }

  async deleteAccount(user: AuthUser, password: string): Promise<void> {
    const account = await this.confirmPassword(user, password, MESSAGES.wrongConfirmation);
    await this.removeAccount(account);
  }

  /** The same steps as self-service deletion, for an operator: subscription ended, data and sessions gone. */
  async removeAccount(account: Account): Promise<void> {
    // Before the address is proven, mail queued to it before the account existed is someone else's.
    const verifiedEmail = account.emailVerified ? account.email : null;
    await this.deps.mailer.forget(account.email, verifiedEmail ? undefined : account.createdAt);
    for (const step of this.deletionSteps) await step({ id: account.id, verifiedEmail });
    await this.deps.repo.deleteUser(account.id);
    await this.clearPasswordChecks(account.id);
    this.inBackground(() => this.deps.mailer.queue(accountDeletedMail(account.email, verifiedName(account))));
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

  // Work that must not delay (or shape) the answer, like mail for enumeration-safe endpoints.

  private inBackground(task: () => Promise<void>): void {
    const run = task().catch((error) =>
      this.deps.log.error({ err: error }, 'background account task failed'),
    );
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  /** Resolves when the background work started so far has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
