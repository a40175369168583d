import type { NatalChart } from '@app/astro/chart/natal-chart';
import { localDateAt } from '@app/astro/time/local-day';
import type { DayTransit } from '@app/astro/transits/daily-sky';
import { transitTitle } from '@app/interpretations/landscape-composer';
import { AppError } from '../../platform/errors.ts';
import { pointFacts } from './build.ts';
import type { LandscapeService } from './service.ts';

// The landscape in short, for the daily note and the digest mails (decision 0218): the words a
// person would see on the landscape page anyway, nothing else of the chart.

/** Today's landscape in short. */
export interface LandscapeNote {
  date: string;
  zone: string;
  headline: string;
  /** The strongest transit in one line (the day's summary when there is none). */
  line: string;
  summary: string;
  /** The ranked transits: title and reading. */
  transits: { title: string; text: string }[];
}

/** An exact transit of the coming days, on its local day. */
export interface ExactTransitNote {
  date: string;
  exactAt: string;
  title: string;
}

/** What the notifications module may ask of the landscape (app.landscapeNotes). */
export interface LandscapeNotesPort {
  /** Today's landscape in the person's day, built when not stored yet; null without birth data. */
  today(userId: string): Promise<LandscapeNote | null>;
  /** The exact transits of the next `days` days, in time order; null without birth data. */
  ahead(userId: string, days: number): Promise<{ zone: string; transits: ExactTransitNote[] } | null>;
}

/** "Saturn squares your natal Sun in Taurus" for an exact transit of the calendar or the digest. */
export function exactTransitTitle(chart: NatalChart, event: DayTransit): string {
  const point = pointFacts(chart, event.point);
  return transitTitle({
    body: event.body,
    point: event.point,
    kind: event.kind,
    applying: true,
    exactAt: event.exactAt,
    pointSign: point.sign,
    pointHouse: point.house,
    bodyHouse: null,
  });
}

const firstSentence = (text: string) => /^[^.!?]*[.!?]?/.exec(text)?.[0]?.trim() ?? text;

async function withoutBirthData<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'BIRTH_DATA_REQUIRED') return null;
    throw error;
  }
}

export function landscapeNotes(service: LandscapeService): LandscapeNotesPort {
  return {
    today: (userId) =>
      withoutBirthData(async () => {
        const landscape = await service.today(userId);
        const strongest = landscape.transits[0];
        return {
          date: landscape.date,
          zone: landscape.zone,
          headline: landscape.headline,
          line: strongest ? strongest.title : firstSentence(landscape.summary),
          summary: landscape.summary,
          transits: landscape.transits.map((t) => ({ title: t.title, text: t.text })),
        };
      }),
    ahead: (userId, days) =>
      withoutBirthData(async () => {
        const { zone, chart, events } = await service.upcomingExactTransits(userId, days);
        const transits = events.flatMap((event) =>
          event.exactAt
            ? [
                {
                  date: localDateAt(zone, new Date(event.exactAt)),
                  exactAt: event.exactAt,
                  title: exactTransitTitle(chart, event),
                },
              ]
            : [],
        );
        return { zone, transits };
      }),
  };
}
