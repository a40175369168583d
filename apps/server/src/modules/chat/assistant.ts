import type { ChatFact } from '@app/contracts/chat.ts';
import {
  type ChatFacts,
  type ComposeOptions,
  composeAnswer,
  explainsUnknownTime,
} from '@app/interpretations/chat-composer';

// The assistant behind one interface: the built-in grounded composer by default, or an
// OpenAI-compatible endpoint (openai-assistant.ts) that falls back to it.

export interface AnswerRequest {
  question: string;
  facts: ChatFacts;
  /** Earlier turns of this conversation, oldest first. */
  history: { role: 'user' | 'assistant'; content: string }[];
  /** The conversation's id: the built-in assistant's wording varies from one conversation to another. */
  conversation?: string;
  /** Aborted when the person stops the answer or goes away. */
  signal: AbortSignal;
}

export interface AnswerStream {
  pieces: AsyncIterable<string>;
  /** The facts the answer rests on. */
  facts: ChatFact[];
  provider: string;
  /** True once the configured provider failed and the built-in assistant answered (or finished) instead. */
  readonly fallback: boolean;
  /**
   * False when the built-in assistant did not recognise the question and only asked for more:
   * such an answer does not count against the day's allowance.
   */
  readonly understood: boolean;
}

export interface Assistant {
  readonly name: string;
  /** The model that answers ('builtin' for the built-in composer), for the logs and the health page. */
  readonly model: string;
  answer(request: AnswerRequest): Promise<AnswerStream>;
}

/** Earlier answers whose sentences the built-in composer avoids repeating. */
const RECENT_ANSWERS = 6;

/** What the built-in composer needs to know of the conversation so far. */
export function composeOptions(request: AnswerRequest): ComposeOptions {
  return {
    timeNoteGiven: request.history.some((m) => m.role === 'assistant' && explainsUnknownTime(m.content)),
    previous: request.history.filter((m) => m.role === 'user').at(-1)?.content,
    turn: request.history.filter((m) => m.role === 'assistant').length,
    conversation: request.conversation,
    // The recent answers are what a reader remembers; the turn's rotation varies the rest.
    said: request.history
      .filter((m) => m.role === 'assistant')
      .slice(-RECENT_ANSWERS)
      .map((m) => m.content),
  };
}

/** A composed answer as stream pieces: a sentence or a list line at a time. */
export function* piecesOf(paragraphs: readonly string[]): Generator<string> {
  for (const [i, paragraph] of paragraphs.entries()) {
    // Between sentences on one line (a list line ends in its newline, which stays in the text).
    const parts = paragraph.split(/(?<=[.!?:])[ \t]+(?=\S)|(?<=\n)/);
    for (const [j, part] of parts.entries()) {
      const last = j === parts.length - 1;
      yield last ? part : part.endsWith('\n') ? part : `${part} `;
    }
    if (i < paragraphs.length - 1) yield '\n\n';
  }
}

export const builtinAssistant: Assistant = {
  name: 'builtin',
  model: 'builtin',
  async answer(request) {
    const composed = composeAnswer(request.question, request.facts, composeOptions(request));
    async function* pieces() {
      for (const piece of piecesOf(composed.paragraphs)) {
        if (request.signal.aborted) return;
        yield piece;
      }
    }
    return {
      pieces: pieces(),
      facts: composed.facts,
      provider: 'builtin',
      fallback: false,
      understood: composed.understood,
    };
  },
};
