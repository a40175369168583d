import type { NatalChart } from '@app/astro/chart/natal-chart';
import { rulerOf, signOf } from '@app/astro/chart/zodiac';
import type { BodyId } from '@app/astro/ephemeris/body-ids';
import { dayOf, localDay, nextDate } from '@app/astro/time/local-day';
import { DAY_TRANSITING_BODIES, transitsOfDay } from '@app/astro/transits/daily-sky';
import {
  bodyOverWindow,
  moonAt,
  nextIngress,
  nextStation,
  previousStation,
} from '@app/astro/transits/sky-ahead';
import { skyAt } from '@app/astro/transits/sky-at';
import type { FactsNeeded, SkyAhead, WindowFacts } from '@app/interpretations/assistant/answer-facts';
import { type ChatFacts, factsNeeded, type SkyTransit } from '@app/interpretations/chat-composer';
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

/**
 * Exact transits of the coming month (from the start of today in the person's zone), in time
 * order: each body's path sampled once over the month (sky-ahead), not the month's days one by one.
 */
export function upcomingTransits(chart: NatalChart, zone: string, now: Date): SkyTransit[] {
  const first = localDay(zone, now);
  const to = dayOf(zone, nextDate(first.date, UPCOMING_DAYS)).startUtc;
  const asked = now.toISOString();
  const found: SkyTransit[] = [];
  for (const body of DAY_TRANSITING_BODIES)
    for (const t of bodyOverWindow(chart, body, first.startUtc, to).transits)
      for (const exactAt of t.exact)
        found.push({ body, point: t.point, kind: t.kind, exactAt, applying: exactAt > asked });
  return found.sort((a, b) => a.exactAt!.localeCompare(b.exactAt!));
}

const PLANETS: BodyId[] = ['mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
const DAY_MS = 86_400_000;

/** The sky ahead is the same for everyone: computed once per ten minutes and kept. */
const SKY_AHEAD_MS = 10 * 60_000;
let skyAheadKept: { slot: number; sky: SkyAhead } | null = null;

/** The sky ahead of `now`: the Moon, retrograde spans, and each planet's next station and ingress. */
function skyAhead(now: Date): SkyAhead {
  const slot = Math.floor(now.getTime() / SKY_AHEAD_MS);
  if (skyAheadKept?.slot !== slot) skyAheadKept = { slot, sky: skyAheadAt(new Date(slot * SKY_AHEAD_MS)) };
  return skyAheadKept.sky;
}

function skyAheadAt(now: Date): SkyAhead {
  const at = now.toISOString();
  const moon = moonAt(at);
  const moonNext = nextIngress('moon', at, 3);
  const sky = skyAt(at);
  const stations = PLANETS.flatMap((body) => nextStation(body, at) ?? []);
  return {
    moon: { ...moon, nextSign: moonNext ? { sign: moonNext.sign, at: moonNext.at } : null },
    retrograde: sky
      .filter((b) => b.retrograde && PLANETS.includes(b.body))
      .map((b) => ({
        body: b.body,
        since: previousStation(b.body, at)?.at ?? null,
        until: stations.find((s) => s.body === b.body)?.at ?? null,
      })),
    stations: stations.sort((a, b) => a.at.localeCompare(b.at)),
    ingresses: ['sun', ...PLANETS]
      .flatMap((body) => nextIngress(body as BodyId, at, 400) ?? [])
      .sort((a, b) => a.at.localeCompare(b.at)),
  };
}

/** The transits of the named bodies over a window, and the natal houses they move through. */
export function windowFacts(
  chart: NatalChart,
  now: Date,
  needed: NonNullable<FactsNeeded['window']>,
): WindowFacts {
  const start = new Date(now.getTime() + needed.window.from * DAY_MS);
  const end = new Date(start.getTime() + needed.window.days * DAY_MS);
  const from = start.toISOString();
  const to = end.toISOString();
  const each = needed.bodies.map((body) => ({ body, ...bodyOverWindow(chart, body as BodyId, from, to) }));
  return {
    window: needed.window,
    from,
    to,
    transits: each
      .flatMap((b) => b.transits)
      .sort((a, b) => (a.exact[0] ?? a.enters ?? from).localeCompare(b.exact[0] ?? b.enters ?? from)),
    houses: each.map((b) => ({ body: b.body, path: b.houses })),
  };
}

export function chatFacts(input: {
  chart: NatalChart;
  zone: string;
  now: Date;
  today: SkyTransit[];
  upcoming: SkyTransit[];
  memories: string[];
  sky?: SkyAhead;
  window?: WindowFacts;
}): ChatFacts {
  const { chart } = input;
  return {
    sky: input.sky,
    window: input.window,
    natal: {
      elements: chart.elements,
      modalities: chart.modalities,
      ruler: chart.timeKnown ? (chart.chartRuler?.modern ?? null) : null,
      moonPhase: chart.moonPhase?.name ?? null,
      cusps: chart.timeKnown && chart.houses ? chart.houses.cusps.map((c) => signOf(c)) : null,
      cuspRulers:
        chart.timeKnown && chart.houses ? chart.houses.cusps.map((c) => rulerOf(signOf(c)).modern) : null,
    },
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
      // The true node speaks for the node; the mean one beside it would say everything twice.
      .filter((x) => x.a !== 'meanNode' && x.b !== 'meanNode')
      .sort((x, y) => Math.abs(x.deviation) - Math.abs(y.deviation))
      .map((x) => ({ a: x.a, b: x.b, kind: x.kind, orb: Math.abs(x.deviation) })),
    today: input.today,
    upcoming: input.upcoming,
    memories: input.memories,
  };
}

/**
 * The facts for one question: only what it needs is computed (the coming month, the sky ahead, a
 * window of transits), as the composer's `factsNeeded` says. `upcoming` gives the coming month
 * (the caller may keep it for the day).
 */
export function factsForQuestion(input: {
  question: string;
  previous?: string;
  chart: NatalChart;
  zone: string;
  now: Date;
  today: SkyTransit[];
  upcoming: () => SkyTransit[];
  memories: string[];
}): ChatFacts {
  const needed = factsNeeded(
    input.question,
    { now: input.now.toISOString(), zone: input.zone },
    input.previous,
  );
  return chatFacts({
    chart: input.chart,
    zone: input.zone,
    now: input.now,
    today: input.today,
    upcoming: needed.upcoming ? input.upcoming() : [],
    memories: input.memories,
    sky: needed.sky ? skyAhead(input.now) : undefined,
    window: needed.window ? windowFacts(input.chart, input.now, needed.window) : undefined,
  });
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
        const inWindow = (facts.window?.transits ?? []).flatMap((t) =>
          t.exact.map((exactAt) => ({
            body: t.body,
            point: t.point,
            kind: t.kind,
            exactAt,
            applying: false,
          })),
        );
        for (const t of [...facts.today, ...facts.upcoming, ...inWindow, ...upcoming()])
          known.set(`${t.body}|${t.point}|${t.kind}|${t.exactAt ?? ''}`, t);
        transits = [...known.values()];
      }
      return transits;
    },
  };
}
