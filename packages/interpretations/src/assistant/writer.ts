// What every answer is built with: the facts, the library, the words chosen for this turn of the
// conversation, and the Markdown paragraphs and recorded facts of the answer being written.
import type { ChatFact } from '@app/contracts/chat.ts';
import type { ChartPlacement, ChatFacts, ComposeOptions, SkyTransit } from '../chat-composer.ts';
import { ASPECTS, BODIES, HOUSES, ordinal, SIGNS } from '../knowledge.ts';
import { transitEntryOf } from '../landscape-composer.ts';
import { dayOf } from '../landscape-time.ts';
import { pointKey } from '../library/catalogue.ts';
import { sentencesOf } from '../library/frames.ts';
import { entryAt, library, type Reading } from '../library/library.ts';
import { hashOf, Picker } from '../library/pick.ts';

const NO_TIME =
  'Your birth time is not known, so I leave out houses and the Ascendant and Midheaven: they change every few minutes of the day.';

/** Every way the assistant says that the birth time is unknown (so that it says it once per conversation). */
export function noTimeNotes(): string[] {
  return entryAt<string[]>(library(), 'assistant/phrasings', 'noTime') ?? [NO_TIME];
}

/** The sentences of a reading, for choosing a variant none of whose sentences was said yet. */
export const partsOf = (r: Reading): string[] => [r.about, r.feel, r.do];

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** "Venus", "Sun", "North Node", "Ascendant". */
export const nameOf = (id: string) => cap((BODIES[id]?.name ?? id).replace(/^(the|your) /, ''));
export const signName = (id: string) => SIGNS[id]?.name ?? id;
/** The library's key for a point (both nodes read as the North Node). */
export const keyOf = (id: string): string => pointKey(id) ?? id;
/** "your Sun", "your Ascendant". */
export const yourPoint = (id: string) => `your ${nameOf(id)}`;

/** "Moon in Aquarius in the 4th house" (no house without a birth time). */
export function placementText(p: ChartPlacement, timeKnown: boolean): string {
  const house = timeKnown && p.house !== null ? ` in the ${ordinal(p.house)} house` : '';
  return `${nameOf(p.body)} in ${signName(p.sign)}${house}${p.retrograde ? ' (retrograde)' : ''}`;
}

export class AnswerWriter {
  readonly paragraphs: string[] = [];
  readonly recorded: ChatFact[] = [];
  readonly pick: Picker;
  readonly files = library();

  constructor(
    readonly facts: ChatFacts,
    readonly options: ComposeOptions,
    question: string,
  ) {
    // The words follow the conversation turn by turn (each wording's variants in rotation), and
    // without a conversation vary with the question.
    this.pick = options.conversation
      ? new Picker(options.conversation, options.turn ?? 0, 0)
      : new Picker(question, options.turn ?? 0, hashOf(question) % 5);
    for (const answer of options.said ?? []) this.pick.use(...sentencesOf(answer));
  }

  get date(): string {
    return new Intl.DateTimeFormat('en-CA', { timeZone: this.facts.zone }).format(new Date(this.facts.now));
  }

  say(...texts: (string | undefined | null | false)[]): this {
    const text = texts.filter(Boolean).join(' ');
    if (text) this.paragraphs.push(text);
    return this;
  }

  /** The unknown-birth-time note, once per conversation. */
  noteNoTime(): void {
    if (!this.options.timeNoteGiven) this.say(this.line('noTime', {}) ?? NO_TIME);
  }

  /** One of the assistant's phrasings (library/assistant/phrasings.yaml) with its {placeholders} filled. */
  line(key: string, vars: Record<string, string>): string | undefined {
    const chosen = this.phrase(['assistant/phrasings', key]);
    const filled = chosen?.replace(
      /\{(\w+)\}/g,
      (_m, name: string) => vars[name] ?? vars[name.toLowerCase()] ?? '',
    );
    // A sentence that opens with a placeholder opens with a capital.
    return filled && filled.charAt(0).toUpperCase() + filled.slice(1);
  }

  fact(text: string, kind: ChatFact['kind']): string {
    if (!this.recorded.some((f) => f.text === text)) this.recorded.push({ text, kind });
    return text;
  }

  /** One of a list of the library's phrases, chosen for this turn and not said before in the answer. */
  phrase(path: string[], salt = path.join('.')): string | undefined {
    const [file, ...keys] = path;
    const chosen = this.pick.pick(entryAt<string[]>(this.files, file!, ...keys), salt);
    this.pick.use(chosen);
    return chosen;
  }

  /** "3 December" in the person's zone. */
  day(iso: string): string {
    return dayOf(iso, this.facts.zone, this.date);
  }

  placement(body: string): ChartPlacement | undefined {
    return this.facts.placements.find((p) => p.body === body);
  }

  /** The sign of a point: a body's, or an angle's when the time is known. */
  signOf(point: string): string | null {
    if (point === 'ascendant') return this.facts.ascendant;
    if (point === 'midheaven') return this.facts.midheaven;
    return this.placement(point)?.sign ?? null;
  }

  /** The library's reading of a natal point in its sign, and in its house when the time is known. */
  signReading(point: string): Reading | undefined {
    const sign = this.signOf(point);
    return sign ? entryAt<Reading>(this.files, `natal/signs/${keyOf(point)}`, sign) : undefined;
  }

  houseReading(point: string): Reading | undefined {
    const house = this.facts.timeKnown ? this.placement(point)?.house : null;
    return house ? entryAt<Reading>(this.files, `natal/houses/${keyOf(point)}`, String(house)) : undefined;
  }

  /** "**Venus in Leo in the 5th house**", recorded as a fact. */
  placementFact(point: string): string | null {
    if (point === 'ascendant' || point === 'midheaven') {
      const sign = this.signOf(point);
      return sign && this.facts.timeKnown
        ? this.fact(`${nameOf(point)} in ${signName(sign)}`, 'angle')
        : null;
    }
    const p = this.placement(point);
    return p ? this.fact(placementText(p, this.facts.timeKnown), 'placement') : null;
  }

  /** A transit as a fact: "Saturn squares your Sun (exact 3 December)". */
  transitFact(t: Pick<SkyTransit, 'body' | 'point' | 'kind'>, exactAt: string | null): string {
    const past = exactAt !== null && exactAt < this.facts.now;
    const when = exactAt ? ` (${past ? 'was exact' : 'exact'} ${this.day(exactAt)})` : '';
    return this.fact(
      `${nameOf(t.body)} ${ASPECTS[t.kind]?.verb ?? t.kind} ${yourPoint(t.point)}${when}`,
      'transit',
    );
  }

  /** The library's reading of a transit, chosen for this turn. */
  transitReading(t: Pick<SkyTransit, 'body' | 'point' | 'kind'>): Reading | undefined {
    return this.pick.pick(transitEntryOf(t)?.variants, `${t.body}:${t.kind}:${t.point}`, partsOf);
  }

  /** "Your 7th house, the house of …, holds …" (or is empty), in one of its wordings. */
  houseLine(house: number, list: string, cusp: string | null | undefined): string | undefined {
    const vars = {
      house: ordinal(house),
      area: this.houseArea(house),
      list,
      cusp: cusp ? `, with ${signName(cusp)} on its cusp` : '',
    };
    return this.line(list ? 'houseHolds' : 'houseEmpty', vars)?.replace(/^\w/, (c) => c.toUpperCase());
  }

  houseArea(house: number): string {
    return HOUSES[house - 1] ?? '';
  }
}
