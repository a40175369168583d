// The assistant's question sets answered as a person would be answered: each question against one
// of a few fixed charts, at a fixed moment, with the facts the server gathers for it. Shared by the
// answers test and bench/assistant.

import { questionOf } from '@app/interpretations/assistant/compose';
import type { Question } from '@app/interpretations/assistant/question';
import { type ChatFacts, type ComposedAnswer, composeAnswer } from '@app/interpretations/chat-composer';
import { checkText } from '@app/interpretations/claims/check-claims';
import { frameOf, sentencesOf } from '@app/interpretations/library/frames';
import {
  type ChatBirth,
  claimFacts,
  factsForQuestion,
  natalOf,
  todaysTransits,
  upcomingTransits,
} from '../facts.ts';

/** The moment every question is asked. */
export const ASKED_AT = new Date('2026-11-27T09:30:00Z');

/** Births spread over decades, places and times; one without a birth time. */
export const SET_BIRTHS: ChatBirth[] = [
  {
    utc: '1990-04-21T12:30:00Z',
    latitude: 59.91,
    longitude: 10.75,
    timeKnown: true,
    timeZone: 'Europe/Oslo',
  },
  {
    utc: '1985-10-03T22:10:00Z',
    latitude: 40.71,
    longitude: -74.01,
    timeKnown: true,
    timeZone: 'America/New_York',
  },
  {
    utc: '1972-01-15T06:45:00Z',
    latitude: -33.87,
    longitude: 151.21,
    timeKnown: true,
    timeZone: 'Australia/Sydney',
  },
  {
    utc: '2001-07-30T15:05:00Z',
    latitude: 51.51,
    longitude: -0.13,
    timeKnown: true,
    timeZone: 'Europe/London',
  },
  {
    utc: '1964-06-09T11:00:00Z',
    latitude: 19.43,
    longitude: -99.13,
    timeKnown: false,
    timeZone: 'America/Mexico_City',
  },
  {
    utc: '1995-12-24T03:20:00Z',
    latitude: 35.68,
    longitude: 139.69,
    timeKnown: true,
    timeZone: 'Asia/Tokyo',
  },
  {
    utc: '1979-03-02T18:40:00Z',
    latitude: -23.55,
    longitude: -46.63,
    timeKnown: true,
    timeZone: 'America/Sao_Paulo',
  },
  {
    utc: '2004-09-11T08:15:00Z',
    latitude: 28.61,
    longitude: 77.21,
    timeKnown: true,
    timeZone: 'Asia/Kolkata',
  },
];

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
  const chart = natalOf(birth);
  return { birth, chart, today: todaysTransits(chart, birth.timeZone, ASKED_AT) };
});
const upcoming = new Map<number, ReturnType<typeof upcomingTransits>>();

/** Answers question `i` of a set (with the question asked before it, for follow-ups). */
export function answerOne(i: number, q: string, after?: string): AnsweredQuestion {
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
  const answer = composeAnswer(q, facts, { previous: after, turn: after ? 1 : 0 });
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

/** The share of sentences whose frame (names, numbers and dates masked) was already said in an earlier answer. */
export function repeatedFrames(answers: readonly AnsweredQuestion[]): {
  sentences: number;
  repeated: number;
} {
  const seen = new Set<string>();
  let sentences = 0;
  let repeated = 0;
  for (const a of answers) {
    const frames = a.answer.paragraphs
      .flatMap((p) => p.split('\n'))
      .flatMap(sentencesOf)
      .map(frameOf);
    for (const frame of new Set(frames)) {
      sentences++;
      if (seen.has(frame)) repeated++;
    }
    for (const frame of frames) seen.add(frame);
  }
  return { sentences, repeated };
}
