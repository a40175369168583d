import { isIPv6 } from 'node:net';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Clock } from './clock.ts';
import { ClockedMemoryLimiter, CounterMap } from './clocked-memory-limiter.ts';
import type { ThrottleRule } from './config-basics.ts';
import { tooManyRequests } from './errors.ts';

/** One limit to check or count: a rule and the key it counts under. */
export interface ThrottleCheck {
  rule: ThrottleRule;
  key: string;
}

/** Makes the rate-limiter-flexible limiter of one rule; `name` keeps rules' counters apart. */
export type LimiterFactory = (rule: ThrottleRule, name: string) => RateLimiterAbstract;

/**
 * Counters in this process's memory, timed by the app clock: right for one process (the default)
 * and the fallback of the Redis counters below.
 */
export function memoryLimiters(clock: Clock): LimiterFactory {
  const store = new CounterMap(clock);
  return (rule, name) =>
    new ClockedMemoryLimiter(store, { keyPrefix: name, points: rule.max, duration: rule.windowMs / 1000 });
}

/**
 * Counters in Redis, shared by every server process (several processes would otherwise each allow
 * the full limit). While Redis is unreachable each process counts in its own memory (the library's
 * insurance limiter), so limits stay on, per process, and the server keeps answering.
 */
export function redisLimiters(client: Redis, keyPrefix: string, clock: Clock): LimiterFactory {
  const insurance = memoryLimiters(clock);
  return (rule, name) =>
    new RateLimiterRedis({
      storeClient: client,
      keyPrefix: `${keyPrefix}:limit:${name}`,
      points: rule.max,
      duration: rule.windowMs / 1000,
      rejectIfRedisNotReady: true,
      insuranceLimiter: insurance(rule, name),
    });
}

/**
 * The key of a client address: an IPv6 client usually holds a whole /64, so it counts as one;
 * IPv4 (also when mapped into IPv6) counts per address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Counts events per key within each rule's window, before any expensive work is done: password
 * guessing, mail and sign-up flooding, API request rates.
 */
export class Throttle {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(private readonly makeLimiter: LimiterFactory) {}

  private limiter(rule: ThrottleRule): RateLimiterAbstract {
    const name = `${rule.max}/${rule.windowMs}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = this.makeLimiter(rule, name);
      this.limiters.set(name, limiter);
    }
    return limiter;
  }

  /** Milliseconds until every check allows one more event; 0 when all allow it now. */
  async waitFor(...checks: ThrottleCheck[]): Promise<number> {
    let wait = 0;
    for (const { rule, key } of checks) {
      const state = await this.limiter(rule).get(key);
      if (state && state.consumedPoints >= rule.max) {
        wait = Math.max(wait, state.msBeforeNext >= 0 ? state.msBeforeNext : rule.windowMs, 1);
      }
    }
    return wait;
  }

  /** Throws 429 (with Retry-After) when any check is used up; counts nothing. */
  async refuseIfBlocked(...checks: ThrottleCheck[]): Promise<void> {
    const wait = await this.waitFor(...checks);
    if (wait > 0) throw tooManyRequests(wait);
  }

  /** Counts one event under every check; returns the counts within their windows, in order. */
  async count(...checks: ThrottleCheck[]): Promise<number[]> {
    const counted = [];
    for (const { rule, key } of checks) counted.push((await this.limiter(rule).penalty(key)).consumedPoints);
    return counted;
  }

  /** Checks every limit, then counts them all: a refused attempt uses up none of them. */
  async take(...checks: ThrottleCheck[]): Promise<void> {
    await this.refuseIfBlocked(...checks);
    await this.count(...checks);
  }

  /** Refuses the check's key for `ms` from now (a delay, whatever was counted before). */
  async hold({ rule, key }: ThrottleCheck, ms: number): Promise<void> {
    await this.limiter(rule).block(key, ms / 1000);
  }

  async clear({ rule, key }: ThrottleCheck): Promise<void> {
    await this.limiter(rule).delete(key);
  }
}
