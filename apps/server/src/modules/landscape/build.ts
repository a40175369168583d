import { chartOfBirth, type NatalChart } from '@app/astro/chart/natal-chart';
import { norm360, signedDelta } from '@app/astro/ephemeris/angles';
import { BODY_IDS } from '@app/astro/ephemeris/body-ids';
import { houseOf } from '@app/astro/houses/houses';
import { epochSecondsToJd } from '@app/astro/time/civil';
import type { LocalDay } from '@app/astro/time/local-day';
import {
  type DailySky,
  type DayTransit,
  type SharedSky,
  sharedSkyOfDay,
  transitsOfDay,
} from '@app/astro/transits/daily-sky';
import { jdOf, positionAt } from '@app/astro/transits/sky-sampling';
import { natalPoints } from '@app/astro/transits/transits';
import type { Landscape, LandscapeTransit } from '@app/contracts/landscape.ts';
import {
  composeLandscape,
  type LandscapeFacts,
  type LandscapeText,
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

export function pointFacts(chart: NatalChart, point: string): { sign: string; house: number | null } {
  if (point === 'ascendant' && chart.angles) return { sign: chart.angles.ascendantSign, house: 1 };
  if (point === 'midheaven' && chart.angles) return { sign: chart.angles.midheavenSign, house: 10 };
  const body = chart.bodies.find((b) => b.body === point);
  return { sign: body?.sign ?? 'aries', house: chart.timeKnown ? (body?.house ?? null) : null };
}

// Positions at the day's middle, at stations and on a lunation's bisection come through the
// remembered positions: everyone whose day has the same bounds asks for the same instants.
function factOf(chart: NatalChart, t: DayTransit, middleJd: number): TransitFact {
  const point = pointFacts(chart, t.point);
  const bodyLongitude = positionAt(t.body, middleJd).longitude;
  return {
    body: t.body,
    point: t.point,
    kind: t.kind,
    applying: t.applying,
    exactAt: t.exactAt,
    enters: t.enters,
    leaves: t.leaves,
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
  /** What the words need beyond the transits: the person's rotation seed, and the day's events on the chart. */
  seed: string;
  extras: Pick<LandscapeFacts, 'stationContacts' | 'lunation' | 'slowHouses'>;
}

const SLOW_PLANETS = ['jupiter', 'saturn', 'uranus', 'neptune', 'pluto'] as const;
const MINUTE_MS = 60_000;

/** A New or Full Moon within the day: the Sun–Moon elongation passing 0° or 180°, found to the minute. */
function lunationOf(chart: NatalChart, day: LocalDay): LandscapeFacts['lunation'] {
  const elongation = (ms: number) => {
    const jd = epochSecondsToJd(ms / 1000);
    const moon = positionAt('moon', jd).longitude;
    return { value: norm360(moon - positionAt('sun', jd).longitude), moon };
  };
  let lo = Date.parse(day.startUtc);
  let hi = Date.parse(day.endUtc);
  const start = elongation(lo).value;
  const end = elongation(hi).value;
  const kind = start > end ? 'new' : start < 180 && end >= 180 ? 'full' : null;
  if (!kind) return null;
  const target = kind === 'new' ? 0 : 180;
  // The elongation grows about 12° a day: bisect on the side of the target.
  while (hi - lo > MINUTE_MS) {
    const mid = (lo + hi) / 2;
    const v = elongation(mid).value;
    const before = kind === 'new' ? v > 180 : v < target;
    if (before) lo = mid;
    else hi = mid;
  }
  const at = new Date(Math.round(hi / MINUTE_MS) * MINUTE_MS).toISOString();
  const house = chart.houses ? houseOf(elongation(hi).moon, chart.houses.cusps) : null;
  return { kind, at, house };
}

/** Stations within a degree of a natal point (the closest point). */
function stationContactsOf(
  chart: NatalChart,
  stations: DailySky['stations'],
): LandscapeFacts['stationContacts'] {
  const points = natalPoints(chart);
  return stations.flatMap((s) => {
    const longitude = positionAt(s.body, jdOf(s.at)).longitude;
    const nearest = points
      .map((p) => ({ id: p.id, distance: Math.abs(signedDelta(longitude, p.longitude)) }))
      .filter((p) => p.distance <= 1 && p.id !== 'meanNode')
      .sort((a, b) => a.distance - b.distance)[0];
    return nearest ? [{ ...s, point: nearest.id }] : [];
  });
}

export function landscapeDayOf(input: {
  birth: BirthFacts;
  day: LocalDay;
  /** The chart-free part of the day's sky, when the caller already has it. */
  sky?: SharedSky;
}): LandscapeDay {
  const { day } = input;
  const chart = chartOfBirth(input.birth);
  const sky = { ...(input.sky ?? sharedSkyOfDay(day)), ...transitsOfDay(chart, day) };
  const middleJd = epochSecondsToJd((Date.parse(day.startUtc) + Date.parse(day.endUtc)) / 2000);
  const cusps = chart.houses?.cusps;
  const slowHouses = cusps
    ? SLOW_PLANETS.map((body) => ({ body, house: houseOf(positionAt(body, middleJd).longitude, cusps) }))
    : [];
  return {
    day,
    timeKnown: chart.timeKnown,
    sky,
    seed: `${input.birth.utc}|${input.birth.latitude}|${input.birth.longitude}`,
    extras: {
      stationContacts: stationContactsOf(chart, sky.stations),
      lunation: lunationOf(chart, day),
      slowHouses,
    },
    facts: sky.transits.map((t) => factOf(chart, t, middleJd)),
    moonFacts: sky.moonTransits.map((t) => factOf(chart, t, middleJd)),
    bodies: BODY_IDS.map((body) => positionAt(body, middleJd))
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
    seed: landscapeDay.seed,
    timeKnown: landscapeDay.timeKnown,
    transits: landscapeDay.facts,
    moonTransits: landscapeDay.moonFacts,
    ...landscapeDay.extras,
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
    moonTransits: sky.moonTransits.map((t, i) =>
      toContract(t, landscapeDay.moonFacts[i]!, words.moonReadings?.[i]),
    ),
    retrograde: sky.retrograde,
    stations: sky.stations,
    ingresses: sky.ingresses,
    sky: landscapeDay.bodies,
  };
}
