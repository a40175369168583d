import { transitTitle } from '@app/interpretations/landscape-composer';
import ical from 'ical-generator';
import { pointFacts } from './build.ts';
import type { LandscapeService } from './service.ts';

// The private calendar feed (RFC 5545, written by ical-generator): each exact transit of the
// coming days is an event at the minute it perfects, with its orb window in the description.

const EVENT_MINUTES = 60;

export async function transitCalendar(
  service: LandscapeService,
  userId: string,
  days: number,
  appUrl: string,
): Promise<string> {
  const { zone, chart, events } = await service.upcomingExactTransits(userId, days);
  const calendar = ical({
    name: 'Astro Guidance: your transits',
    prodId: { company: 'Astro Guidance', product: 'cosmic-landscape', language: 'EN' },
    timezone: zone,
    ttl: 6 * 60 * 60,
  });
  const dayFormat = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  for (const event of events) {
    if (!event.exactAt) continue;
    const point = pointFacts(chart, event.point);
    const title = transitTitle({
      body: event.body,
      point: event.point,
      kind: event.kind,
      applying: true,
      exactAt: event.exactAt,
      pointSign: point.sign,
      pointHouse: point.house,
      bodyHouse: null,
    });
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
