import type { ChangeFeed, ChangeListener } from './change-feed.ts';

export interface CoherentCacheOptions {
  maxEntries: number;
  /** An entry is read again from the database after this long, whatever the notices said. */
  maxAgeMs: number;
}

const DEFAULTS: CoherentCacheOptions = { maxEntries: 10_000, maxAgeMs: 60_000 };

/**
 * Values read from the database, kept in memory per key and never served once the rows behind
 * them may have changed. Writes made here go through `changing`, which drops the key before and
 * after the write; writes by other processes arrive through the change feed (a notice naming the
 * key, or null for "anything may have changed"). A load that overlapped any change is not stored,
 * so a read from before a write cannot outlive it. (The session cache of decision 0017 follows the
 * same rules for sessions.)
 */
export class CoherentCache<V> {
  private readonly entries = new Map<string, { value: V; loadedAtMs: number }>();
  private readonly options: CoherentCacheOptions;
  private readonly feed: ChangeFeed;
  /** Moves on every change; a load remembers it and is stored only if it has not moved. */
  private generation = 0;
  /** Writes in progress; nothing is stored while any is. */
  private writes = 0;

  constructor(watch: (onChange: ChangeListener) => ChangeFeed, options: Partial<CoherentCacheOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.feed = watch((key) => this.forget(key));
  }

  /** The cached value, or undefined when it has to be read from the database. */
  get(key: string, nowMs: number): V | undefined {
    if (!this.feed.catchUp()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = nowMs - entry.loadedAtMs;
    if (age < 0 || age >= this.options.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Reads through the cache: `load` runs only on a miss, and its answer is kept if nothing changed meanwhile. */
  async read(key: string, nowMs: number, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key, nowMs);
    if (cached !== undefined) return cached;
    const ticket = this.generation;
    const value = await load();
    if (ticket === this.generation && this.writes === 0 && this.feed.catchUp()) {
      // A Map iterates in insertion order, so the first key is the longest held.
      if (this.entries.size >= this.options.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { value, loadedAtMs: nowMs });
    }
    return value;
  }

  /** Runs a write that changes what `key` reads. */
  async changing<T>(key: string, write: () => Promise<T>): Promise<T> {
    this.writes += 1;
    this.forget(key);
    try {
      return await write();
    } finally {
      this.writes -= 1;
      this.forget(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  close(): Promise<void> {
    this.entries.clear();
    return this.feed.close();
  }

  private forget(key: string | null): void {
    this.generation += 1;
    if (key === null) this.entries.clear();
    else this.entries.delete(key);
  }
}
