import { chartOfBirth } from '@app/astro/chart/natal-chart';
// The assistant's question sets answered as a person would be answered: each question against one
// of a few fixed charts, at a fixed moment, with the facts the server gathers for it. Shared by the
// answers test and bench/assistant.

import { questionOf } from '@app/interpretations/assistant/compose';
import type { Question } from '@app/interpretations/assistant/question';
import {
  type ChatFacts,
  type ComposedAnswer,
  type ComposeOptions,
  composeAnswer,
  explainsUnknownTime,
} from '@app/interpretations/chat-composer';
import { checkText } from '@app/interpretations/claims/check-claims';
import { frameOf, sentencesOf } from '@app/interpretations/library/frames';
import { type ChatBirth, claimFacts, factsForQuestion, todaysTransits, upcomingTransits } from '../facts.ts';

/** The moment every question is asked. */
export const ASKED_AT = new Date('2026-11-27T09:30:00Z');

/** Births spread over decades, places and times; some without a birth time. */
const PLACES: [number, number, string][] = [
  [59.91, 10.75, 'Europe/Oslo'],
  [40.71, -74.01, 'America/New_York'],
  [-33.87, 151.21, 'Australia/Sydney'],
  [51.51, -0.13, 'Europe/London'],
  [19.43, -99.13, 'America/Mexico_City'],
  [35.68, 139.69, 'Asia/Tokyo'],
  [-23.55, -46.63, 'America/Sao_Paulo'],
  [28.61, 77.21, 'Asia/Kolkata'],
];
export const SET_BIRTHS: ChatBirth[] = Array.from({ length: 64 }, (_, n) => {
  const [latitude, longitude, timeZone] = PLACES[n % PLACES.length]!;
  const utc = new Date(
    Date.UTC(1950 + ((n * 7) % 56), (n * 5) % 12, 1 + ((n * 11) % 28), (n * 13) % 24, (n * 17) % 60),
  );
  return { utc: utc.toISOString(), latitude, longitude, timeKnown: n % 6 !== 4, timeZone };
});

export interface AnsweredQuestion {
  q: string;
  understood: Question;
  facts: ChatFacts;
  answer: ComposedAnswer;
  text: string;
  /** Statements the claim checker would correct or drop (none for a true answer). */
  corrections: number;
  ms: number;
}

const charts = SET_BIRTHS.map((birth) => {
  const chart = chartOfBirth(birth);
  return { birth, chart, today: todaysTransits(chart, birth.timeZone, ASKED_AT) };
});
const upcoming = new Map<number, ReturnType<typeof upcomingTransits>>();

/**
 * Answers question `i` of a set (with the question asked before it, for follow-ups), as the first
 * answer of a conversation unless `conversation` says where in one it falls.
 */
export function answerOne(
  i: number,
  q: string,
  after?: string,
  conversation: Pick<ComposeOptions, 'conversation' | 'turn' | 'timeNoteGiven' | 'said'> = {},
): AnsweredQuestion {
  const which = i % charts.length;
  const { birth, chart, today } = charts[which]!;
  const started = performance.now();
  const facts = factsForQuestion({
    question: q,
    previous: after,
    chart,
    zone: birth.timeZone,
    now: ASKED_AT,
    today,
    upcoming: () => {
      if (!upcoming.has(which)) upcoming.set(which, upcomingTransits(chart, birth.timeZone, ASKED_AT));
      return upcoming.get(which)!;
    },
    memories: [],
  });
  const answer = composeAnswer(q, facts, {
    previous: after,
    turn: after ? 1 : 0,
    ...conversation,
  });
  const ms = performance.now() - started;
  const text = answer.paragraphs.join('\n\n');
  const checked = checkText(
    text,
    claimFacts(facts, () => upcomingTransits(chart, birth.timeZone, ASKED_AT)),
  );
  return {
    q,
    understood: questionOf(q, facts, after),
    facts,
    answer,
    text,
    corrections: checked.corrections.length,
    ms,
  };
}

/**
 * A whole set as people ask it: each fixed chart's questions (every 64th of the set) in one
 * conversation, in order, so that each answer knows its turn and what the conversation has said.
 */
export function answerSet(set: readonly { q: string; after?: string }[]): AnsweredQuestion[] {
  const turns = new Map<number, { turn: number; timeNoteGiven: boolean; said: string[] }>();
  return set.map(({ q, after }, i) => {
    const which = i % charts.length;
    const so = turns.get(which) ?? { turn: 0, timeNoteGiven: false, said: [] };
    const answered = answerOne(i, q, after, { conversation: `chart-${which}`, ...so });
    turns.set(which, {
      turn: so.turn + 1,
      timeNoteGiven: so.timeNoteGiven || explainsUnknownTime(answered.text),
      said: [...so.said, answered.text],
    });
    return answered;
  });
}

/** A sentence that is only a fact in bold ("- **Saturn squares your Sun (exact 3 December).**"): a list entry, not prose. */
const FACT_LABEL = /^(- )?\*\*[^*]+\*\*[.:]?$/;

/**
 * The share of sentences whose frame (names, numbers and dates masked) was already said in an
 * earlier answer, and the frames said twice within one answer. Facts in bold standing alone are
 * list entries and headings, not prose, and are left out of the count.
 */
export function repeatedFrames(answers: readonly AnsweredQuestion[]): {
  sentences: number;
  repeated: number;
  withinAnswer: number;
} {
  const seen = new Set<string>();
  let sentences = 0;
  let repeated = 0;
  let withinAnswer = 0;
  for (const a of answers) {
    const frames = a.answer.paragraphs
      .flatMap((p) => p.split('\n'))
      .flatMap(sentencesOf)
      .filter((sentence) => !FACT_LABEL.test(sentence.trim()))
      .map(frameOf);
    withinAnswer += frames.length - new Set(frames).size;
    for (const frame of new Set(frames)) {
      sentences++;
      if (seen.has(frame)) repeated++;
    }
    for (const frame of frames) seen.add(frame);
  }
  return { sentences, repeated, withinAnswer };
}
