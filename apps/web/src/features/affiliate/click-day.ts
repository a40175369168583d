/** The UTC day of a moment, "YYYY-MM-DD": the server also counts clicks per UTC day. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** What the browser remembers about the last click it reported. */
export interface SentClick {
  code: string;
  day: string;
}

export function parseSentClick(stored: string | null): SentClick | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return null;
    const { code, day } = value as Record<string, unknown>;
    return typeof code === 'string' && typeof day === 'string' ? { code, day } : null;
  } catch {
    return null;
  }
}

/** One click per browser, code and day: a new code or a new day sends again. */
export function clickDue(lastSent: SentClick | null, code: string, now: Date): boolean {
  return lastSent === null || lastSent.code !== code || lastSent.day !== utcDay(now);
}
