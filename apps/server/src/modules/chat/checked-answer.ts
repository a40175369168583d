import { checkSentence, SentenceSplitter } from '@app/interpretations/claims/check-claims';
import type { ClaimFacts, Correction } from '@app/interpretations/claims/claim-facts';

// The answer's pieces, checked against the chart before the person sees them: the pieces are
// gathered into sentences, and each complete sentence is checked, then sent as it was, corrected,
// or not at all (decision 0213). Every assistant's answer goes through it, the built-in one too.

/** A sentence the checker changed: what the assistant said and what the chart says instead. */
export interface FoundCorrection extends Correction {
  /** 'corrected' when the sentence was sent corrected, 'dropped' when it was left out. */
  kind: 'corrected' | 'dropped';
}

/**
 * Checked sentences from `pieces`. A sentence's corrections reach `found` once it has been taken
 * by the reader (sent), or at once when it is dropped. A stop (`stopped`) ends the answer without
 * the sentence being gathered: the person never saw it. On a failure of `pieces`, what was said
 * before it is still checked and given, then the failure passes on.
 */
export async function* checkedPieces(
  pieces: AsyncIterable<string>,
  facts: ClaimFacts,
  found: (correction: FoundCorrection) => void,
  stopped: () => boolean,
): AsyncGenerator<string> {
  const splitter = new SentenceSplitter();
  let last = '';
  function* checked(sentences: readonly string[]): Generator<string> {
    for (const sentence of sentences) {
      const result = checkSentence(sentence, facts);
      if (result.text === null) {
        for (const c of result.corrections) found({ said: c.said, chart: c.chart, kind: 'dropped' });
        // A dropped line still ends its line: what follows must not run into the line before.
        if (sentence.endsWith('\n') && last !== '' && !last.endsWith('\n')) {
          last = '\n';
          yield last;
        }
        continue;
      }
      if (result.text) {
        last = result.text;
        yield result.text;
      }
      for (const c of result.corrections) found({ said: c.said, chart: c.chart, kind: 'corrected' });
    }
  }
  try {
    for await (const piece of pieces) {
      if (stopped()) return;
      yield* checked(splitter.push(piece));
    }
  } catch (error) {
    if (!stopped()) yield* checked(splitter.flush());
    throw error;
  }
  if (!stopped()) yield* checked(splitter.flush());
}
