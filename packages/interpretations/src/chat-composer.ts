// The built-in assistant: recognises what a question is about, gathers the facts from the
// person's chart and the sky (computed by @app/astro, passed in), and answers from the knowledge
// base in the product's own words. Every placement it names comes from the facts; without a
// birth time it names no house and no angle, and says why.
import type { ChatFact } from '@app/contracts/chat.ts';
import { ASPECTS, BODIES, HOUSES, ORDINAL_WORDS, ordinal, SIGNS } from './knowledge.ts';

export interface ChartPlacement {
  body: string;
  sign: string;
  /** Null when the birth time is unknown. */
  house: number | null;
  retrograde: boolean;
}

export interface ChartAspect {
  a: string;
  b: string;
  kind: string;
  orb: number;
}

export interface SkyTransit {
  body: string;
  point: string;
  kind: string;
  exactAt: string | null;
  applying: boolean;
}

/** Everything the assistant may say about the person; nothing else reaches the answer. */
export interface ChatFacts {
  /** The moment of the question (ISO), for "this week". */
  now: string;
  timeKnown: boolean;
  zone: string;
  placements: ChartPlacement[];
  ascendant: string | null;
  midheaven: string | null;
  aspects: ChartAspect[];
  /** Today's transits, ranked. */
  today: SkyTransit[];
  /** Exact transits of the coming 30 days, in time order (only gathered when the question needs them: see needsUpcoming). */
  upcoming: SkyTransit[];
  /** Things the person told the assistant before. */
  memories: string[];
}

export interface ComposedAnswer {
  /** Markdown paragraphs. */
  paragraphs: string[];
  facts: ChatFact[];
  /** False when the question was not recognised and the answer only asks for more. */
  understood: boolean;
}

export interface ComposeOptions {
  /** The conversation already explained the unknown birth time: a note about it is not repeated. */
  timeNoteGiven?: boolean;
}

type Intent =
  | { kind: 'refuse'; topic: 'lottery' | 'medical' | 'legal' | 'financial' }
  | { kind: 'greeting' }
  /** With a body: only the transits made by it or to it ("my Moon this week"). */
  | { kind: 'transits'; period: 'today' | 'week' | 'month'; body?: string }
  | { kind: 'timing' }
  | { kind: 'body'; body: string }
  | { kind: 'house'; house: number }
  | { kind: 'aspects'; aspect: string | null }
  | { kind: 'sign'; sign: string }
  | { kind: 'career' }
  | { kind: 'love' }
  | { kind: 'overview' }
  | { kind: 'unclear' };

const BODY_WORDS: Record<string, string> = {
  sun: 'sun',
  moon: 'moon',
  mercury: 'mercury',
  venus: 'venus',
  mars: 'mars',
  jupiter: 'jupiter',
  saturn: 'saturn',
  uranus: 'uranus',
  neptune: 'neptune',
  pluto: 'pluto',
  node: 'trueNode',
  nodes: 'trueNode',
  lilith: 'lilith',
  rising: 'ascendant',
  ascendant: 'ascendant',
  midheaven: 'midheaven',
};

/** The first planet or point the (lower-case) question names. */
function namedBody(q: string): string | null {
  for (const [word, body] of Object.entries(BODY_WORDS)) if (new RegExp(`\\b${word}\\b`).test(q)) return body;
  return null;
}

