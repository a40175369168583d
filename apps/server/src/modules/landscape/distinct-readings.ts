// Whether another reading of the same day reads differently from those already given (decision
// 0208). A regeneration is offered, and counted, only when it does.
//
// The measure. The sentences of a reading are its headline, the sentences of its summary and
// those of each transit's reading (the note on an unknown birth time is a fixed remark and left
// out). Sentences are compared after folding case, punctuation and spacing; two sentences are
// "the same" when their words match, counted with repeats, to at least NEARLY_SAME (Dice:
// twice the shared words over the words of both), so a sentence with one word changed is still
// the same sentence. The novelty of a candidate against an earlier reading is the share of the
// candidate's sentences that have no same sentence anywhere in the earlier one. A candidate
// reads differently when its novelty is at least CLEAR_MAJORITY against every reading already
// given that day.

/** The words of a reading, as the composer gives them (transit readings in rank order). */
export interface ReadingText {
  headline: string;
  summary: string;
  readings: readonly string[];
}

/** At least two sentences in three must be new against each reading given before. */
const CLEAR_MAJORITY = 2 / 3;
/** Sentences whose words overlap this much are the same sentence reworded by a word or two. */
const NEARLY_SAME = 0.8;
/** How many variants past the newest one given are composed in search of a different reading. */
const VARIANTS_TRIED = 12;

/** A sentence as a bag of folded words. */
type Sentence = Map<string, number>;

/** Sentence ends: a stop, question or exclamation mark followed by space. */
const SENTENCE_END = /(?<=[.!?…])\s+/u;

function wordsOf(sentence: string): Sentence {
  const bag: Sentence = new Map();
  for (const word of sentence.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    if (word) bag.set(word, (bag.get(word) ?? 0) + 1);
  return bag;
}

function sizeOf(bag: Sentence): number {
  let n = 0;
  for (const count of bag.values()) n += count;
  return n;
}

/** The reading's sentences, each as its words. */
export function sentencesOf(text: ReadingText): Sentence[] {
  return [text.headline, text.summary, ...text.readings]
    .flatMap((block) => block.split(SENTENCE_END))
    .map(wordsOf)
    .filter((bag) => bag.size > 0);
}

/** Dice similarity of two sentences' words (1: the same words, 0: none shared). */
export function similarity(a: Sentence, b: Sentence): number {
  let shared = 0;
  for (const [word, count] of a) shared += Math.min(count, b.get(word) ?? 0);
  return (2 * shared) / (sizeOf(a) + sizeOf(b));
}

/** The share of the candidate's sentences that are in no form in the earlier reading (0..1). */
export function novelty(candidate: readonly Sentence[], earlier: readonly Sentence[]): number {
  if (candidate.length === 0) return 0;
  const fresh = candidate.filter((s) => !earlier.some((e) => similarity(s, e) >= NEARLY_SAME));
  return fresh.length / candidate.length;
}

/** Whether the candidate reads differently from every reading given. */
export function readsDifferently(candidate: readonly Sentence[], given: readonly Sentence[][]): boolean {
  return given.every((earlier) => novelty(candidate, earlier) >= CLEAR_MAJORITY);
}

/**
 * The next reading to give after the newest one given today, or null when none of the next
 * VARIANTS_TRIED variants reads differently from all of them.
 *
 * The composer is deterministic by variant, and a day's readings are given in this order: variant
 * 0 first, then each time the lowest later variant that reads differently from all before it.
 * So the readings given before the newest are found again by replaying that walk; the newest is
 * taken as stored (its words stay right even if the library has changed since).
 */
export function nextReading(
  compose: (variant: number) => ReadingText,
  newest: { variant: number; text: ReadingText },
): { variant: number; text: ReadingText } | null {
  const given: Sentence[][] = [];
  for (let variant = 0; variant < newest.variant; variant++) {
    const sentences = sentencesOf(compose(variant));
    if (variant === 0 || readsDifferently(sentences, given)) given.push(sentences);
  }
  given.push(sentencesOf(newest.text));
  for (let variant = newest.variant + 1; variant <= newest.variant + VARIANTS_TRIED; variant++) {
    const text = compose(variant);
    if (readsDifferently(sentencesOf(text), given)) return { variant, text };
  }
  return null;
}

/** The words of a stored landscape. */
export function readingTextOf(landscape: {
  headline: string;
  summary: string;
  transits: readonly { text: string }[];
}): ReadingText {
  return {
    headline: landscape.headline,
    summary: landscape.summary,
    readings: landscape.transits.map((t) => t.text),
  };
}
