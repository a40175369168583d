// Answers about time: the sky now and ahead, the transits of a window, a planet's year, whether a
// window suits something, a topic's promise and its transits, and how today may feel. Dates are in
// the person's zone; only transits the facts hold are named.
import type { SkyTransit } from '../chat-composer.ts';
import { ASPECTS, BODIES, ordinal } from '../knowledge.ts';
import { transitEntryOf } from '../landscape-composer.ts';
import { entryAt, type Reading, type Variants } from '../library/library.ts';
import type { WindowTransit } from './answer-facts.ts';
import { placementAnswer } from './compose-chart.ts';
import type { Feeling, SkyFact, Topic, Window } from './question.ts';
import { type AnswerWriter, cap, nameOf, partsOf, signName, yourPoint } from './writer.ts';

const SUPPORTIVE = new Set(['trine', 'sextile']);
const HARD = new Set(['square', 'opposition']);
const BENEFIC = new Set(['venus', 'jupiter', 'sun']);
const HEAVY = new Set(['saturn', 'mars', 'pluto', 'uranus', 'neptune']);

interface TopicEntry {
  houses: number[];
  planets: string[];
  intro: string[];
  close: string[];
}

/**
 * A transit of the window as one list line: the transit with its exact day, then its span in orb
 * and its reading as sentences of their own (a date beside a statement is the date it claims).
 */
function windowLine(w: AnswerWriter, t: WindowTransit): string {
  const exact = t.exact[0] ?? null;
  // A body can pass a point twice in a long window (the Sun in November and again in March): the
  // span is given only when it is the span of the exact day named.
  const samePass = !exact || ((!t.enters || t.enters <= exact) && (!t.leaves || exact <= t.leaves));
  const span = [
    samePass && t.enters && `from ${w.day(t.enters)}`,
    samePass && t.leaves && `until ${w.day(t.leaves)}`,
  ]
    .filter(Boolean)
    .join(' ');
  const fact = w.transitFact(t, exact);
  // A date beside a statement is the date it claims: the span joins the exact day, or stands alone.
  const label = exact && span ? `${fact.slice(0, -1)}; in orb ${span})` : fact;
  const leaving = !exact && t.leaves ? w.line('leavingOrb', { day: w.day(t.leaves) }) : undefined;
  const reading = w.transitReading(t);
  // The reading's first or second part, in turn, so that one transit met in two answers reads twice anew.
  const part = reading ? [reading.about, reading.feel][w.pick.index(2, fact)] : undefined;
  // A reading that opens by naming the transit itself stands in for the label's words.
  const named = part
    ?.toLowerCase()
    .startsWith(`${nameOf(t.body)} ${ASPECTS[t.kind]?.verb ?? t.kind} your`.toLowerCase());
  const head = named && label === fact && !exact ? undefined : `- **${label}.**`;
  return [head ?? '-', part, leaving].filter(Boolean).join(' ');
}

/** A window's bounds in epoch milliseconds, from the moment of the question. */
function windowBounds(w: AnswerWriter, window: Window): { start: number; end: number } {
  const start = Date.parse(w.facts.now) + window.from * 86_400_000;
  return { start, end: start + window.days * 86_400_000 };
}

