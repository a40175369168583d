import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import type { MfaEnroll, MfaStatus, MfaVerify } from '@app/contracts/auth.ts';
import * as OTPAuth from 'otpauth';
import type { AuditLog } from '../../platform/audit/audit-log.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ThrottleRule } from '../../platform/config-basics.ts';
import { AppError } from '../../platform/errors.ts';
import { clientKey, type Throttle } from '../../platform/throttle.ts';
import type { SecondFactorRepository } from './second-factor-repository.ts';
import type { SessionCache } from './session-cache.ts';

// Two-step sign-in with an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s steps), kept
// by the `otpauth` library. The secret is stored encrypted with a key derived from the server
// secret; each code is accepted once; eight recovery codes, stored as hashes, stand in for a lost
// phone. Passing the factor marks the session, not the account.

const ISSUER = 'Astro Guidance';
const PERIOD_SECONDS = 30;
const RECOVERY_CODE_COUNT = 8;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const SECOND_FACTOR_ERRORS = {
  alreadyEnrolled: 'Two-step sign-in is already set up for this account.',
  notEnrolled: 'Set up two-step sign-in first.',
  invalidCode: 'That code is not right. Enter the current 6-digit code from your authenticator app.',
} as const;

const hash = (code: string) => createHash('sha256').update(code.toLowerCase()).digest('hex');

const TOTP_CODE = /^\d{6}$/;

export class SecondFactorService {
  private readonly key: Buffer;

  constructor(
    private readonly deps: {
      repo: SecondFactorRepository;
      sessions: SessionCache;
      clock: Clock;
      serverSecret: string;
      throttle: Throttle;
      /** Where a confirmed enrolment is recorded. */
      audit: Pick<AuditLog, 'record'>;
      /** Wrong codes allowed before a wait: per account and client address, and per account in all. */
      failures: { perSource: ThrottleRule; perUser: ThrottleRule };
    },
  ) {
    this.key = Buffer.from(hkdfSync('sha256', deps.serverSecret, 'second-factor', 'totp-secret', 32));
  }

  private encrypt(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  private decrypt(stored: string): string {
    const bytes = Buffer.from(stored, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }

  private totp(email: string, base32: string): OTPAuth.TOTP {
    return new OTPAuth.TOTP({
      issuer: ISSUER,
      label: email,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_SECONDS,
      secret: OTPAuth.Secret.fromBase32(base32),
    });
  }

  async hasConfirmed(userId: string): Promise<boolean> {
    return Boolean((await this.deps.repo.find(userId))?.confirmedAt);
  }

  async status(user: AuthUser): Promise<MfaStatus> {
    return { enrolled: await this.hasConfirmed(user.id), verified: user.secondFactor };
  }

  /** A new secret to scan; replaces one that was never confirmed. */
  async enroll(user: AuthUser): Promise<MfaEnroll> {
    const existing = await this.deps.repo.find(user.id);
    if (existing?.confirmedAt) throw new AppError(409, 'CONFLICT', SECOND_FACTOR_ERRORS.alreadyEnrolled);
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await this.deps.repo.start(user.id, this.encrypt(secret), this.deps.clock.now().toISOString());
    return { secret, otpauthUrl: this.totp(user.email, secret).toString() };
  }

  /**
   * Confirms enrolment (answering the recovery codes, once) or passes the second factor for this
   * session. A recovery code works in place of a TOTP code, once.
   */
  async verify(user: AuthUser, code: string, ip: string): Promise<MfaVerify> {
    const { throttle, failures } = this.deps;
    // Someone who knows the password and guesses codes makes their own address wait, not the
    // owner's. Guessing spread over many addresses stops 6-digit codes for the account a while;
    // a recovery code (about 50 random bits) is still checked, so the owner always has a way in.
    const source = { rule: failures.perSource, key: `second-factor:source:${user.id}:${clientKey(ip)}` };
    const account = { rule: failures.perUser, key: `second-factor:user:${user.id}` };
    const checks = TOTP_CODE.test(code) ? [source, account] : [source];
    await throttle.refuseIfBlocked(...checks);
    try {
      const answer = await this.check(user, code);
      await throttle.clear(source);
      if (answer.recoveryCodes)
        await this.deps.audit.record(
          { id: user.id, email: user.email, ip },
          {
            action: 'user.enrol-second-factor',
            targetType: 'user',
            targetId: user.id,
            after: { secondFactor: true },
          },
        );
      return answer;
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_CODE') await throttle.count(...checks);
      throw error;
    }
  }

  private async check(user: AuthUser, code: string): Promise<MfaVerify> {
    const { repo } = this.deps;
    const factor = await repo.find(user.id);
    if (!factor) throw new AppError(409, 'MFA_ENROLMENT_REQUIRED', SECOND_FACTOR_ERRORS.notEnrolled);
    const nowMs = this.deps.clock.now().getTime();
    const now = new Date(nowMs).toISOString();
    let recoveryCodes: string[] | undefined;
    if (TOTP_CODE.test(code)) {
      const delta = this.totp(user.email, this.decrypt(factor.sealedSecret)).validate({
        token: code,
        timestamp: nowMs,
        window: 1,
      });
      const step = Math.floor(nowMs / 1000 / PERIOD_SECONDS) + (delta ?? 0);
      if (delta === null || (factor.lastStep !== null && step <= factor.lastStep))
        throw new AppError(400, 'INVALID_CODE', SECOND_FACTOR_ERRORS.invalidCode);
      if (!factor.confirmedAt) recoveryCodes = this.newRecoveryCodes();
      await repo.acceptStep(
        user.id,
        step,
        recoveryCodes && { at: now, recoveryCodeHashes: recoveryCodes.map(hash) },
      );
    } else {
      const unused = factor.recoveryCodeHashes;
      if (!factor.confirmedAt || !unused.includes(hash(code)))
        throw new AppError(400, 'INVALID_CODE', SECOND_FACTOR_ERRORS.invalidCode);
      await repo.keepRecoveryCodes(
        user.id,
        unused.filter((h) => h !== hash(code)),
      );
    }
    await this.deps.sessions.revoking({ sessionId: user.sessionId }, () =>
      repo.markSessionPassed(user.sessionId, now),
    );
    return recoveryCodes ? { recoveryCodes } : {};
  }

  /** For a lost device (the `reset-mfa` command): the authenticator goes, and no session keeps the factor. */
  async reset(userId: string): Promise<boolean> {
    const removed = await this.deps.repo.remove(userId);
    await this.deps.sessions.revoking({ userId }, () => this.deps.repo.clearSessionsOf(userId));
    return removed;
  }

  private newRecoveryCodes(): string[] {
    return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
      Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
    );
  }
}
