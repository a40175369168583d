import { createRequire } from 'node:module';
import { RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import type { Clock } from './clock.ts';

// The library's base for stores is public API (its Redis, Postgres and SQLite limiters extend it)
// but is not re-exported from the package root.
const require = createRequire(import.meta.url);
const StoreAbstract: typeof RateLimiterStoreAbstract = require('rate-limiter-flexible/lib/RateLimiterStoreAbstract.js');

interface Counter {
  points: number;
  /** Clock time (ms) at which the counter resets; null never. */
  expiresAt: number | null;
}

const FIRST_SWEEP_AT = 1024;

/**
 * Counters kept in this process, shared by every limiter made for one app. Each counter expires
 * at its own time, so a short rule never drops a longer rule's counts. Expired counters are swept
 * when the map has doubled since the last sweep: each write pays a constant share of the scans.
 */
export class CounterMap {
  private readonly counters = new Map<string, Counter>();
  private sweepAt = FIRST_SWEEP_AT;

  constructor(readonly clock: Clock) {}

  get size(): number {
    return this.counters.size;
  }

  read(key: string): Counter | null {
    const counter = this.counters.get(key);
    if (!counter) return null;
    if (counter.expiresAt !== null && counter.expiresAt <= this.clock.now().getTime()) {
      this.counters.delete(key);
      return null;
    }
    return counter;
  }

  upsert(key: string, points: number, msDuration: number, forceExpire: boolean): Counter {
    const existing = this.read(key);
    if (existing && !forceExpire) {
      existing.points += points;
      return existing;
    }
    const expiresAt = msDuration > 0 ? this.clock.now().getTime() + msDuration : null;
    const counter = { points, expiresAt };
    this.counters.set(key, counter);
    if (!existing && this.counters.size >= this.sweepAt) this.sweep();
    return counter;
  }

  delete(key: string): boolean {
    return this.counters.delete(key);
  }

  private sweep(): void {
    const now = this.clock.now().getTime();
    for (const [key, counter] of this.counters) {
      if (counter.expiresAt !== null && counter.expiresAt <= now) this.counters.delete(key);
    }
    this.sweepAt = Math.max(FIRST_SWEEP_AT, this.counters.size * 2);
  }
}

/**
 * rate-limiter-flexible's limiter over a CounterMap: the library's consume/penalty/block/get/delete,
 * with time read from the app's clock (tests move it) instead of the wall clock.
 */
export class ClockedMemoryLimiter extends StoreAbstract {
  private readonly store: CounterMap;

  constructor(store: CounterMap, opts: { keyPrefix: string; points: number; duration: number }) {
    super({ ...opts, storeClient: store });
    this.store = store;
  }

  _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<Counter> {
    return Promise.resolve({ ...this.store.upsert(rlKey, points, msDuration, forceExpire) });
  }

  _get(rlKey: string): Promise<Counter | null> {
    return Promise.resolve(this.store.read(rlKey));
  }

  _delete(rlKey: string): Promise<boolean> {
    return Promise.resolve(this.store.delete(rlKey));
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, counter: Counter): RateLimiterRes {
    const msBeforeNext =
      counter.expiresAt === null ? -1 : Math.max(counter.expiresAt - this.store.clock.now().getTime(), 0);
    return new RateLimiterRes(
      Math.max(this.points - counter.points, 0),
      msBeforeNext,
      counter.points,
      changedPoints === counter.points,
    );
  }
}
