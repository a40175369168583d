// Cuts streamed text into sentences as soon as each ends, so that each can be checked before it
// is shown. Nothing is lost or changed: the pieces put back together are exactly the input.
// A sentence ends at ". ", "! ", "? " (closing quotes, brackets and Markdown emphasis may stand
// between the mark and the space; the one space is kept with the sentence) and at every line
// break (kept with the line: a list item or a heading ends there). "e.g.", "St.", "3.5°", initials
// and the "1. " of a numbered list do not end a sentence.

const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'st',
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'no',
  'approx',
  'cf',
  'jr',
  'sr',
  'mt',
  'ca',
  'fig',
]);
const CLOSERS = new Set(['"', "'", ')', ']', '*', '_', '’', '”', '`']);
const SPACE = new Set([' ', '\t', '\u00a0']);

/** Whether the space at `i` ends the sentence that starts at `start` in `text`. */
function endsAt(text: string, start: number, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && CLOSERS.has(text[j]!)) j--;
  const mark = text[j];
  if (mark === '!' || mark === '?') return true;
  if (mark !== '.') return false;
  if (text[j - 1] === '.') return true; // an ellipsis
  let w = j;
  while (w > 0 && /[A-Za-z.]/.test(text[w - 1]!)) w--;
  const word = text.slice(w, j).toLowerCase();
  if (ABBREVIATIONS.has(word) || /^[a-z]$/.test(word) || /^([a-z]\.)+[a-z]$/.test(word)) return false;
  // "1. " opening a numbered list item
  const lineStart = Math.max(start, text.lastIndexOf('\n', j) + 1);
  return !/^\s*\d{1,3}$/.test(text.slice(lineStart, j));
}

export class SentenceSplitter {
  private buf = '';
  private scanned = 0;

  /** Adds a piece of text; returns the sentences it completed, in order (often none). */
  push(piece: string): string[] {
    this.buf += piece;
    const out: string[] = [];
    let start = 0;
    for (let i = this.scanned; i < this.buf.length; i++) {
      const ch = this.buf[i]!;
      if (ch === '\n' || (SPACE.has(ch) && i > start && endsAt(this.buf, start, i))) {
        out.push(this.buf.slice(start, i + 1));
        start = i + 1;
      }
    }
    this.buf = this.buf.slice(start);
    this.scanned = this.buf.length;
    return out;
  }

  /** The rest at the end of the stream (an empty list when nothing is left). */
  flush(): string[] {
    const rest = this.buf;
    this.buf = '';
    this.scanned = 0;
    return rest ? [rest] : [];
  }
}

/** All the sentences of a complete text. */
export function splitSentences(text: string): string[] {
  const s = new SentenceSplitter();
  return [...s.push(text), ...s.flush()];
}
