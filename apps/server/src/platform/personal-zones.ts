/**
 * The time zone whose midnight begins a person's day: the module that knows it (the landscape:
 * the person's current location, else their birth place) tells it here; others (the daily
 * allowances) ask. UTC for a person without one, or before any module has told.
 */
export class PersonalZones {
  private resolver: ((userId: string) => Promise<string | null>) | null = null;

  provide(resolver: (userId: string) => Promise<string | null>): void {
    this.resolver = resolver;
  }

  async of(userId: string): Promise<string> {
    return (await this.resolver?.(userId)) ?? 'UTC';
  }
}