/** What the question is about, from its words. */
export function recognise(question: string): Intent {
  const q = question.toLowerCase();
  if (/lotter|jackpot|winning numbers|lucky numbers/.test(q)) return { kind: 'refuse', topic: 'lottery' };
  if (/diagnos|symptom|medicat|prescri|\bdoctor|illness|disease|\bdose\b|treatment/.test(q))
    return { kind: 'refuse', topic: 'medical' };
  if (/lawyer|lawsuit|legal advice|\bsue\b|custody|\bcourt\b/.test(q))
    return { kind: 'refuse', topic: 'legal' };
  if (/invest|stocks?\b|shares\b|crypto|bitcoin|trading|mortgage|financial advice/.test(q))
    return { kind: 'refuse', topic: 'financial' };
  const period = /this month|next month|coming weeks|month ahead/.test(q)
    ? 'month'
    : /this week|next week|coming days|\b(my|the) week\b|week ahead|weekend/.test(q)
      ? 'week'
      : null;
  if (period) {
    const body = namedBody(q);
    return body ? { kind: 'transits', period, body } : { kind: 'transits', period };
  }
  if (/transit|today|right now|currently|at the moment|these days|\bnow\b/.test(q))
    return { kind: 'transits', period: 'today' };
  if (/\bwhen\b|timing|best time|good time/.test(q)) return { kind: 'timing' };
  if (/moon sign/.test(q)) return { kind: 'body', body: 'moon' };
  const house = /\b(1[0-2]|[1-9])(?:st|nd|rd|th)?\s+house|house\s+(1[0-2]|[1-9])\b/.exec(q);
  if (house) return { kind: 'house', house: Number(house[1] ?? house[2]) };
  const wordHouse = ORDINAL_WORDS.findIndex((w) => new RegExp(`\\b${w} house`).test(q));
  if (wordHouse >= 0) return { kind: 'house', house: wordHouse + 1 };
  const body = namedBody(q);
  if (body) return { kind: 'body', body };
  const aspect = /conjunction|sextile|square|trine|opposition/.exec(q);
  if (aspect) return { kind: 'aspects', aspect: aspect[0] };
  if (/aspect/.test(q)) return { kind: 'aspects', aspect: null };
  for (const sign of Object.keys(SIGNS))
    if (new RegExp(`\\b${sign}\\b`).test(q)) return { kind: 'sign', sign };
  if (/career|\bjob\b|\bwork|vocation|profession|calling/.test(q)) return { kind: 'career' };
  if (/love|relationship|partner|romance|dating|marriage|crush/.test(q)) return { kind: 'love' };
  if (/chart|about me|personality|who am i|overview|myself/.test(q)) return { kind: 'overview' };
  if (/^\s*(hi|hello|hey|good (morning|evening|afternoon))\b/.test(q)) return { kind: 'greeting' };
  return { kind: 'unclear' };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
// "Midheaven", not "Your Midheaven", when a name stands inside a sentence of its own.
const nameOf = (id: string) => cap((BODIES[id]?.name ?? id).replace(/^(the|your) /, ''));
const signName = (id: string) => SIGNS[id]?.name ?? id;

/** "Moon in Aquarius in the 4th house" (no house without a birth time). */
export function placementText(p: ChartPlacement, timeKnown: boolean): string {
  const house = timeKnown && p.house !== null ? ` in the ${ordinal(p.house)} house` : '';
  return `${nameOf(p.body)} in ${signName(p.sign)}${house}${p.retrograde ? ' (retrograde)' : ''}`;
}

const NO_TIME =
  'Your birth time is not known, so I leave out houses and the Ascendant and Midheaven: they change every few minutes of the day.';

/** Whether an earlier answer explained the unknown birth time (see ComposeOptions). */
export const explainsUnknownTime = (answer: string) => answer.includes(NO_TIME);

class Answer {
  readonly paragraphs: string[] = [];
  readonly facts: ChatFact[] = [];
  constructor(
    private readonly facts0: ChatFacts,
    private readonly options: ComposeOptions,
  ) {}
  say(text: string): this {
    this.paragraphs.push(text);
    return this;
  }
  /** The unknown-birth-time note after an answer, once per conversation. */
  noteNoTime(): void {
    if (!this.options.timeNoteGiven) this.say(NO_TIME);
  }
  fact(text: string, kind: ChatFact['kind']): string {
    if (!this.facts.some((f) => f.text === text)) this.facts.push({ text, kind });
    return text;
  }
  placement(body: string): ChartPlacement | undefined {
    return this.facts0.placements.find((p) => p.body === body);
  }
  /** A sentence about one placement, recorded as a fact. */
  describe(body: string): string | null {
    const p = this.placement(body);
    if (!p) return null;
    const text = this.fact(placementText(p, this.facts0.timeKnown), 'placement');
    const house =
      this.facts0.timeKnown && p.house !== null ? ` It works through ${HOUSES[p.house - 1]}.` : '';
    return `**${text}**: your ${BODIES[body]?.natal ?? 'placement'}, in a style that is ${SIGNS[p.sign]?.style ?? 'its own'}.${house}`;
  }
}

function transitLine(a: Answer, t: SkyTransit, facts: ChatFacts): string {
  const when = t.exactAt
    ? new Intl.DateTimeFormat('en-GB', { timeZone: facts.zone, day: 'numeric', month: 'short' }).format(
        new Date(t.exactAt),
      )
    : null;
  const point =
    t.point === 'ascendant' || t.point === 'midheaven'
      ? `your ${nameOf(t.point)}`
      : `your natal ${nameOf(t.point)}`;
  const text = `${nameOf(t.body)} ${ASPECTS[t.kind]?.verb ?? t.kind} ${point}${when ? ` (exact ${when})` : ''}`;
  a.fact(text, 'transit');
  return `- **${text}**: it brings ${BODIES[t.body]?.moves ?? 'its themes'} to your ${BODIES[t.point]?.natal ?? 'chart'}; ${ASPECTS[t.kind]?.dynamic ?? ''}.`;
}

function houseMention(a: Answer, facts: ChatFacts, house: number): void {
  const inside = facts.placements.filter((p) => p.house === house && p.body !== 'meanNode');
  a.fact(`${ordinal(house)} house: ${HOUSES[house - 1]}`, 'house');
  a.say(`Your ${ordinal(house)} house is about ${HOUSES[house - 1]}.`);
  a.say(
    inside.length > 0
      ? `You have ${inside.map((p) => a.fact(placementText(p, true), 'placement')).join(', ')} there, so this area of life gets a lot of your attention.`
      : 'No planet sits in it, which means this area runs quietly in the background and wakes up when transits cross it.',
  );
}

/** The built-in answer to a question, from the facts only. */
export function composeAnswer(
  question: string,
  facts: ChatFacts,
  options: ComposeOptions = {},
): ComposedAnswer {
  const a = new Answer(facts, options);
  const intent = recognise(question);
  const angleAllowed = facts.timeKnown;
  switch (intent.kind) {
    case 'refuse': {
      const what = {
        lottery: 'predict lottery numbers or any game of chance',
        medical: 'give medical advice; please talk to a doctor or another health professional',
        legal: 'give legal advice; a lawyer can help with that',
        financial: 'give financial or investment advice; a licensed adviser can',
      }[intent.topic];
      a.say(`I can't ${what}. Astrology describes themes and timing, not outcomes to bet on.`);
      a.say(
        'I can help you reflect on the same question through your chart, for example which themes are active for you right now.',
      );
      break;
    }
    case 'greeting':
      a.say(
        'Hello! I know your birth chart and today’s sky. Ask me about a planet, a house, your Moon sign, or what the transits of this week mean for you.',
      );
      break;
    case 'transits': {
      const { body } = intent;
      const inPeriod =
        intent.period === 'today'
          ? facts.today
          : facts.upcoming.filter((t) => withinDays(t, facts.now, intent.period === 'week' ? 7 : 30));
      const list = inPeriod
        .filter((t) => !body || t.body === body || t.point === body)
        .slice(0, body ? 4 : 6);
      const period = { today: 'today', week: 'this week', month: 'in the coming month' }[intent.period];
      const placement = body ? a.describe(body) : null;
      if (placement) a.say(placement);
      const touched = body ? `your ${nameOf(body)}` : 'your chart';
      if (list.length === 0)
        a.say(
          `No slow planet makes an exact aspect to ${touched} ${period}, so it is a quieter stretch: a good time to follow your own rhythm.`,
        );
      else
        a.say(body ? `What touches ${touched} ${period}:` : `These are the transits shaping ${period}:`).say(
          list.map((t) => transitLine(a, t, facts)).join('\n'),
        );
      if (!angleAllowed) a.noteNoTime();
      break;
    }
    case 'timing': {
      const next = facts.upcoming.slice(0, 4);
      a.say('Timing in astrology comes from transits. These are the next exact ones to your chart:');
      a.say(
        next.length > 0
          ? next.map((t) => transitLine(a, t, facts)).join('\n')
          : '- None in the coming month: nothing forces a pace on you.',
      );
      a.say(
        'Supportive aspects (trines, sextiles) suit beginnings; squares and oppositions suit decisions you have been putting off.',
      );
      break;
    }
    case 'body': {
      if (intent.body === 'ascendant' || intent.body === 'midheaven') {
        const sign = intent.body === 'ascendant' ? facts.ascendant : facts.midheaven;
        if (!angleAllowed || !sign) {
          a.say(NO_TIME);
          break;
        }
        a.fact(`${nameOf(intent.body)} in ${signName(sign)}`, 'angle');
        a.say(
          `**${nameOf(intent.body)} in ${signName(sign)}**: your ${BODIES[intent.body]?.natal}, in a tone that is ${SIGNS[sign]?.style}.`,
        );
        break;
      }
      const line = a.describe(intent.body);
      if (!line) {
        a.say('That point is not part of your chart as I compute it.');
        break;
      }
      a.say(line);
      const touching = facts.aspects.filter((x) => x.a === intent.body || x.b === intent.body).slice(0, 3);
      if (touching.length > 0)
        a.say(
          `Its aspects in your chart: ${touching.map((x) => a.fact(aspectText(x), 'aspect')).join(', ')}.`,
        );
      if (!angleAllowed) a.noteNoTime();
      break;
    }
    case 'house':
      if (!angleAllowed) a.say(NO_TIME);
      else houseMention(a, facts, intent.house);
      break;
    case 'aspects': {
      const list = facts.aspects.filter((x) => !intent.aspect || x.kind === intent.aspect).slice(0, 5);
      if (list.length === 0)
        a.say(
          `Your chart has no ${intent.aspect ?? 'major'} aspect between the planets within the usual orbs.`,
        );
      else {
        a.say(`The ${intent.aspect ? `${intent.aspect}s` : 'tightest aspects'} in your chart:`);
        a.say(
          list
            .map((x) => `- **${a.fact(aspectText(x), 'aspect')}**: ${ASPECTS[x.kind]?.dynamic ?? ''}.`)
            .join('\n'),
        );
      }
      break;
    }
    case 'sign': {
      const inSign = facts.placements.filter((p) => p.sign === intent.sign && p.body !== 'meanNode');
      a.say(`${signName(intent.sign)} is ${SIGNS[intent.sign]?.style}.`);
      a.say(
        inSign.length > 0
          ? `In your chart ${inSign.map((p) => a.fact(placementText(p, facts.timeKnown), 'placement')).join(', ')} ${inSign.length > 1 ? 'are' : 'is'} there, so you know this style from the inside.`
          : `None of your planets is in ${signName(intent.sign)}; you meet its style mostly through other people and through transits.`,
      );
      break;
    }
    case 'career': {
      const job = facts.memories.find((m) => /work|job/i.test(m));
      if (job) a.say(`You told me: ${a.fact(job, 'memory')}. Here is how your chart speaks to work:`);
      if (angleAllowed && facts.midheaven) {
        a.fact(`Midheaven in ${signName(facts.midheaven)}`, 'angle');
        a.say(
          `**Midheaven in ${signName(facts.midheaven)}**: your public direction does best when it is ${SIGNS[facts.midheaven]?.style}.`,
        );
        houseMention(a, facts, 10);
      }
      for (const body of ['saturn', 'sun']) {
        const line = a.describe(body);
        if (line) a.say(line);
      }
      if (!angleAllowed) a.noteNoTime();
      break;
    }
    case 'love': {
      for (const body of ['venus', 'mars', 'moon']) {
        const line = a.describe(body);
        if (line) a.say(line);
      }
      if (angleAllowed) houseMention(a, facts, 7);
      else a.noteNoTime();
      break;
    }
    case 'overview': {
      a.say('Here are the foundations of your chart:');
      for (const body of ['sun', 'moon']) {
        const line = a.describe(body);
        if (line) a.say(line);
      }
      if (angleAllowed && facts.ascendant) {
        a.fact(`Ascendant in ${signName(facts.ascendant)}`, 'angle');
        a.say(
          `**Ascendant in ${signName(facts.ascendant)}**: people first meet you as ${SIGNS[facts.ascendant]?.style}.`,
        );
      } else a.noteNoTime();
      const tight = facts.aspects[0];
      if (tight)
        a.say(
          `Your tightest aspect is **${a.fact(aspectText(tight), 'aspect')}**: ${ASPECTS[tight.kind]?.dynamic ?? ''}.`,
        );
      break;
    }
    case 'unclear':
      a.say(
        'I want to answer the right question. Could you tell me a little more? For example, you could ask about a planet ("What does my Venus mean?"), a house ("What is in my 10th house?"), your Moon sign, or the transits of this week.',
      );
      break;
  }
  return { paragraphs: a.paragraphs.filter(Boolean), facts: a.facts, understood: intent.kind !== 'unclear' };
}

function aspectText(x: ChartAspect): string {
  return `${nameOf(x.a)} ${ASPECTS[x.kind]?.verb ?? x.kind} ${nameOf(x.b)} (orb ${x.orb.toFixed(1)}°)`.replace(
    ' meets ',
    ' conjunct ',
  );
}

function withinDays(t: SkyTransit, now: string, days: number): boolean {
  return !!t.exactAt && Date.parse(t.exactAt) - Date.parse(now) <= days * 86_400_000;
}

/** Whether answering needs the coming month's transits (a few hundred milliseconds to gather). */
export function needsUpcoming(question: string): boolean {
  const intent = recognise(question);
  return intent.kind === 'timing' || (intent.kind === 'transits' && intent.period !== 'today');
}

/** Things worth remembering from a message ("I work as a nurse"), as short sentences. */
export function memoriesIn(message: string): string[] {
  const found: string[] = [];
  const job = /\bI (?:work as|am working as) (?:an? )?([a-z][a-z -]{2,40}?)(?=[.,!?]|$| and )/i.exec(message);
  if (job) found.push(`You work as ${/^[aeiou]/i.test(job[1]!) ? 'an' : 'a'} ${job[1]!.trim()}`);
  const live = /\bI live in ([A-Z][\p{L} -]{1,40}?)(?=[.,!?]|$| and )/u.exec(message);
  if (live) found.push(`You live in ${live[1]!.trim()}`);
  const kids = /\bI have (\d+|one|two|three|four|five) (children|kids|sons?|daughters?)\b/i.exec(message);
  if (kids) found.push(`You have ${kids[1]} ${kids[2]}`);
  return found;
}
