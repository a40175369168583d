import type { BirthData, BirthDataBody } from '@app/contracts/birth-data.ts';
import type { HouseSystemCode, NatalChart, ZodiacId } from '@app/contracts/chart.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { PlacesService } from '../places/plugin.ts';
import { type BirthFacts, birthFactsOf, chartOf, toBirthData } from './birth-chart.ts';
import { BirthResolver } from './birth-resolver.ts';
import { MESSAGES } from './messages.ts';
import type { BirthDataRepository } from './repository.ts';

export { type BirthFacts, MESSAGES };

export interface BirthDataServiceDeps {
  repo: BirthDataRepository;
  places: PlacesService;
  clock: Clock;
}

/** A person's birth data: place and time resolved once, on save, and the chart computed from them. */
export class BirthDataService {
  private readonly resolver: BirthResolver;

  constructor(private readonly deps: BirthDataServiceDeps) {
    this.resolver = new BirthResolver(deps.places);
  }

  async get(userId: string): Promise<BirthData | null> {
    const row = await this.deps.repo.find(userId);
    return row ? toBirthData(row) : null;
  }

  async save(userId: string, body: BirthDataBody): Promise<BirthData> {
    const row = { user_id: userId, ...this.resolver.resolve(body, this.now()) };
    if (!(await this.deps.repo.insert(row))) throw new AppError(409, 'CONFLICT', MESSAGES.alreadySaved);
    return toBirthData(row);
  }

  async update(userId: string, body: BirthDataBody): Promise<BirthData> {
    const existing = await this.deps.repo.find(userId);
    if (!existing) throw notFound(MESSAGES.nothingSaved);
    const row = {
      user_id: userId,
      ...this.resolver.resolve(body, this.now(), existing),
      created_at: existing.created_at,
    };
    if (!(await this.deps.repo.update(row))) throw notFound(MESSAGES.nothingSaved);
    await this.changed(userId);
    return toBirthData(row);
  }

  async delete(userId: string): Promise<void> {
    if (!(await this.deps.repo.delete(userId))) throw notFound(MESSAGES.nothingSaved);
    await this.changed(userId);
  }

  private readonly listeners: ((userId: string) => Promise<void>)[] = [];

  /** Readings made from the birth data (the landscape) drop what they derived when it changes. */
  onChange(listener: (userId: string) => Promise<void>): void {
    this.listeners.push(listener);
  }

  private async changed(userId: string): Promise<void> {
    for (const listener of this.listeners) await listener(userId);
  }

  /** The person's natal chart; computed on request (a fraction of a millisecond), so never stale. */
  async natalChart(
    userId: string,
    houseSystem: HouseSystemCode,
    zodiac: ZodiacId = 'tropical',
  ): Promise<NatalChart> {
    const row = await this.deps.repo.find(userId);
    if (!row) throw notFound(MESSAGES.nothingSaved);
    return chartOf(row, houseSystem, zodiac);
  }

  /** What readings need of the birth data (for the landscape and the assistant), or null when none is saved. */
  async birthFacts(userId: string): Promise<BirthFacts | null> {
    const row = await this.deps.repo.find(userId);
    return row ? birthFactsOf(row) : null;
  }

  /** People with birth data, a batch at a time in a stable order (for scheduled work). */
  userIdsAfter(after: string, limit: number): Promise<string[]> {
    return this.deps.repo.userIdsAfter(after, limit);
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  /** The person's birth data for the account export. */
  exportSection = async (userId: string): Promise<BirthData | null> => this.get(userId);
}