/** The window's transits (from the window facts, else the coming month's exact ones). */
function transitsIn(
  w: AnswerWriter,
  window: Window,
  filter: (t: { body: string; point: string }) => boolean,
): WindowTransit[] {
  const f = w.facts;
  if (f.window && f.window.window.label === window.label) {
    // One line per transit: a second window of the same contact (a retrograde loop) is not a second reading.
    const once = new Map<string, WindowTransit>();
    for (const t of f.window.transits.filter(filter)) {
      const key = `${t.body}|${t.kind}|${t.point}`;
      const first = once.get(key);
      if (first) first.exact.push(...t.exact.filter((e) => !first.exact.includes(e)));
      else once.set(key, { ...t, exact: [...t.exact] });
    }
    return [...once.values()];
  }
  const { start, end } = windowBounds(w, window);
  // The mean node stands beside the true one in the chart; the true node speaks for both.
  const named = (t: { point: string }) => t.point !== 'meanNode';
  const fromToday = window.from === 0 ? f.today.filter(filter).filter(named) : [];
  const upcoming = f.upcoming
    .filter((t) => t.exactAt && Date.parse(t.exactAt) >= start && Date.parse(t.exactAt) < end)
    .filter(filter)
    .filter(named);
  const seen = new Set<string>();
  return [...fromToday, ...upcoming]
    .filter((t) => {
      const key = `${t.body}|${t.kind}|${t.point}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((t: SkyTransit) => ({
      body: t.body,
      point: t.point,
      kind: t.kind,
      enters: null,
      exact: t.exactAt ? [t.exactAt] : [],
      leaves: null,
    }));
}

export function skyAnswer(w: AnswerWriter, fact: SkyFact, body?: string): void {
  const sky = w.facts.sky;
  if (fact === 'today') {
    transitsAnswer(w, { label: 'today', from: 0, days: 1 });
    return;
  }
  if (!sky) {
    w.say('I could not read the sky ahead just now.');
    return;
  }
  switch (fact) {
    case 'moon-sign': {
      const moon = sky.moon;
      const next = moon.nextSign
        ? ` until ${w.day(moon.nextSign.at)}, when it moves into ${signName(moon.nextSign.sign)}`
        : '';
      w.fact(`the Moon in ${signName(moon.sign)}`, 'sky');
      const reading = w.pick.pick(
        entryAt<Variants>(w.files, 'moon/signs', moon.sign)?.variants,
        'moon-sign',
        partsOf,
      );
      w.say(w.line('moonSignLead', { sign: signName(moon.sign), next }), reading?.about);
      w.say(reading?.do);
      return;
    }
    case 'moon-phase': {
      const moon = sky.moon;
      const reading = w.pick.pick(
        entryAt<Variants>(w.files, 'moon/phases', moon.phase)?.variants,
        'moon-phase',
        partsOf,
      );
      w.fact(`${moon.phase.replace(/-/g, ' ')} Moon`, 'sky');
      w.say(
        w.line('moonPhaseLead', {
          phase: moon.phase.replace(/-/g, ' '),
          lit: String(Math.round(moon.illumination * 100)),
        }),
        reading?.about,
      );
      w.say(reading?.do);
      return;
    }
    case 'retrograde': {
      if (body) {
        const retro = sky.retrograde.find((r) => r.body === body);
        const station = sky.stations.find((s) => s.body === body);
        if (retro) {
          w.fact(`${nameOf(body)} retrograde`, 'sky');
          w.say(
            w.line('retroYes', {
              body: nameOf(body),
              until: retro.until ? ` until ${w.day(retro.until)}` : '',
              since: retro.since ? `; it turned on ${w.day(retro.since)}` : '',
            }),
          );
        } else
          w.say(
            w.line('retroNo', { body: nameOf(body) }),
            station?.turns === 'retrograde'
              ? `Its next retrograde begins on ${w.day(station.at)}.`
              : undefined,
          );
        if (w.placement(body))
          w.say(w.line('retroMeaning', { body: nameOf(body), natal: BODIES[body]?.natal ?? 'themes' }));
        return;
      }
      if (sky.retrograde.length === 0) {
        w.say('No planet is retrograde right now: every one is moving forward.');
        return;
      }
      const list = sky.retrograde
        .map(
          (r) =>
            `**${w.fact(`${nameOf(r.body)} retrograde`, 'sky')}**${r.until ? ` until ${w.day(r.until)}` : ''}`,
        )
        .join(', ');
      const count = sky.retrograde.length === 1 ? 'one planet is' : `${sky.retrograde.length} planets are`;
      w.say(w.line('retroList', { count, list }));
      w.say(w.line('retroAdvice', {}));
      return;
    }
    case 'next-ingress': {
      const list = sky.ingresses.filter((i) => !body || i.body === body).slice(0, body ? 1 : 3);
      if (list.length === 0) {
        w.say(`${body ? nameOf(body) : 'No planet'} changes sign in the coming months.`);
        return;
      }
      w.say(
        list
          .map((i) => `- **${nameOf(i.body)} moves into ${signName(i.sign)} on ${w.day(i.at)}.**`)
          .join('\n'),
      );
      return;
    }
    case 'next-station': {
      const list = sky.stations.filter((s) => !body || s.body === body).slice(0, body ? 1 : 3);
      if (list.length === 0) {
        w.say(`${body ? nameOf(body) : 'No planet'} stations in the coming months.`);
        return;
      }
      w.say(list.map((s) => `- **${nameOf(s.body)} turns ${s.turns} on ${w.day(s.at)}.**`).join('\n'));
      w.say(w.line('stationExplain', {}));
      return;
    }
  }
}

export function transitsAnswer(w: AnswerWriter, window: Window, body?: string): void {
  const list = transitsIn(w, window, (t) => !body || t.body === body || t.point === body).slice(0, 5);
  const subject = body ? yourPoint(body) : 'your chart';
  if (list.length === 0) {
    w.say(
      (w.phrase(['assistant/openers', 'quiet']) ?? 'Nothing major touches {window}.').replace(
        '{window}',
        window.label,
      ),
    );
    if (body) placementAnswer(w, body);
    return;
  }
  const count = list.length === 1 ? 'one transit touches' : `${list.length} transits touch`;
  w.say(
    w.line('transitsSome', {
      window: window.label,
      Window: cap(window.label),
      count,
      subject,
      subject_object: subject,
    }),
  );
  w.say(list.map((t) => windowLine(w, t)).join('\n'));
  const first = w.transitReading(list[0]!);
  w.say(first?.do);
}

/** One transit by name: where it stands now (from today's or the coming month's transits), and its reading. */
export function transitAnswer(w: AnswerWriter, t: { body: string; point: string; aspect: string }): void {
  const same = (x: SkyTransit) =>
    x.body === t.body &&
    x.kind === t.aspect &&
    (x.point === t.point || (t.point === 'trueNode' && x.point === 'meanNode'));
  const now = w.facts.today.find(same) ?? w.facts.upcoming.find(same);
  const entry = transitEntryOf({ body: t.body, point: t.point, kind: t.aspect });
  const reading = w.transitReading({ body: t.body, point: t.point, kind: t.aspect });
  if (now) {
    const phase =
      now.exactAt && w.day(now.exactAt) === w.day(w.facts.now)
        ? 'exact'
        : now.applying
          ? 'building'
          : 'easing';
    w.say(`**${w.transitFact(now, now.exactAt)}.**`, reading?.about);
    w.say(reading?.feel, w.pick.pick(entry?.[phase], 'phase'));
  } else {
    w.say(
      `${nameOf(t.body)} is not in aspect to ${yourPoint(t.point)} today or in the coming month; when it is, this is what it brings.`,
      reading?.about,
    );
    w.say(reading?.feel);
  }
  w.say(reading?.do);
}

export function forecastAnswer(w: AnswerWriter, body: string, window: Window): void {
  const list = transitsIn(w, window, (t) => t.body === body).slice(0, 5);
  const path = w.facts.window?.houses.find((h) => h.body === body)?.path ?? [];
  const vars = {
    window: window.label,
    body: nameOf(body),
    Body: nameOf(body),
    count: list.length === 1 ? 'one close contact' : `${list.length} close contacts`,
    count_times: list.length === 1 ? 'once' : `${list.length} times`,
  };
  w.say(w.line(list.length > 0 ? 'forecastSome' : 'forecastNone', vars));
  if (list.length > 0) w.say(list.map((t) => windowLine(w, t)).join('\n'));
  if (path.length > 0) {
    const [first, ...then] = path;
    w.say(
      w.line('movesThrough', {
        house: ordinal(first!.house),
        area: w.houseArea(first!.house),
        after: then.map((h) => `, then your ${ordinal(h.house)} from ${w.day(h.from)}`).join(''),
      }),
    );
    const reading = w.pick.pick(
      entryAt<Variants>(w.files, 'transits/houses', body, String(first!.house))?.variants,
      'house',
      partsOf,
    );
    w.say(reading?.about);
  } else if (!w.facts.timeKnown) w.noteNoTime();
  const first = list[0] ? w.transitReading(list[0]) : undefined;
  w.say(first?.do);
}

function topicEntry(w: AnswerWriter, topic: Topic): TopicEntry | undefined {
  return entryAt<TopicEntry>(w.files, 'assistant/topics', topic);
}

/** The points a topic is read from: its planets, and the rulers' angles for career (the Midheaven). */
function topicPoints(entry: TopicEntry | undefined, topic: Topic): string[] {
  const points = [...(entry?.planets ?? [])];
  if (topic === 'career') points.push('midheaven');
  if (topic === 'love') points.push('venus');
  return [...new Set(points)];
}

export function timingAnswer(w: AnswerWriter, topic: Topic | null, activity: string, window: Window): void {
  const entry = topic ? topicEntry(w, topic) : undefined;
  const points = topic ? topicPoints(entry, topic) : ['sun', 'moon', 'ascendant', 'midheaven'];
  const list = transitsIn(w, window, (t) => points.includes(t.point) || points.includes(t.body));
  const good = list.filter(
    (t) => SUPPORTIVE.has(t.kind) || (t.kind === 'conjunction' && BENEFIC.has(t.body)),
  );
  const hard = list.filter((t) => HARD.has(t.kind) && HEAVY.has(t.body));
  const mercuryBack = w.facts.sky?.retrograde.some((r) => r.body === 'mercury');
  const verdict =
    good.length > 0
      ? hard.length === 0
        ? 'timingYes'
        : 'timingMixed'
      : hard.length > 0
        ? 'timingHard'
        : 'timingQuiet';
  w.say(w.line(verdict, { window: window.label, Window: cap(window.label) }));
  // The best day is one still to come inside the window: a helpful contact already past is a reason, not a date.
  const { start, end } = windowBounds(w, window);
  const ahead = (iso: string) => iso >= w.facts.now && Date.parse(iso) < end && Date.parse(iso) >= start;
  const best = good
    .flatMap((t) => t.exact.filter(ahead).map((at) => ({ t, at })))
    .sort((a, b) => a.at.localeCompare(b.at))[0];
  if (best) w.say(w.line('bestDay', { day: w.day(best.at), transit: w.transitFact(best.t, best.at) }));
  const reasons = [...good.slice(0, 2), ...hard.slice(0, 2)];
  if (reasons.length > 0) w.say(reasons.map((t) => windowLine(w, t)).join('\n'));
  if (mercuryBack && /\b(sign|contract|talk|ask|email|text|call|interview|apply|buy|launch)\b/.test(activity))
    w.say(w.line('mercuryBack', {}));
  w.say(
    (best ? w.transitReading(best.t)?.do : undefined) ??
      (entry ? w.phrase(['assistant/topics', topic!, 'close']) : undefined),
  );
}

/** What the person told the assistant that bears on a topic ("You work as a nurse"). */
const MEMORY_TOPICS: Partial<Record<Topic, RegExp>> = {
  career: /\bwork|job/i,
  family: /\bchildren|kids|sons?|daughters?|live in/i,
};

export function topicAnswer(w: AnswerWriter, topic: Topic, window: Window | null): void {
  const entry = topicEntry(w, topic);
  const memory = w.facts.memories.find((m) => MEMORY_TOPICS[topic]?.test(m));
  if (memory) w.say(`You told me: ${w.fact(memory, 'memory')}. Here is how your chart speaks to that.`);
  w.say(w.phrase(['assistant/topics', topic, 'intro']));
  w.say('**In your chart**');
  const [planet, second] = entry?.planets ?? [];
  for (const body of [planet, second].filter(Boolean) as string[]) {
    const fact = w.placementFact(body);
    const reading = w.signReading(body);
    const part = reading ? [reading.about, reading.feel][w.pick.index(2, body)] : '';
    if (fact) w.say(`- **Your ${fact}**: ${part}`);
  }
  const house = entry?.houses[0];
  if (house && w.facts.timeKnown) {
    const inside = w.facts.placements.filter((p) => p.house === house && p.body !== 'meanNode');
    const cusp = w.facts.natal?.cusps?.[house - 1];
    // The house's ruler carries its story to where that planet sits: one sentence with the house.
    const ruler = w.facts.natal?.cuspRulers?.[house - 1];
    const where = ruler ? w.placement(ruler) : undefined;
    const rulerClause =
      ruler && cusp && where?.house
        ? w.line('houseRuler', {
            sign: signName(cusp),
            ruler: nameOf(ruler),
            where: `${signName(where.sign)} in your ${ordinal(where.house)} house`,
          })
        : undefined;
    // The house is named once: the planets in it by sign ("Mercury in Taurus"), each recorded as a fact.
    for (const p of inside) w.placementFact(p.body);
    const list = inside.map((p) => `${nameOf(p.body)} in ${signName(p.sign)}`).join(', ');
    const line = w.houseLine(house, list, cusp);
    w.say(
      line && rulerClause
        ? `${line.replace(/[.]$/, '')}; ${afterSemicolon(rulerClause, nameOf(ruler!))}`
        : line,
    );
  } else if (!w.facts.timeKnown) w.noteNoTime();
  const span = window ?? { label: 'in the coming month', from: 0, days: 30 };
  const points = topicPoints(entry, topic);
  const list = transitsIn(w, span, (t) => points.includes(t.point) || points.includes(t.body)).slice(0, 3);
  w.say(`**${cap(span.label)}**`);
  w.say(
    list.length > 0
      ? list.map((t) => windowLine(w, t)).join('\n')
      : (w.phrase(['assistant/openers', 'quiet']) ?? 'Nothing major touches {window}.').replace(
          '{window}',
          span.label,
        ),
  );
  w.say(w.phrase(['assistant/topics', topic, 'close']));
}

/** A clause joined after a semicolon: lower case, unless it opens with a name ("Venus rules it …"). */
function afterSemicolon(clause: string, name: string): string {
  return clause.startsWith(name) ? clause : `${clause.charAt(0).toLowerCase()}${clause.slice(1)}`;
}

export function feelingAnswer(w: AnswerWriter, feeling: Feeling): void {
  w.say(w.phrase(['assistant/feelings', feeling, 'warmth']));
  w.say(w.phrase(['assistant/feelings', feeling, 'bridge']));
  const moon = w.facts.sky?.moon;
  const top = w.facts.today[0];
  if (moon) {
    const reading = w.pick.pick(
      entryAt<Variants>(w.files, 'moon/signs', moon.sign)?.variants,
      'moon-sign',
      partsOf,
    );
    w.fact(`the Moon in ${signName(moon.sign)}`, 'sky');
    w.say(w.line('moonToday', { sign: signName(moon.sign) }), reading?.feel);
  }
  if (top) {
    const reading: Reading | undefined = w.transitReading(top);
    w.say(w.line('strongestToday', { transit: w.transitFact(top, top.exactAt) }), reading?.feel);
  }
  w.say(w.phrase(['assistant/feelings', feeling, 'suggestion']));
}
