// Chooses among written variants by person and day: consecutive days take the next variant, so two
// days in a row never read alike, and a person's rotation starts at their own offset. Within one
// composition nothing is chosen twice (a sentence already used that day is skipped).

/** A stable 32-bit number from a text (FNV-1a). */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

export class Picker {
  private readonly used = new Set<string>();
  private readonly base: number;

  /** `seed` names the person, `day` counts days, `variant` counts regenerations of the day. */
  constructor(seed: string, day: number, variant: number) {
    this.base = (hashOf(seed) % 9973) + day + variant * 7;
  }

  /** The offset of this day for a list of `length` items; `salt` separates the lists of one entry. */
  index(length: number, salt = ''): number {
    return length === 0 ? 0 : (this.base + (salt ? hashOf(salt) % length : 0)) % length;
  }

  /** One item, the day's own, or the next one none of whose sentences (`text`) is used yet. */
  pick<T>(
    items: readonly T[] | undefined,
    salt = '',
    text: (item: T) => string | readonly string[] = String,
  ): T | undefined {
    if (!items || items.length === 0) return undefined;
    const start = this.index(items.length, salt);
    for (let step = 0; step < items.length; step++) {
      const item = items[(start + step) % items.length]!;
      const sentences = text(item);
      const used =
        typeof sentences === 'string' ? this.used.has(sentences) : sentences.some((s) => this.used.has(s));
      if (!used) return item;
    }
    return items[start];
  }

  /** Marks sentences as said today. */
  use(...sentences: (string | undefined)[]): void {
    for (const s of sentences) if (s) this.used.add(s);
  }

  /** Whether a sentence has been said today. */
  said(sentence: string): boolean {
    return this.used.has(sentence);
  }
}
