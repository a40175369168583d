import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { chartOfBirth } from '@app/astro/chart/natal-chart';
import { dayOf, type LocalDay, localDay, nextDate } from '@app/astro/time/local-day';
import { exactTransitsOfDays, type SharedSky, sharedSkyOfDay } from '@app/astro/transits/daily-sky';
import {
  type Landscape,
  type LandscapeStatus,
  type LandscapeUsage,
  NO_OTHER_READING_MESSAGE,
} from '@app/contracts/landscape.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  type BirthFacts,
  type LandscapeComposer,
  type LandscapeDay,
  landscapeDayOf,
  landscapeOf,
  wordsOf,
} from './build.ts';
import { nextReading, readingTextOf } from './distinct-readings.ts';
import type { LandscapeRepository, LatestLandscape } from './repository.ts';

const MESSAGES = {
  birthDataRequired: 'Save your birth data first: your cosmic landscape is read from your own birth chart.',
  calendarLinkUnknown:
    'This calendar address is not valid any more. Get a new one on your cosmic landscape page.',
  placeUnknown: 'That place is not in our atlas. Choose one from the suggestions.',
} as const;

/** What the landscape needs from other modules, passed in by its plugin. */
interface LandscapePorts {
  /** The person's birth facts and the zone of the birth place, or null when none are saved. */
  birthOf(userId: string): Promise<(BirthFacts & { timeZone: string }) | null>;
  /** The daily regeneration allowance of the person's plan. */
  allowance: {
    consume(userId: string): Promise<{ used: number; limit: number }>;
    usage(userId: string): Promise<{ used: number; limit: number; resetsAt: string }>;
  };
  /** An atlas place, for the current location. */
  placeById(id: number): { name: string; region: string | null; country: string; timeZone: string } | null;
}

export interface LandscapeServiceDeps extends LandscapePorts {
  repo: LandscapeRepository;
  clock: Clock;
  appUrl: string;
  /** Composes a landscape's words; the interpretation library's composer when not given. */
  composer?: LandscapeComposer;
}

/** A claim older than this belongs to a pre-generation run that died; another may take it over. */
const CLAIM_TIMEOUT_MS = 5 * 60_000;
const SHARED_SKY_CACHE = 512;
const NEXT_VARIANT_CACHE = 2048;

/** Today's answer as sent: `{ success, data }` bytes and a strong ETag of them. */
export interface TodayAnswer {
  body: Buffer;
  etag: string;
}

