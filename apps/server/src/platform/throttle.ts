import type { ThrottleRule } from '../config.ts';
import type { Clock } from './clock.ts';

const PRUNE_ABOVE_KEYS = 50_000;

/**
 * Counts events per key within a sliding window (in memory, one process). Used to slow down
 * password guessing and mail flooding before any expensive work is done.
 */
export class Throttle {
  private readonly events = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  /** True when the key already reached the rule's limit within its window. */
  isBlocked(rule: ThrottleRule, key: string): boolean {
    return this.recent(rule, key).length >= rule.max;
  }

  hit(rule: ThrottleRule, key: string): void {
    const recent = this.recent(rule, key);
    recent.push(this.clock.now().getTime());
    this.events.set(key, recent);
    if (this.events.size > PRUNE_ABOVE_KEYS) this.prune(rule.windowMs);
  }

  /** Records an event and says whether it was still within the limit. */
  take(rule: ThrottleRule, key: string): boolean {
    if (this.isBlocked(rule, key)) return false;
    this.hit(rule, key);
    return true;
  }

  clear(key: string): void {
    this.events.delete(key);
  }

  private recent(rule: ThrottleRule, key: string): number[] {
    const since = this.clock.now().getTime() - rule.windowMs;
    return (this.events.get(key) ?? []).filter((at) => at > since);
  }

  private prune(windowMs: number): void {
    const since = this.clock.now().getTime() - windowMs;
    for (const [key, times] of this.events) {
      if (times.every((at) => at <= since)) this.events.delete(key);
    }
  }
}
