// The built-in composer of the daily landscape: turns the day's computed facts into a headline, a
// summary and one short reading per top transit, from the knowledge base. Deterministic: the same
// facts give the same words. Sentences that rest on houses or angles only appear when the birth
// time is known (the facts carry no houses otherwise).
import { ASPECTS, BODIES, HOUSES, MOON_IN_SIGN, MOON_PHASES, ordinal, SIGNS } from './knowledge.ts';

export interface TransitFact {
  body: string;
  point: string;
  kind: string;
  applying: boolean;
  exactAt: string | null;
  /** Sign of the natal point. */
  pointSign: string;
  /** Natal house of the natal point; null when the birth time is unknown. */
  pointHouse: number | null;
  /** Natal house the transiting body passes through; null when the birth time is unknown. */
  bodyHouse: number | null;
}

export interface LandscapeFacts {
  /** The user's local day, YYYY-MM-DD, and its zone (for times in the text). */
  date: string;
  zone: string;
  /** 0 for the first composition of the day; each regeneration counts up and varies the wording. */
  variant: number;
  timeKnown: boolean;
  /** Ranked, heaviest first; the composer reads the first few. */
  transits: TransitFact[];
  moon: {
    sign: string;
    phase: string;
    ingress: { sign: string; at: string } | null;
    voidOfCourse: { start: string; end: string } | null;
  };
  retrograde: string[];
  stations: { body: string; turns: 'retrograde' | 'direct'; at: string }[];
  ingresses: { body: string; sign: string; at: string }[];
}

export interface LandscapeText {
  headline: string;
  summary: string;
  /** One reading for each transit, in the order given. */
  readings: string[];
  /** Why the house and angle sentences are missing, when they are. */
  note: string | null;
}

/** How many transits get a reading of their own. */
export const READ_TRANSITS = 5;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const bodyName = (id: string) => BODIES[id]?.name ?? id;
const signName = (id: string) => SIGNS[id]?.name ?? id;

function timeOf(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

function localDateOf(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

/** "today at 12:10" on the landscape's own day, "on 25 Nov, 06:24" otherwise. */
function momentPhrase(iso: string, facts: LandscapeFacts): string {
  return localDateOf(iso, facts.zone) === facts.date
    ? `today at ${clockOf(iso, facts.zone)}`
    : `on ${timeOf(iso, facts.zone)}`;
}

function clockOf(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** "your natal Sun in Taurus" / "your Ascendant in Leo". */
function natalPointPhrase(t: TransitFact): string {
  const isAngle = t.point === 'ascendant' || t.point === 'midheaven';
  const name = isAngle
    ? bodyName(t.point)
    : `your natal ${capitalise(bodyName(t.point).replace(/^the /, ''))}`;
  return `${name} in ${signName(t.pointSign)}`;
}

export function transitTitle(t: TransitFact): string {
  const aspect = ASPECTS[t.kind];
  return `${capitalise(bodyName(t.body))} ${aspect?.verb ?? t.kind} ${natalPointPhrase(t)}`;
}

function reading(t: TransitFact, index: number, facts: LandscapeFacts): string {
  const body = BODIES[t.body];
  const point = BODIES[t.point];
  const aspect = ASPECTS[t.kind];
  const sentences = [
    `${transitTitle(t)}, bringing ${body?.moves ?? 'its themes'} to your ${point?.natal ?? 'chart'}, and ${aspect?.dynamic ?? 'the two interact'}.`,
  ];
  if (facts.timeKnown && t.pointHouse !== null)
    sentences.push(
      `In your chart this plays out around ${HOUSES[t.pointHouse - 1]} (your ${ordinal(t.pointHouse)} house).`,
    );
  if (t.exactAt) {
    const when = momentPhrase(t.exactAt, facts);
    sentences.push(
      t.applying
        ? `It is building and becomes exact ${when}.`
        : `It was exact ${when} and is now easing off.`,
    );
  }
  if (aspect) sentences.push(aspect.advice[(facts.variant + index) % aspect.advice.length]!);
  return sentences.join(' ');
}

function headlineOf(facts: LandscapeFacts): string {
  const top = facts.transits[0];
  if (top) {
    const tone = ASPECTS[top.kind]?.tone ?? 'A day shaped by';
    const theme = BODIES[top.point]?.keyword ?? 'your chart';
    return `${tone} ${theme}: ${transitTitle(top).replace(/ in [A-Z][a-z]+$/, '')}`;
  }
  const moon = SIGNS[facts.moon.sign];
  return `A ${moon?.name ?? ''} Moon day: ${moon?.style ?? 'a quiet sky'}`.replace(/\s+/g, ' ');
}

function summaryOf(facts: LandscapeFacts): string {
  const parts: string[] = [];
  const [first, second] = facts.transits;
  if (first) {
    parts.push(
      `The strongest thread today is ${bodyName(first.body)} ${ASPECTS[first.kind]?.verb ?? first.kind} ${natalPointPhrase(first)}, which brings ${BODIES[first.body]?.moves ?? 'its themes'} to your ${BODIES[first.point]?.natal ?? 'chart'}.`,
    );
  } else {
    parts.push(
      'No slow planet is within a degree of your natal points today, so the day takes its colour from the Moon.',
    );
  }
  if (second)
    parts.push(
      `In the background, ${bodyName(second.body)} ${ASPECTS[second.kind]?.verb ?? second.kind} ${natalPointPhrase(second)}.`,
    );
  parts.push(MOON_IN_SIGN[facts.moon.sign] ?? '');
  if (facts.moon.ingress)
    parts.push(
      `At ${clockOf(facts.moon.ingress.at, facts.zone)} it moves into ${signName(facts.moon.ingress.sign)}, and the mood shifts with it.`,
    );
  parts.push(MOON_PHASES[facts.moon.phase] ?? '');
  if (facts.moon.voidOfCourse) {
    const { start, end } = facts.moon.voidOfCourse;
    parts.push(
      `The Moon is void of course from ${momentPhrase(start, facts).replace(/^(today )?at |^on /, '')} to ${momentPhrase(end, facts).replace(/^(today )?at |^on /, '')}: better for finishing than for starting.`,
    );
  }
  for (const s of facts.stations)
    parts.push(
      `${capitalise(bodyName(s.body))} stations ${s.turns} today, so its themes feel stalled before they change direction.`,
    );
  const retro = facts.retrograde.filter((b) => !facts.stations.some((s) => s.body === b));
  if (retro.length > 0) {
    const names = retro.map((b) => capitalise(bodyName(b)));
    const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
    parts.push(
      `${list} ${names.length > 1 ? 'are' : 'is'} retrograde, a time for reviewing rather than launching in ${names.length > 1 ? 'their' : 'its'} areas.`,
    );
  }
  for (const i of facts.ingresses)
    parts.push(`${capitalise(bodyName(i.body))} enters ${signName(i.sign)} at ${clockOf(i.at, facts.zone)}.`);
  return parts.filter(Boolean).join(' ');
}

/** Headline, summary and readings for the day. */
export function composeLandscape(facts: LandscapeFacts): LandscapeText {
  return {
    headline: headlineOf(facts),
    summary: summaryOf(facts),
    readings: facts.transits.map((t, index) => reading(t, index, facts)),
    note: facts.timeKnown
      ? null
      : 'Your birth time is not known, so this landscape leaves out houses and the angles (Ascendant and Midheaven): they depend on the exact minute of birth.',
  };
}
