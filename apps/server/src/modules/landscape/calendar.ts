import { createHash } from 'node:crypto';
import ical from 'ical-generator';
import { LRUCache } from 'lru-cache';
import type { ThrottleRule } from '../../platform/config-basics.ts';
import { AppError } from '../../platform/errors.ts';
import type { Throttle } from '../../platform/throttle.ts';
import { exactTransitTitle } from './notes.ts';
import { hashToken, type LandscapeService } from './service.ts';

// The private calendar feed (RFC 5545, written by ical-generator): each exact transit of the
// coming days is an event at the minute it perfects, with its orb window in the description.

const EVENT_MINUTES = 60;
/** Feeds kept in memory, by their length (a month of transits is about 10 KB). */
const FEED_CACHE_BYTES = 16 * 1024 * 1024;

const CALENDAR_PAYMENT_REQUIRED =
  'This calendar feed needs an active plan that includes the cosmic landscape.';

export interface CalendarFeed {
  /** What the feed was computed from: the birth data, the zone and the day it starts on. */
  edition: string;
  body: string;
  /** A strong validator of the body, for conditional reads (304 Not Modified). */
  etag: string;
}

/**
 * Private calendar feeds, read by calendar apps without a session. A feed is computed once per
 * person, length and edition (a new day, new birth data or another zone makes a new edition) and
 * served from memory until then; reads of one address are limited, before any other work.
 */
export class CalendarFeeds {
  private readonly feeds = new LRUCache<string, CalendarFeed>({
    maxSize: FEED_CACHE_BYTES,
    sizeCalculation: (feed) => feed.body.length + feed.edition.length + 64,
  });
  /** Feeds being computed: readers of the same edition wait for one computation. */
  private readonly computing = new Map<string, Promise<CalendarFeed>>();

  constructor(
    private readonly deps: {
      service: LandscapeService;
      throttle: Throttle;
      readsPerToken: ThrottleRule;
      /** Whether the person may still use the landscape (their plan is checked on every read). */
      canUse(userId: string): Promise<boolean>;
      appUrl: string;
    },
  ) {}

  async read(token: string, days: number): Promise<CalendarFeed> {
    const { service, throttle, readsPerToken } = this.deps;
    await throttle.take({ rule: readsPerToken, key: `calendar:token:${hashToken(token)}` });
    const owner = await service.calendarOwner(token);
    if (!(await this.deps.canUse(owner)))
      throw new AppError(403, 'PAYMENT_REQUIRED', CALENDAR_PAYMENT_REQUIRED);
    const key = `${owner}:${days}`;
    const edition = await service.calendarEdition(owner);
    const cached = this.feeds.get(key);
    if (cached?.edition === edition) return cached;
    const job = `${key}:${edition}`;
    let feed = this.computing.get(job);
    if (!feed) {
      feed = this.compute(owner, days, edition).finally(() => this.computing.delete(job));
      this.computing.set(job, feed);
    }
    const computed = await feed;
    this.feeds.set(key, computed);
    return computed;
  }

  /** Drops a person's feeds (their address was replaced or voided). */
  forget(userId: string): void {
    for (const key of [...this.feeds.keys()]) if (key.startsWith(`${userId}:`)) this.feeds.delete(key);
  }

  private async compute(owner: string, days: number, edition: string): Promise<CalendarFeed> {
    const body = await transitCalendar(this.deps.service, owner, days, this.deps.appUrl);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
    return { edition, body, etag };
  }
}

async function transitCalendar(
  service: LandscapeService,
  userId: string,
  days: number,
  appUrl: string,
): Promise<string> {
  const { zone, chart, events } = await service.upcomingExactTransits(userId, days);
  const calendar = ical({
    name: 'Astro Guidance: your transits',
    prodId: { company: 'Astro Guidance', product: 'cosmic-landscape', language: 'EN' },
    // No calendar zone: every time is written in UTC with its Z (RFC 5545 form 2), so each app shows
    // the instant in its own zone. A zone name without its VTIMEZONE block left times floating.
    ttl: 6 * 60 * 60,
  });
  const dayFormat = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  for (const event of events) {
    if (!event.exactAt) continue;
    const title = exactTransitTitle(chart, event);
    const start = new Date(event.exactAt);
    const window = [
      event.enters ? `In orb from ${dayFormat.format(new Date(event.enters))}` : null,
      event.leaves ? `until ${dayFormat.format(new Date(event.leaves))}.` : null,
    ]
      .filter(Boolean)
      .join(' ');
    calendar.createEvent({
      id: `${event.body}-${event.point}-${event.kind}-${event.exactAt}@astro-guidance`,
      start,
      end: new Date(start.getTime() + EVENT_MINUTES * 60_000),
      summary: title,
      description: `${title} is exact at this time.${window ? ` ${window}` : ''} Read more in your cosmic landscape.`,
      url: `${appUrl}/#/cosmic-landscape`,
    });
  }
  return calendar.toString();
}
