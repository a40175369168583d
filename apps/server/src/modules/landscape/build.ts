import { computeNatalChart, type NatalChart } from '@app/astro/chart/natal-chart';
import { houseOf } from '@app/astro/houses/houses';
import type { LocalDay } from '@app/astro/time/local-day';
import {
  type DayTransit,
  type SharedSky,
  sharedSkyOfDay,
  transitsOfDay,
} from '@app/astro/transits/daily-sky';
import { positionsAt } from '@app/astro/transits/transits';
import type { Landscape, LandscapeTransit } from '@app/contracts/landscape.ts';
import {
  composeLandscape,
  READ_TRANSITS,
  type TransitFact,
  transitTitle,
} from '@app/interpretations/landscape-composer';

// One landscape from the facts: the natal chart, the day's sky against it, and the composer's
// words. Pure and deterministic for a given birth, day and variant.

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

export function buildLandscape(input: {
  id: string;
  birth: BirthFacts;
  day: LocalDay;
  variant: number;
  generatedAt: Date;
  /** The chart-free part of the day's sky, when the caller already has it. */
  sky?: SharedSky;
}): Landscape {
  const { birth, day, variant } = input;
  const chart = natalChartOf(birth);
  const sky = { ...(input.sky ?? sharedSkyOfDay(day)), ...transitsOfDay(chart, day) };
  const middleUtc = new Date((Date.parse(day.startUtc) + Date.parse(day.endUtc)) / 2).toISOString();
  const allFacts = sky.transits.map((t) => factOf(chart, t, middleUtc));
  const text = composeLandscape({
    date: day.date,
    zone: day.zone,
    variant,
    timeKnown: chart.timeKnown,
    transits: allFacts.slice(0, READ_TRANSITS),
    moon: sky.moon,
    retrograde: sky.retrograde,
    stations: sky.stations,
    ingresses: sky.ingresses,
  });
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
    id: input.id,
    date: day.date,
    zone: day.zone,
    generatedAt: input.generatedAt.toISOString(),
    variant,
    timeKnown: chart.timeKnown,
    headline: text.headline,
    summary: text.summary,
    note: text.note,
    moon: sky.moon,
    transits: sky.transits.map((t, i) => toContract(t, allFacts[i]!, text.readings[i])),
    moonTransits: sky.moonTransits.map((t) => toContract(t, factOf(chart, t, middleUtc), undefined)),
    retrograde: sky.retrograde,
    stations: sky.stations,
    ingresses: sky.ingresses,
    sky: positionsAt({ utc: middleUtc })
      .filter((p) => p.body !== 'meanNode')
      .map((p) => ({
        body: p.body,
        longitude: Math.round(p.longitude * 1e4) / 1e4,
        retrograde: p.retrograde,
      })),
  };
}
