import type { Config } from '../../config.ts';
import { clientKey, type Throttle, type ThrottleCheck } from '../../platform/throttle.ts';

/** Failures of one (account, address) pair that cost no wait; after them the wait doubles. */
const FREE_FAILURES = 2;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 60_000;

/** The wait imposed on an (account, address) pair after its n-th failure in the window. */
function loginDelayMs(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES - 1), MAX_DELAY_MS);
}

/**
 * Password guessing is counted per client address and per (account, address) pair, never per
 * account alone: strangers failing elsewhere cannot lock the owner out. Each further failure of
 * a pair makes it wait longer (Retry-After), and a pair or address that keeps failing is refused
 * until its window ends.
 */
export class LoginGuard {
  constructor(
    private readonly throttle: Throttle,
    private readonly rules: Pick<Config['throttle'], 'loginFailuresPerPair' | 'loginFailuresPerIp'>,
  ) {}

  private checks(email: string, ip: string) {
    const address = clientKey(ip);
    const pair: ThrottleCheck = {
      rule: this.rules.loginFailuresPerPair,
      key: `login:pair:${email}:${address}`,
    };
    const delay: ThrottleCheck = {
      rule: this.rules.loginFailuresPerPair,
      key: `login:delay:${email}:${address}`,
    };
    const perIp: ThrottleCheck = { rule: this.rules.loginFailuresPerIp, key: `login:ip:${address}` };
    return { pair, delay, perIp };
  }

  /** Before any password hashing: refuses (429 with Retry-After) a pair or address that must wait. */
  async admit(email: string, ip: string): Promise<void> {
    const { pair, delay, perIp } = this.checks(email, ip);
    await this.throttle.refuseIfBlocked(pair, delay, perIp);
  }

  async failed(email: string, ip: string): Promise<void> {
    const { pair, delay, perIp } = this.checks(email, ip);
    const [failures = 0] = await this.throttle.count(pair, perIp);
    const wait = loginDelayMs(failures);
    if (wait > 0) await this.throttle.hold(delay, wait);
  }

  /** The right password from this address: its own earlier typos stop counting. */
  async succeeded(email: string, ip: string): Promise<void> {
    const { pair, delay } = this.checks(email, ip);
    await this.throttle.clear(pair);
    await this.throttle.clear(delay);
  }
}
