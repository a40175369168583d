// Questions as people type them into the assistant's chat, with what the assistant must understand
// (data in questions-asked.json; questions-unseen.json was written without seeing the assistant, as
// a check that it generalises). `expect` is matched with toMatchObject, so it names only the fields
// that matter; a window is named by its label alone.
import type { Question } from '../src/assistant/question.ts';
import asked from './questions-asked.json' with { type: 'json' };
import unseen from './questions-unseen.json' with { type: 'json' };

/** The windows a question can name, by the label the answer uses. */
type WindowLabel =
  | 'today'
  | 'tomorrow'
  | 'this week'
  | 'next week'
  | 'this weekend'
  | 'this month'
  | 'next month'
  | 'the next three months'
  | 'this year'
  | 'next year'
  | 'the weeks until summer'
  | 'the rest of the year';

/** What a question asks, per kind, with its window (if the kind has one) given by label only. */
type Expected<Q extends Question = Question> = Q extends Question
  ? Partial<Omit<Q, 'window'>> & { kind: Q['kind'] } & ('window' extends keyof Q
        ? { window?: { label: WindowLabel } | null }
        : unknown)
  : never;

/** A question as people ask it, with what it asks; `after` is the question asked just before in the same conversation (for follow-ups). */
export interface AskedQuestion {
  q: string;
  expect: Expected & Record<string, unknown>;
  after?: string;
}

export const ASKED = asked as AskedQuestion[];
export const UNSEEN = unseen as AskedQuestion[];
