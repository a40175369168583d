import { computeNatalChart, type NatalChart } from '@app/astro/chart/natal-chart';
import { dayOf, localDay, nextDate } from '@app/astro/time/local-day';
import { exactTransitsOfDays, transitsOfDay } from '@app/astro/transits/daily-sky';
import { skyAt } from '@app/astro/transits/sky-at';
import type { ChatFacts, SkyTransit } from '@app/interpretations/chat-composer';
import type { ClaimFacts } from '@app/interpretations/claims/claim-facts';

// The facts the assistant may use: the natal chart and the sky, computed here by the astrology
// library from the person's birth data. Nothing a message says can change them.

export interface ChatBirth {
  utc: string;
  latitude: number;
  longitude: number;
  timeKnown: boolean;
  timeZone: string;
}

const UPCOMING_DAYS = 30;

export function natalOf(birth: ChatBirth): NatalChart {
  return computeNatalChart({
    moment: { utc: birth.utc },
    latitude: birth.latitude,
    longitude: birth.longitude,
    options: { timeKnown: birth.timeKnown },
  });
}

const skyTransit = (t: {
  body: string;
  point: string;
  kind: string;
  exactAt: string | null;
  applying: boolean;
}): SkyTransit => ({
  body: t.body,
  point: t.point,
  kind: t.kind,
  exactAt: t.exactAt,
  applying: t.applying,
});

/** Today's transits (ranked) for the person's day in `zone`. */
export function todaysTransits(chart: NatalChart, zone: string, now: Date): SkyTransit[] {
  return transitsOfDay(chart, localDay(zone, now)).transits.map(skyTransit);
}

/** Exact transits of the coming month, in time order. */
export function upcomingTransits(chart: NatalChart, zone: string, now: Date): SkyTransit[] {
  const first = localDay(zone, now);
  const days = Array.from({ length: UPCOMING_DAYS }, (_, i) =>
    i === 0 ? first : dayOf(zone, nextDate(first.date, i)),
  );
  return exactTransitsOfDays(chart, days).map(skyTransit);
}

export function chatFacts(input: {
  chart: NatalChart;
  zone: string;
  now: Date;
  today: SkyTransit[];
  upcoming: SkyTransit[];
  memories: string[];
}): ChatFacts {
  const { chart } = input;
  return {
    now: input.now.toISOString(),
    timeKnown: chart.timeKnown,
    zone: input.zone,
    placements: chart.bodies
      .filter((b) => b.body !== 'meanNode')
      .map((b) => ({
        body: b.body,
        sign: b.sign,
        house: chart.timeKnown ? b.house : null,
        retrograde: b.retrograde,
      })),
    ascendant: chart.timeKnown ? (chart.angles?.ascendantSign ?? null) : null,
    midheaven: chart.timeKnown ? (chart.angles?.midheavenSign ?? null) : null,
    aspects: chart.aspects
      .filter((x) => ['conjunction', 'sextile', 'square', 'trine', 'opposition'].includes(x.kind))
      .filter((x) => chart.timeKnown || !/ascendant|midheaven/.test(`${x.a}${x.b}`))
      .sort((x, y) => Math.abs(x.deviation) - Math.abs(y.deviation))
      .map((x) => ({ a: x.a, b: x.b, kind: x.kind, orb: Math.abs(x.deviation) })),
    today: input.today,
    upcoming: input.upcoming,
    memories: input.memories,
  };
}

/**
 * What the claim checker compares the answer's statements with: the chart facts, the sky at the
 * moment of the question, and the transits with the instant each is exact: today's and the coming
 * month's. The coming month takes a moment to compute, so it is asked for (`upcoming`) only when
 * the checker first reads the transits, and at most once.
 */
export function claimFacts(facts: ChatFacts, upcoming: () => readonly SkyTransit[]): ClaimFacts {
  let transits: SkyTransit[] | undefined;
  return {
    now: facts.now,
    zone: facts.zone,
    timeKnown: facts.timeKnown,
    placements: facts.placements,
    ascendant: facts.ascendant,
    midheaven: facts.midheaven,
    aspects: facts.aspects,
    sky: skyAt(facts.now).map((b) => ({ body: b.body, sign: b.sign, retrograde: b.retrograde })),
    get transits() {
      if (!transits) {
        const known = new Map<string, SkyTransit>();
        for (const t of [...facts.today, ...facts.upcoming, ...upcoming()])
          known.set(`${t.body}|${t.point}|${t.kind}|${t.exactAt ?? ''}`, t);
        transits = [...known.values()];
      }
      return transits;
    },
  };
}
