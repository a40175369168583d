import type { ResetPasswordBody } from '@app/contracts/auth.ts';
import type { Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Tables } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { hashLinkSecret, newLinkSecret } from '../../platform/link-secrets.ts';
import type { Mailer } from '../../platform/mailer/mailer.ts';
import { clientKey, type Throttle } from '../../platform/throttle.ts';
import { verifiedName } from './account-views.ts';
import type { BackgroundWork } from './background-work.ts';
import { passwordChangedMail, resetMail, verificationMail } from './mails.ts';
import { MESSAGES } from './messages.ts';
import { assertAcceptablePassword, type PasswordChecks } from './password-checks.ts';
import type { PasswordHasher } from './passwords.ts';
import type { Account, AuthRepository } from './repository.ts';
import type { RequestContext } from './sessions.ts';
import type { SecretPurpose } from './tables.ts';
import { newId } from './tokens.ts';

// The links mailed to an account: one to verify its address, one to reset its password. Each
// holds a one-time secret stored only as its hash.

const HOUR = 60 * 60_000;
const LINK_TTL: Record<SecretPurpose, number> = { 'verify-email': 24 * HOUR, 'reset-password': HOUR };

export class MailedLinks {
  constructor(
    private readonly deps: {
      repo: AuthRepository;
      hasher: PasswordHasher;
      mailer: Mailer;
      throttle: Throttle;
      clock: Clock;
      config: Pick<Config, 'appUrl' | 'throttle'>;
      passwordChecks: PasswordChecks;
      background: BackgroundWork;
    },
  ) {}

  private get now(): string {
    return this.deps.clock.now().toISOString();
  }

  /** Inside a transaction (`trx`), the caller tells the mailer to send once it committed. */
  async send(account: Account, purpose: SecretPurpose, trx?: Transaction<Tables>): Promise<void> {
    const { secret, hash } = newLinkSecret();
    const now = this.deps.clock.now();
    await this.deps.repo.replaceSecret(
      {
        id: newId(),
        userId: account.id,
        purpose,
        hash,
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + LINK_TTL[purpose]).toISOString(),
      },
      trx,
    );
    // Links are built from the configured address, never from the request's Host header.
    const url = `${this.deps.config.appUrl}/#/${purpose}/${secret}`;
    await this.deps.mailer.queue(
      purpose === 'verify-email'
        ? verificationMail(account.email, url)
        : resetMail(account.email, verifiedName(account), url),
      trx,
    );
  }

  /** Marks the link's address verified; answers whose account it is. */
  async verifyEmail(secret: string): Promise<string> {
    const userId = await this.deps.repo.consumeSecret(hashLinkSecret(secret), 'verify-email', this.now);
    if (!userId) throw new AppError(400, 'INVALID_TOKEN', MESSAGES.invalidVerifyLink);
    await this.deps.repo.update(userId, { emailVerified: true }, this.now);
    return userId;
  }

  /** Same answer, status and time whether or not the address has an account: the work runs later. */
  async resendVerification(email: string, ctx: RequestContext): Promise<void> {
    await this.throttleMail(email, ctx);
    this.deps.background.run(async () => {
      const account = await this.deps.repo.findByEmail(email);
      if (account && !account.emailVerified && !account.disabled) await this.send(account, 'verify-email');
    });
  }

  async forgotPassword(email: string, ctx: RequestContext): Promise<void> {
    await this.throttleMail(email, ctx);
    this.deps.background.run(async () => {
      const account = await this.deps.repo.findByEmail(email);
      if (account && !account.disabled) await this.send(account, 'reset-password');
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

  /** Sets the new password and ends every session; answers whose account it is. */
  async resetPassword(body: ResetPasswordBody): Promise<string> {
    const { repo, hasher } = this.deps;
    const hash = hashLinkSecret(body.token);
    const account = await repo.findSecretAccount(hash, 'reset-password', this.now);
    if (!account || account.disabled) throw new AppError(400, 'INVALID_TOKEN', MESSAGES.invalidResetLink);
    // Refuse a weak choice before spending the link, so the person can try again with it.
    assertAcceptablePassword(body.newPassword, account.email, 'newPassword');
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
    await this.deps.passwordChecks.clear(account.id);
    this.deps.background.run(() =>
      this.deps.mailer.queue(
        passwordChangedMail(account.email, verifiedName(account), this.deps.config.appUrl),
      ),
    );
    return account.id;
  }
}
