// The built-in assistant's interface: the facts it may use (computed by @app/astro on the server,
// passed in) and its answer. Understanding and writing live in assistant/. Every placement it
// names comes from the facts; without a birth time it names no house and no angle, and says why.
import type { ChatFact } from '@app/contracts/chat.ts';
import type { NatalExtras, PersonFacts, SkyAhead, WindowFacts } from './assistant/answer-facts.ts';
import { composeReply, factsNeeded } from './assistant/compose.ts';
import { noTimeNotes, placementText } from './assistant/writer.ts';

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
  /** The chart's balance, ruler, Moon phase at birth and house cusps. */
  natal?: NatalExtras;
  /** The sky ahead: the Moon now, retrograde spans, next stations and ingresses (for questions about the sky). */
  sky?: SkyAhead;
  /** Transits over the window a question names (for forecasts, timing and topics with a window). */
  window?: WindowFacts;
  /** Someone in the person's life whom the question names, compared with the person's chart. */
  person?: PersonFacts;
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
  /** The person's question just before this one, for follow-ups ("and next month?", "why?"). */
  previous?: string;
  /** How many answers the conversation holds already: the wording varies from turn to turn. */
  turn?: number;
  /**
   * The conversation (any stable id): its turns take the variants of each wording in turn, so
   * nothing is said twice in the first several answers. Without it the question seeds the choice.
   */
  conversation?: string;
  /** The conversation's earlier answers: a sentence in them is not chosen again while another variant is left. */
  said?: readonly string[];
}

/** The built-in answer to a question, from the facts only (assistant/compose.ts). */
export function composeAnswer(
  question: string,
  facts: ChatFacts,
  options: ComposeOptions = {},
): ComposedAnswer {
  return composeReply(question, facts, options);
}

/** Whether an earlier answer explained the unknown birth time (see ComposeOptions). */
export const explainsUnknownTime = (answer: string) => noTimeNotes().some((note) => answer.includes(note));

export { factsNeeded, placementText };

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
