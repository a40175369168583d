// The built-in composer of the daily landscape: the day's computed facts in, a written day out.
// Every sentence comes from the interpretation library (`library/`), chosen by person and day;
// this file only decides which entries the day reads, in what order, and the connectives and
// dates between them. Deterministic: the same facts give the same words. Sentences that rest on
// houses or angles only appear when the birth time is known (the facts carry no houses otherwise).
import { ASPECTS, BODIES, SIGNS } from './knowledge.ts';
import { clockOf, dayOf, localDateOf, momentPhrase, whenPhrase } from './landscape-time.ts';
import { pointKey } from './library/catalogue.ts';
import {
  entryAt,
  library,
  type Reading,
  type StationEntry,
  type TransitEntry,
  type Variants,
} from './library/library.ts';
import { dayNumber, Picker } from './library/pick.ts';

export interface TransitFact {
  body: string;
  point: string;
  kind: string;
  applying: boolean;
  exactAt: string | null;
  /** When the transit comes within orb and leaves it; null beyond the span searched. */
  enters?: string | null;
  leaves?: string | null;
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
  /** Names the person (not readable back): the variants rotate from the person's own offset. */
  seed?: string;
  timeKnown: boolean;
  /** Ranked, heaviest first; each gets a reading. */
  transits: TransitFact[];
  /** The Moon's contacts that perfect during the day; each gets a reading. */
  moonTransits?: TransitFact[];
  moon: {
    sign: string;
    phase: string;
    ingress: { sign: string; at: string } | null;
    voidOfCourse: { start: string; end: string } | null;
  };
  retrograde: string[];
  stations: { body: string; turns: 'retrograde' | 'direct'; at: string }[];
  ingresses: { body: string; sign: string; at: string }[];
  /** Stations within a degree of a natal point. */
  stationContacts?: { body: string; turns: 'retrograde' | 'direct'; at: string; point: string }[];
  /** A New or Full Moon during the day, and the natal house it falls in (null without a birth time). */
  lunation?: { kind: 'new' | 'full'; at: string; house: number | null } | null;
  /** The natal houses the slow planets move through (empty without a birth time). */
  slowHouses?: { body: string; house: number }[];
}

export interface LandscapeText {
  headline: string;
  /** Paragraphs separated by a blank line: the day's threads and the Moon, then a practical close. */
  summary: string;
  /** One reading for each transit, in the order given. */
  readings: string[];
  /** One reading for each of the Moon's contacts, in the order given. */
  moonReadings: string[];
  /** Why the house and angle sentences are missing, when they are. */
  note: string | null;
}

