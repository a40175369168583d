import type { ChangeFeed, ChangeListener } from './change-feed.ts';

export interface CoherentCacheOptions<V> {
  maxEntries: number;
  /** An entry is read again from the database after this long, whatever the notices said. */
  maxAgeMs: number;
  /** Which entries a change notice from another process affects (default: the key it names). */
  readNotice: (key: string | null) => CacheSelection<V>;
}

/** The entries a change affects: one key, every entry (null), or those a predicate picks. */
export type CacheSelection<V> = string | null | ((key: string, value: V) => boolean);

/**
 * Values read from the database, kept in memory per key and never served once the rows behind
 * them may have changed. Writes made here go through `changing`, which drops the affected entries
 * before and after the write; writes by other processes arrive through the change feed. A load
 * that overlapped any change is not stored, so a read from before a write cannot outlive it.
 * The session cache (decision 0017) and the latest landscapes are built on it.
 */
export class CoherentCache<V> {
  private readonly entries = new Map<string, { value: V; loadedAtMs: number }>();
  private readonly options: CoherentCacheOptions<V>;
  private readonly feed: ChangeFeed;
  /** Moves on every change; a load remembers it and is stored only if it has not moved. */
  private generation = 0;
  /** Writes in progress; nothing is stored while any is. */
  private writes = 0;

  constructor(
    watch: (onChange: ChangeListener) => ChangeFeed,
    options: Partial<CoherentCacheOptions<V>> = {},
  ) {
    this.options = { maxEntries: 10_000, maxAgeMs: 60_000, readNotice: (key) => key, ...options };
    this.feed = watch((key) => this.forget(this.options.readNotice(key)));
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

  /** The stored value as it is, for updating it in place after a write that does not change it. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Call before reading from the database; hand the ticket to `store`. */
  beginLoad(): number {
    return this.generation;
  }

  /** Keeps a loaded value, unless a change overlapped the load. */
  store(ticket: number, key: string, value: V, nowMs: number): void {
    if (ticket !== this.generation || this.writes > 0 || !this.feed.catchUp()) return;
    // A Map iterates in insertion order, so the first key is the longest held.
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, loadedAtMs: nowMs });
  }

  /** Reads through the cache: `load` runs only on a miss, and its answer is kept if nothing changed meanwhile. */
  async read(key: string, nowMs: number, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key, nowMs);
    if (cached !== undefined) return cached;
    const ticket = this.beginLoad();
    const value = await load();
    this.store(ticket, key, value, nowMs);
    return value;
  }

  /** Runs a write that changes what the selected entries read. */
  async changing<T>(selection: CacheSelection<V>, write: () => Promise<T>): Promise<T> {
    this.writes += 1;
    this.forget(selection);
    try {
      return await write();
    } finally {
      this.writes -= 1;
      this.forget(selection);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  close(): Promise<void> {
    this.entries.clear();
    return this.feed.close();
  }

  private forget(selection: CacheSelection<V>): void {
    this.generation += 1;
    if (selection === null) this.entries.clear();
    else if (typeof selection === 'string') this.entries.delete(selection);
    else for (const [key, entry] of this.entries) if (selection(key, entry.value)) this.entries.delete(key);
  }
}