function todayAnswerOf(payload: string): TodayAnswer {
  const body = Buffer.from(`{"success":true,"data":${payload}}`);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** The daily cosmic landscape: today's, regenerated, the history, the calendar feed and pre-generation. */
export class LandscapeService {
  /** Today's answer of each stored landscape the cache holds, made on its first read, with its day's bounds (ms). */
  private readonly answers = new WeakMap<LatestLandscape, TodayAnswer & { from: number; until: number }>();
  /** The chart-free sky of a day is the same for everyone whose day has the same bounds. */
  private readonly sharedSkies = new Map<string, SharedSky>();
  /** The variant a regeneration would give after a stored reading (null: none reads differently). */
  private readonly nextVariants = new Map<string, number | null>();

  constructor(private readonly deps: LandscapeServiceDeps) {}

  private get now(): Date {
    return this.deps.clock.now();
  }

  private async birthOrRefuse(userId: string): Promise<BirthFacts & { timeZone: string }> {
    const birth = await this.deps.birthOf(userId);
    if (!birth) throw new AppError(409, 'BIRTH_DATA_REQUIRED', MESSAGES.birthDataRequired);
    return birth;
  }

  /** The zone that sets the person's day: the current location when set, else the birth place's. */
  private async zoneOf(userId: string, birth: { timeZone: string }): Promise<string> {
    const preferences = await this.deps.repo.preferences(userId);
    return preferences.locationZone ?? birth.timeZone;
  }

  private sharedSky(day: LocalDay): SharedSky {
    const key = `${day.startUtc}|${day.endUtc}`;
    let sky = this.sharedSkies.get(key);
    if (!sky) {
      sky = sharedSkyOfDay(day);
      if (this.sharedSkies.size >= SHARED_SKY_CACHE) {
        const oldest = this.sharedSkies.keys().next().value;
        if (oldest !== undefined) this.sharedSkies.delete(oldest);
      }
      this.sharedSkies.set(key, sky);
    }
    return sky;
  }

  private landscapeDay(birth: BirthFacts, day: LocalDay): LandscapeDay {
    return landscapeDayOf({ birth, day, sky: this.sharedSky(day) });
  }

  private compose(birth: BirthFacts, day: LocalDay, variant: number): Landscape {
    const landscapeDay = this.landscapeDay(birth, day);
    return landscapeOf(landscapeDay, wordsOf(landscapeDay, variant, this.deps.composer), {
      id: randomUUID(),
      variant,
      generatedAt: this.now,
    });
  }

  /**
   * The variant a regeneration would give after the newest reading of the day (null: nothing
   * built yet, so variant 0 would be given first), or null when no variant reads differently from
   * every reading already given that day (see distinct-readings.ts). The answer depends only on
   * the stored reading, so it is kept per stored reading.
   */
  private nextVariant(
    userId: string,
    birth: BirthFacts & { timeZone: string },
    day: LocalDay,
    newest: Landscape | null,
  ): number | null {
    const key = [userId, day.date, day.zone, stampOf(birth), newest?.id ?? 'unbuilt'].join('|');
    const known = this.nextVariants.get(key);
    if (known !== undefined) return known;
    const landscapeDay = this.landscapeDay(birth, day);
    const compose = (variant: number) => wordsOf(landscapeDay, variant, this.deps.composer);
    const given = newest
      ? { variant: newest.variant, text: readingTextOf(newest) }
      : { variant: 0, text: compose(0) };
    const next = nextReading(compose, given)?.variant ?? null;
    if (this.nextVariants.size >= NEXT_VARIANT_CACHE) {
      const oldest = this.nextVariants.keys().next().value;
      if (oldest !== undefined) this.nextVariants.delete(oldest);
    }
    this.nextVariants.set(key, next);
    return next;
  }

  /** Today's landscape, built on first request (or when the birth data changed since). */
  async today(userId: string): Promise<Landscape> {
    const birth = await this.birthOrRefuse(userId);
    const day = localDay(await this.zoneOf(userId, birth), this.now);
    const stored = await this.deps.repo.find(userId, day.date);
    if (stored?.landscape && stored.birthStamp === stampOf(birth) && stored.zone === day.zone)
      return stored.landscape;
    const landscape = this.compose(birth, day, 0);
    await this.deps.repo.store({ userId, landscape, birthStamp: stampOf(birth) });
    // The birth data may have changed while this was being built: then it is not kept.
    const now = await this.deps.birthOf(userId);
    if (!now || stampOf(now) !== stampOf(birth)) await this.deps.repo.forget(userId, day.date);
    return landscape;
  }

  /**
   * Today's answer as bytes with its ETag: the stored text of the newest landscape, as it is, while
   * it still belongs to today in the zone in force (the current location's, read in the same query).
   * The bytes and the tag are made once per stored landscape (the cache's entry is replaced when it
   * changes), so a repeated read costs no serializing or hashing. A change of birth data drops the
   * landscape (birthDataChanged), so it is never older than the birth data.
   */
  async todayAnswer(userId: string): Promise<TodayAnswer> {
    const latest = await this.deps.repo.latestText(userId);
    const zoneInForce = latest?.locationZone ?? latest?.zone;
    if (latest && latest.zone === zoneInForce) {
      let held = this.answers.get(latest);
      if (!held) {
        const day = dayOf(latest.zone, latest.date);
        held = {
          ...todayAnswerOf(latest.payload),
          from: Date.parse(day.startUtc),
          until: Date.parse(day.endUtc),
        };
        this.answers.set(latest, held);
      }
      const now = this.now.getTime();
      if (now >= held.from && now < held.until) return held;
    }
    return todayAnswerOf(JSON.stringify(await this.today(userId)));
  }

  /** The birth data changed: the newest landscape no longer fits it (older days stay as they were read). */
  async birthDataChanged(userId: string): Promise<void> {
    const latest = await this.deps.repo.latestText(userId);
    if (latest) await this.deps.repo.forget(userId, latest.date);
  }

  /** POST /generate: the same as asking for today's; building it twice changes nothing. */
  generate(userId: string): Promise<Landscape> {
    return this.today(userId);
  }

  /**
   * Another reading of today, one that reads differently from every reading already given today,
   * counted against the plan's daily regenerations. When there is none: 409 CONFLICT, and the
   * allowance is not touched.
   */
  async regenerate(userId: string): Promise<Landscape> {
    const current = await this.today(userId);
    const birth = await this.birthOrRefuse(userId);
    const day = dayOf(current.zone, current.date);
    let newest = current;
    let variant = this.nextVariant(userId, birth, day, newest);
    if (variant === null) throw new AppError(409, 'CONFLICT', NO_OTHER_READING_MESSAGE);
    await this.deps.allowance.consume(userId);
    for (let attempt = 0; attempt < 3; attempt++) {
      const landscape = this.compose(birth, day, variant);
      if (await this.deps.repo.store({ userId, landscape, birthStamp: stampOf(birth) }, newest.variant))
        return landscape;
      // Another regeneration of the day (a second tab, another process) got there first: give
      // the reading after the one it gave, or, when there is none, the one it gave.
      newest = (await this.deps.repo.find(userId, day.date))?.landscape ?? current;
      variant = this.nextVariant(userId, birth, day, newest);
      if (variant === null) return newest;
    }
    // Three writers at once: keep whichever won.
    return (await this.deps.repo.find(userId, day.date))?.landscape ?? current;
  }

  async status(userId: string): Promise<LandscapeStatus> {
    const birth = await this.birthOrRefuse(userId);
    const day = localDay(await this.zoneOf(userId, birth), this.now);
    const stored = await this.deps.repo.find(userId, day.date);
    const fresh = stored?.landscape && stored.birthStamp === stampOf(birth) ? stored.landscape : null;
    const usage = await this.deps.allowance.usage(userId);
    // A reading made for another zone (the location changed) is rebuilt before any regeneration.
    const newest = fresh?.zone === day.zone ? fresh : null;
    return {
      date: day.date,
      zone: day.zone,
      exists: fresh !== null,
      generatedAt: fresh?.generatedAt ?? null,
      regenerationsUsed: usage.used,
      regenerationsAllowed: usage.limit,
      anotherReadingAvailable: this.nextVariant(userId, birth, day, newest) !== null,
    };
  }

  async usage(userId: string): Promise<LandscapeUsage> {
    const usage = await this.deps.allowance.usage(userId);
    return { ...usage, remaining: Math.max(usage.limit - usage.used, 0) };
  }

  /** Finished landscapes, newest day first (today's included once built). */
  async history(userId: string, limit: number): Promise<Landscape[]> {
    await this.birthOrRefuse(userId);
    const rows = await this.deps.repo.history(userId, limit);
    return rows.flatMap((row) => (row.landscape ? [row.landscape] : []));
  }

  async dashboard(userId: string, historyLimit: number) {
    const landscape = await this.today(userId);
    const [status, history] = await Promise.all([this.status(userId), this.history(userId, historyLimit)]);
    return { landscape, status, history };
  }

  /** Sets (or with null clears) the current location whose zone sets the person's day. */
  async setLocation(userId: string, placeId: number | null) {
    if (placeId === null) {
      // Back to the birth place: a newest landscape made for the location no longer fits today.
      const [latest, birth] = await Promise.all([
        this.deps.repo.latestText(userId),
        this.deps.birthOf(userId),
      ]);
      if (latest?.locationZone && birth && latest.zone !== birth.timeZone)
        await this.deps.repo.forget(userId, latest.date);
      await this.deps.repo.savePreferences(
        userId,
        { locationPlaceId: null, locationName: null, locationZone: null },
        this.now.toISOString(),
      );
      return { placeId: null, name: null, zone: null };
    }
    const place = this.deps.placeById(placeId);
    if (!place) throw new AppError(422, 'VALIDATION_FAILED', MESSAGES.placeUnknown);
    const name = [place.name, place.region, place.country].filter(Boolean).join(', ');
    await this.deps.repo.savePreferences(
      userId,
      { locationPlaceId: placeId, locationName: name, locationZone: place.timeZone },
      this.now.toISOString(),
    );
    return { placeId, name, zone: place.timeZone };
  }

  async location(userId: string) {
    const p = await this.deps.repo.preferences(userId);
    return { placeId: p.locationPlaceId, name: p.locationName, zone: p.locationZone };
  }

  /** A new private calendar address; the previous one stops working. */
  async newCalendarLink(userId: string): Promise<{ url: string }> {
    const token = randomBytes(32).toString('base64url');
    await this.deps.repo.savePreferences(
      userId,
      { calendarTokenHash: hashToken(token) },
      this.now.toISOString(),
    );
    return { url: `${this.deps.appUrl}/api/cosmic-landscape/calendar.ics?days=30&token=${token}` };
  }

  /** The user behind a calendar token, or a 404 that says the address is no longer valid. */
  async calendarOwner(token: string): Promise<string> {
    const userId = await this.deps.repo.userByCalendarHash(hashToken(token));
    if (!userId) throw notFound(MESSAGES.calendarLinkUnknown);
    return userId;
  }

  /** The zone whose midnight begins the person's day, or null without birth data. */
  async personalZone(userId: string): Promise<string | null> {
    const birth = await this.deps.birthOf(userId);
    return birth ? this.zoneOf(userId, birth) : null;
  }

  /** What a person's calendar feed is computed from today: birth data, zone and the local day. */
  async calendarEdition(userId: string): Promise<string> {
    const birth = await this.birthOrRefuse(userId);
    const zone = await this.zoneOf(userId, birth);
    return `${stampOf(birth)}|${zone}|${localDay(zone, this.now).date}`;
  }

  /**
   * Voids the person's calendar address (their sessions all ended for safety: a password change
   * or reset, signing out everywhere); a new one is made on the landscape page.
   */
  async voidCalendarLink(userId: string): Promise<void> {
    await this.deps.repo.clearCalendarToken(userId, this.now.toISOString());
  }

  /** The exact transits of the coming days (slow and fast bodies; the Moon's are too many for a calendar). */
  async upcomingExactTransits(userId: string, dayCount: number) {
    const birth = await this.birthOrRefuse(userId);
    const zone = await this.zoneOf(userId, birth);
    const chart = chartOfBirth(birth);
    const first = localDay(zone, this.now);
    const days = Array.from({ length: dayCount }, (_, i) =>
      i === 0 ? first : dayOf(zone, nextDate(first.date, i)),
    );
    const events = exactTransitsOfDays(chart, days);
    return { zone, chart, events };
  }

  /**
   * Builds today's landscape for each person given, where it is missing and nobody else is
   * building it. Safe to run in several processes at once: a claim row decides who builds, and a
   * claim left by a process that died is taken over after a few minutes.
   */
  async pregenerate(userIds: readonly string[]): Promise<{ built: number; skipped: number }> {
    let built = 0;
    let skipped = 0;
    for (const userId of userIds) {
      const birth = await this.deps.birthOf(userId);
      if (!birth) {
        skipped += 1;
        continue;
      }
      const day = localDay(await this.zoneOf(userId, birth), this.now);
      const existing = await this.deps.repo.find(userId, day.date);
      if (existing?.landscape && existing.birthStamp === stampOf(birth)) {
        skipped += 1;
        continue;
      }
      const now = this.now;
      // Several server processes may run this at once: only the one holding the claim builds.
      const claimed = existing?.landscape
        ? await this.deps.repo.claimRebuild(existing, now.toISOString()) // out of date: rebuilt in place
        : await this.deps.repo.claim(
            { id: randomUUID(), userId, date: day.date, zone: day.zone, birthStamp: stampOf(birth) },
            now.toISOString(),
            new Date(now.getTime() - CLAIM_TIMEOUT_MS).toISOString(),
          );
      if (!claimed) {
        skipped += 1;
        continue;
      }
      await this.deps.repo.store({
        userId,
        landscape: this.compose(birth, day, 0),
        birthStamp: stampOf(birth),
      });
      built += 1;
    }
    return { built, skipped };
  }

  /** Everything stored for the person, for the account export. */
  exportSection = async (userId: string) => ({
    location: await this.location(userId),
    landscapes: (await this.deps.repo.history(userId, 366)).flatMap((row) =>
      row.landscape
        ? [{ date: row.date, headline: row.landscape.headline, summary: row.landscape.summary }]
        : [],
    ),
  });
}

/** What a landscape was computed from: a change to any of it makes the landscape out of date. */
function stampOf(birth: BirthFacts & { timeZone: string }): string {
  return [birth.utc, birth.latitude, birth.longitude, birth.timeKnown, birth.timeZone].join('|');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