/** Transits read in the summary (the rest are read in their own cards). */
const SUMMARY_THREADS = 2;
const SLOW = new Set(['jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'trueNode', 'meanNode']);
/** A transit in orb longer than this is read in turn, a sentence a day, between its events. */
const LINGERING_MS = 6 * 86_400_000;
const RETURNS: Record<string, string> = { sun: 'solar', jupiter: 'jupiter', saturn: 'saturn' };
const PROPER =
  /^(The Sun|The Moon|Mercury|Venus|Mars|Jupiter|Saturn|Uranus|Neptune|Pluto|Lilith|Black Moon|I\b)/;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const bodyName = (id: string) => BODIES[id]?.name ?? id;
const signName = (id: string) => SIGNS[id]?.name ?? id;
/** The library's key for a point (both nodes read as the North Node). */
const libraryKey = (id: string): string => pointKey(id) ?? id;
/** A sentence joined after a connective: lower-case unless it opens with a name. */
const joined = (connective: string, sentence: string) =>
  `${connective} ${PROPER.test(sentence) ? sentence : sentence.charAt(0).toLowerCase() + sentence.slice(1)}`;

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

/** The library entry of a transit (a return reads as the return). */
export function transitEntryOf(t: Pick<TransitFact, 'body' | 'point' | 'kind'>): TransitEntry | undefined {
  const files = library();
  const ret = t.kind === 'conjunction' && t.body === t.point ? RETURNS[t.body] : undefined;
  if (ret) return entryAt<TransitEntry>(files, 'transits/returns', ret);
  return entryAt<TransitEntry>(files, `transits/${libraryKey(t.body)}`, libraryKey(t.point), t.kind);
}

type Phase = 'building' | 'exact' | 'easing';

class DayWriter {
  readonly pick: Picker;
  /** The variant chosen for each entry today, so that every part of the day reads the same one. */
  private readonly chosen = new Map<string, Reading | undefined>();
  constructor(readonly facts: LandscapeFacts) {
    this.pick = new Picker(facts.seed ?? '', dayNumber(facts.date), facts.variant);
  }

  isToday(iso: string | null | undefined): boolean {
    return !!iso && localDateOf(iso, this.facts.zone) === this.facts.date;
  }

  phaseOf(t: TransitFact): Phase {
    if (this.isToday(t.exactAt)) return 'exact';
    return t.applying ? 'building' : 'easing';
  }

  /**
   * A lingering transit's quiet day: one that lasts more than a few days (a slow planet, or a fast
   * one slowed by a station), and is neither entering, exact nor leaving today.
   */
  isQuietDay(t: TransitFact): boolean {
    const lasts =
      t.enters && t.leaves ? Date.parse(t.leaves) - Date.parse(t.enters) : Number.POSITIVE_INFINITY;
    const lingers = SLOW.has(t.body) || lasts > LINGERING_MS;
    return lingers && this.phaseOf(t) !== 'exact' && !this.isToday(t.enters) && !this.isToday(t.leaves);
  }

  /** One sentence of a lingering transit for a quiet day, in turn over all its words for the phase. */
  quietLine(t: TransitFact, entry: TransitEntry, salt: string): string | undefined {
    const pool = [...entry.variants.flatMap((v) => [v.about, v.feel, v.do]), ...entry[this.phaseOf(t)]];
    return this.line(pool, `${threadKey(t)}:quiet:${salt}`);
  }

  variantOf(entry: Variants | undefined, salt: string): Reading | undefined {
    if (!this.chosen.has(salt))
      this.chosen.set(
        salt,
        this.pick.pick(entry?.variants, salt, (r) => r.about),
      );
    return this.chosen.get(salt);
  }

  line(lines: readonly string[] | undefined, salt: string): string | undefined {
    const chosen = this.pick.pick(lines, salt);
    this.pick.use(chosen);
    return chosen;
  }

  /** Where the transit stands in its whole span: "in orb since 10 November, until 14 January; exact on 22 November". */
  span(t: TransitFact): string {
    const { zone, date } = this.facts;
    const parts: string[] = [];
    if (t.enters && !this.isToday(t.enters)) parts.push(`in orb since ${dayOf(t.enters, zone, date)}`);
    if (t.leaves)
      parts.push(
        this.isToday(t.leaves)
          ? `leaving orb at ${clockOf(t.leaves, zone)}`
          : `until ${dayOf(t.leaves, zone, date)}`,
      );
    const range = parts.join(', ');
    if (!t.exactAt) return range;
    const exact = this.isToday(t.exactAt)
      ? `exact today at ${clockOf(t.exactAt, zone)}`
      : `${t.applying ? 'exact on' : 'was exact on'} ${dayOf(t.exactAt, zone, date)}`;
    return range ? `${range}; ${exact}` : exact;
  }

  /** The phase line with the span in brackets. */
  phaseLine(t: TransitFact, entry: TransitEntry, salt: string): string | undefined {
    const line = this.line(entry[this.phaseOf(t)], `${salt}:phase`);
    if (!line) return undefined;
    const span = this.span(t);
    return span ? `${line.replace(/[.!?]$/, '')} (${span}).` : line;
  }
}

function threadKey(t: TransitFact): string {
  return `${t.body}:${t.kind}:${t.point}`;
}

/**
 * The threads the summary follows, the first leading the day: one exact or arriving today first,
 * then the others that are not on a quiet day, then the day's turn among the rest.
 */
function threadsOf(w: DayWriter, transits: TransitFact[]): TransitFact[] {
  const news = transits.filter((t) => w.phaseOf(t) === 'exact' || w.isToday(t.enters));
  const lively = transits.filter((t) => !news.includes(t) && !w.isQuietDay(t));
  const quiet = transits.filter((t) => !news.includes(t) && !lively.includes(t));
  const turn = w.pick.index(quiet.length, 'featured');
  const rotated = [...quiet.slice(turn), ...quiet.slice(0, turn)];
  return [...news, ...lively, ...rotated].slice(0, SUMMARY_THREADS);
}

function headlineOf(w: DayWriter, featured: TransitFact | undefined): string {
  const facts = w.facts;
  if (featured) {
    const tones = entryAt<string[]>(library(), 'landscape/phrases', 'headline', featured.kind);
    const tone = w.pick.pick(tones, 'headline') ?? ASPECTS[featured.kind]?.tone ?? 'A day shaped by';
    const theme = BODIES[featured.point]?.keyword ?? 'your chart';
    return `${tone} ${theme}: ${transitTitle(featured).replace(/ in [A-Z][a-z]+$/, '')}`;
  }
  const moon = SIGNS[facts.moon.sign];
  return `A ${moon?.name ?? ''} Moon day: ${moon?.style ?? 'a quiet sky'}`.replace(/\s+/g, ' ');
}

/** The day's Moon: sign (and change of sign), phase or lunation, void-of-course hours. */
function moonSentences(w: DayWriter): string[] {
  const { facts } = w;
  const files = library();
  const out: string[] = [];
  const sign = w.variantOf(entryAt<Variants>(files, 'moon/signs', facts.moon.sign), 'moon-sign');
  if (sign) out.push(sign.about);
  if (facts.moon.ingress) {
    const phrases = entryAt<string[]>(files, 'landscape/phrases', 'moonIngress');
    const phrase = w.pick.pick(phrases, 'moon-ingress') ?? 'At {time} the Moon moves into {sign}.';
    out.push(
      phrase
        .replace('{time}', clockOf(facts.moon.ingress.at, facts.zone))
        .replace('{sign}', signName(facts.moon.ingress.sign)),
    );
  }
  const lunation = facts.lunation;
  const lunationEntry =
    lunation && lunation.house !== null
      ? entryAt<Variants>(files, 'moon/lunations', lunation.kind, String(lunation.house))
      : undefined;
  if (lunation && lunationEntry) {
    const reading = w.variantOf(lunationEntry, 'lunation');
    if (reading)
      out.push(
        `The ${lunation.kind === 'new' ? 'New' : 'Full'} Moon is exact at ${clockOf(lunation.at, facts.zone)}.`,
        reading.about,
        reading.feel,
      );
  } else {
    const phase = w.variantOf(entryAt<Variants>(files, 'moon/phases', facts.moon.phase), 'moon-phase');
    if (phase) out.push(phase.about);
  }
  if (facts.moon.voidOfCourse) {
    const { start, end } = facts.moon.voidOfCourse;
    const reading = w.variantOf(entryAt<Variants>(files, 'moon/void'), 'void');
    const hours = `from ${whenPhrase(start, facts.zone, facts.date)} to ${whenPhrase(end, facts.zone, facts.date)}`;
    if (reading) out.push(`${reading.about.replace(/[.!?]$/, '')} (${hours}).`);
  }
  w.pick.use(...out);
  return out;
}

/** Stations, the slow planets' houses (one a day, in turn) and sign changes of the day. */
function skySentences(w: DayWriter): string[] {
  const { facts } = w;
  const files = library();
  const out: string[] = [];
  for (const s of facts.stationContacts ?? []) {
    const entry = entryAt<StationEntry>(files, 'transits/stations', libraryKey(s.body), libraryKey(s.point));
    const reading = w.variantOf(entry, `station:${s.body}`);
    const turn = w.line(entry?.[s.turns], `station:${s.body}:turn`);
    if (reading && turn) out.push(reading.about, turn);
  }
  for (const s of facts.stations.filter((s) => !(facts.stationContacts ?? []).some((c) => c.body === s.body)))
    out.push(
      `${capitalise(bodyName(s.body))} turns ${s.turns} ${momentPhrase(s.at, facts.zone, facts.date)}, so its themes stall before they change direction.`,
    );
  const houses = facts.slowHouses ?? [];
  const season = houses[w.pick.index(houses.length * 3, 'season')];
  if (season) {
    const reading = w.variantOf(
      entryAt<Variants>(files, 'transits/houses', season.body, String(season.house)),
      'season',
    );
    if (reading) out.push(reading.about);
  }
  for (const i of facts.ingresses)
    out.push(`${capitalise(bodyName(i.body))} enters ${signName(i.sign)} at ${clockOf(i.at, facts.zone)}.`);
  w.pick.use(...out);
  return out;
}

/** A transit's own reading; `inSummary` parts were said in the summary and are left out here. */
function transitReading(w: DayWriter, t: TransitFact, inSummary: Set<keyof Reading>): string {
  const entry = transitEntryOf(t);
  if (!entry) return `${transitTitle(t)}.`;
  const salt = threadKey(t);
  if (w.isQuietDay(t)) {
    // A lingering transit's ordinary day: one sentence of its entry, in turn, and where it stands.
    const line = w.quietLine(t, entry, 'card');
    const span = w.span(t);
    if (line) return span ? `${line.replace(/[.!?]$/, '')} (${span}).` : line;
  }
  const reading = w.variantOf(entry, salt);
  const phase = w.phaseLine(t, entry, salt);
  if (!reading) return phase ?? `${transitTitle(t)}.`;
  const parts = [
    reading.about,
    inSummary.has('feel') ? undefined : reading.feel,
    phase,
    inSummary.has('do') ? undefined : reading.do,
  ];
  w.pick.use(reading.about, reading.feel, reading.do);
  return parts.filter(Boolean).join(' ');
}

function moonReading(w: DayWriter, t: TransitFact): string {
  const entry = transitEntryOf(t);
  const reading = w.variantOf(entry, threadKey(t));
  if (!entry || !reading) return `${transitTitle(t)}.`;
  w.pick.use(reading.about, reading.feel, reading.do);
  const when = t.exactAt ? ` (exact at ${clockOf(t.exactAt, w.facts.zone)})` : '';
  return `${reading.about.replace(/[.!?]$/, '')}${when}. ${reading.feel} ${reading.do}`;
}

/** Headline, summary and readings for the day. */
export function composeLandscape(facts: LandscapeFacts): LandscapeText {
  const w = new DayWriter(facts);
  const files = library();
  const threads = threadsOf(w, facts.transits);
  const featured = threads[0];
  const summary: string[] = [];
  const close: string[] = [];
  const saidInSummary = new Map<TransitFact, Set<keyof Reading>>();
  threads.forEach((t, i) => {
    const entry = transitEntryOf(t);
    if (!entry) return;
    const connective =
      i === 0
        ? undefined
        : w.pick.pick(entryAt<string[]>(files, 'landscape/phrases', 'alongside'), 'alongside');
    const join = (sentence: string) => (connective ? joined(connective, sentence) : sentence);
    if (w.isQuietDay(t)) {
      const line = w.quietLine(t, entry, 'summary');
      if (line) summary.push(join(line));
      return;
    }
    const reading = w.variantOf(entry, threadKey(t));
    if (!reading) return;
    summary.push(join(reading.feel));
    const said = new Set<keyof Reading>(['feel']);
    if (close.length === 0) {
      close.push(reading.do);
      said.add('do');
    }
    w.pick.use(reading.feel, reading.do);
    saidInSummary.set(t, said);
  });
  if (!featured)
    summary.push(
      'No planet is within a degree of your natal points today, so the day takes its colour from the Moon.',
    );
  const moon = moonSentences(w);
  const sky = skySentences(w);
  const readings = facts.transits.map((t) => transitReading(w, t, saidInSummary.get(t) ?? new Set()));
  const moonReadings = (facts.moonTransits ?? []).map((t) => moonReading(w, t));
  const moonDo = w.variantOf(entryAt<Variants>(files, 'moon/signs', facts.moon.sign), 'moon-sign')?.do;
  if (moonDo && !w.pick.said(moonDo)) close.push(moonDo);
  const closeWords = w.pick.pick(entryAt<string[]>(files, 'landscape/phrases', 'close'), 'close');
  const closing = close.length > 0 && closeWords ? [joined(closeWords, close[0]!), ...close.slice(1)] : close;
  return {
    headline: headlineOf(w, featured),
    summary: [[...summary, ...moon, ...sky].join(' '), closing.join(' ')].filter(Boolean).join('\n\n'),
    readings,
    moonReadings,
    note: facts.timeKnown
      ? null
      : 'Your birth time is not known, so this landscape leaves out houses and the angles (Ascendant and Midheaven): they depend on the exact minute of birth.',
  };
}
