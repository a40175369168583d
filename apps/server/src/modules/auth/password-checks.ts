import type { Config } from '../../config.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { AppError, unauthenticated } from '../../platform/errors.ts';
import type { Throttle } from '../../platform/throttle.ts';
import { type PasswordHasher, passwordProblem } from './passwords.ts';
import type { Account, AuthRepository } from './repository.ts';

// Checking passwords: a signed-in person confirming theirs (throttled per account), and the rules
// a new password must meet.

export class PasswordChecks {
  constructor(
    private readonly deps: {
      repo: AuthRepository;
      hasher: PasswordHasher;
      throttle: Throttle;
      config: Pick<Config, 'throttle'>;
    },
  ) {}

  /** Checks a signed-in person's password (failures are throttled); returns their account. */
  async confirm(user: AuthUser, password: string, message: string): Promise<Account> {
    const { repo, throttle, hasher } = this.deps;
    // Only the signed-in person can fail here, so counting per account locks out no one else.
    const check = this.check(user.id);
    await throttle.refuseIfBlocked(check);
    const found = await repo.findCredentials({ id: user.id });
    if (!found) throw unauthenticated();
    if (!(await hasher.verify(found.passwordHash, password))) {
      await throttle.count(check);
      throw new AppError(400, 'WRONG_PASSWORD', message, [{ path: 'password', message }]);
    }
    return found.account;
  }

  /** Forgets the failed checks of an account (its password was reset, or it is gone). */
  clear(userId: string): Promise<void> {
    return this.deps.throttle.clear(this.check(userId));
  }

  private check(userId: string) {
    return { rule: this.deps.config.throttle.passwordChecksPerUser, key: `password-check:user:${userId}` };
  }
}

export function assertAcceptablePassword(password: string, email: string, field: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new AppError(422, 'WEAK_PASSWORD', problem, [{ path: field, message: problem }]);
}
