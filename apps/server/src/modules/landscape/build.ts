import { computeNatalChart, type NatalChart } from '@app/astro/chart/natal-chart';
import { houseOf } from '@app/astro/houses/houses';
import type { LocalDay } from '@app/astro/time/local-day';
import {
  type DailySky,
  type DayTransit,
  type SharedSky,
  sharedSkyOfDay,
  transitsOfDay,
} from '@app/astro/transits/daily-sky';
import { positionsAt } from '@app/astro/transits/transits';
import type { Landscape, LandscapeTransit } from '@app/contracts/landscape.ts';
import {
  composeLandscape,
  type LandscapeFacts,
  type LandscapeText,
  READ_TRANSITS,
  type TransitFact,
  transitTitle,
} from '@app/interpretations/landscape-composer';

// One landscape from the facts: the natal chart, the day's sky against it, and the composer's
// words. Pure and deterministic for a given birth, day and variant; the facts are computed once
// and the words of several variants composed from them (to find one that reads differently).

/** What the landscape needs of the person's birth data. */
export interface BirthFacts {
  utc: string;
  latitude: number;
  longitude: number;
  timeKnown: boolean;
}

export function natalChartOf(birth: BirthFacts): NatalChart {
  return computeNatalChart({
    moment: { utc: birth.utc },
    latitude: birth.latitude,
    longitude: birth.longitude,
    options: { timeKnown: birth.timeKnown },
  });
}

export function pointFacts(chart: NatalChart, point: string): { sign: string; house: number | null } {
  if (point === 'ascendant' && chart.angles) return { sign: chart.angles.ascendantSign, house: 1 };
  if (point === 'midheaven' && chart.angles) return { sign: chart.angles.midheavenSign, house: 10 };
  const body = chart.bodies.find((b) => b.body === point);
  return { sign: body?.sign ?? 'aries', house: chart.timeKnown ? (body?.house ?? null) : null };
}

function factOf(chart: NatalChart, t: DayTransit, middleUtc: string): TransitFact {
  const point = pointFacts(chart, t.point);
  const bodyLongitude = positionsAt({ utc: middleUtc }, [t.body])[0]!.longitude;
  return {
    body: t.body,
    point: t.point,
    kind: t.kind,
    applying: t.applying,
    exactAt: t.exactAt,
    pointSign: point.sign,
    pointHouse: point.house,
    bodyHouse: chart.houses ? houseOf(bodyLongitude, chart.houses.cusps) : null,
  };
}

/** A chat starter for a transit: what a curious person would ask about it. */
export function starterFor(title: string): string {
  return `What does “${title}” mean for me today?`;
}

/** What the words of a landscape are composed by (the built-in composer unless a test gives another). */
export type LandscapeComposer = (facts: LandscapeFacts) => LandscapeText;

/** A person's day against their chart: everything a landscape holds but its words. */
export interface LandscapeDay {
  day: LocalDay;
  timeKnown: boolean;
  sky: DailySky;
  /** One fact per ranked transit, and per Moon transit. */
  facts: TransitFact[];
  moonFacts: TransitFact[];
  /** Today's sky at the middle of the day. */
  bodies: Landscape['sky'];
}

export function landscapeDayOf(input: {
  birth: BirthFacts;
  day: LocalDay;
  /** The chart-free part of the day's sky, when the caller already has it. */
  sky?: SharedSky;
}): LandscapeDay {
  const { day } = input;
  const chart = natalChartOf(input.birth);
  const sky = { ...(input.sky ?? sharedSkyOfDay(day)), ...transitsOfDay(chart, day) };
  const middleUtc = new Date((Date.parse(day.startUtc) + Date.parse(day.endUtc)) / 2).toISOString();
  return {
    day,
    timeKnown: chart.timeKnown,
    sky,
    facts: sky.transits.map((t) => factOf(chart, t, middleUtc)),
    moonFacts: sky.moonTransits.map((t) => factOf(chart, t, middleUtc)),
    bodies: positionsAt({ utc: middleUtc })
      .filter((p) => p.body !== 'meanNode')
      .map((p) => ({
        body: p.body,
        longitude: Math.round(p.longitude * 1e4) / 1e4,
        retrograde: p.retrograde,
      })),
  };
}

/** The words of one variant of the day (deterministic for a given day and variant). */
export function wordsOf(
  landscapeDay: LandscapeDay,
  variant: number,
  composer: LandscapeComposer = composeLandscape,
): LandscapeText {
  const { day, sky } = landscapeDay;
  return composer({
    date: day.date,
    zone: day.zone,
    variant,
    timeKnown: landscapeDay.timeKnown,
    transits: landscapeDay.facts.slice(0, READ_TRANSITS),
    moon: sky.moon,
    retrograde: sky.retrograde,
    stations: sky.stations,
    ingresses: sky.ingresses,
  });
}

/** One landscape: the day's facts with one variant's words. */
export function landscapeOf(
  landscapeDay: LandscapeDay,
  words: LandscapeText,
  meta: { id: string; variant: number; generatedAt: Date },
): Landscape {
  const { day, sky } = landscapeDay;
  const toContract = (t: DayTransit, fact: TransitFact, reading: string | undefined): LandscapeTransit => {
    const title = transitTitle(fact);
    return {
      body: t.body,
      natalPoint: t.point,
      aspect: t.kind,
      orb: t.orb,
      applying: t.applying,
      enters: t.enters,
      exactAt: t.exactAt,
      leaves: t.leaves,
      weight: t.weight,
      title,
      text: reading ?? '',
      starter: starterFor(title),
    };
  };
  return {
    id: meta.id,
    date: day.date,
    zone: day.zone,
    generatedAt: meta.generatedAt.toISOString(),
    variant: meta.variant,
    timeKnown: landscapeDay.timeKnown,
    headline: words.headline,
    summary: words.summary,
    note: words.note,
    moon: sky.moon,
    transits: sky.transits.map((t, i) => toContract(t, landscapeDay.facts[i]!, words.readings[i])),
    moonTransits: sky.moonTransits.map((t, i) => toContract(t, landscapeDay.moonFacts[i]!, undefined)),
    retrograde: sky.retrograde,
    stations: sky.stations,
    ingresses: sky.ingresses,
    sky: landscapeDay.bodies,
  };
}
