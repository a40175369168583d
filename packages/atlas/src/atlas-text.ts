// Reading the atlas file's text in place: its sections, their lines, and the tab-separated
// fields of a line, byte by byte; and keeping only the parts of it still needed once parsed.
import { SECTIONS, type SectionName } from './format.ts';

const NEWLINE = 0x0a;
export const TAB = 0x09;

/**
 * Reads tab-separated fields of the atlas text in place. Each read consumes its field and the tab
 * or newline after it; a malformed field throws with its byte offset.
 */
export class ByteCursor {
  constructor(
    private readonly text: Buffer,
    public pos: number,
  ) {}

  private fail(what: string): never {
    throw new Error(`Atlas file: expected ${what} at byte ${this.pos}`);
  }

  atTab(): boolean {
    return this.text[this.pos] === TAB;
  }

  skipBlankLines(): void {
    while (this.text[this.pos] === NEWLINE) this.pos++;
  }

  /** Skips to the end of the field; returns where it ended. */
  skipField(): number {
    const text = this.text;
    let pos = this.pos;
    while (pos < text.length && text[pos] !== TAB && text[pos] !== NEWLINE) pos++;
    this.pos = pos + 1;
    return pos;
  }

  /** Moves past the end of the line (after the last field read, nothing may be left but a newline). */
  endLine(): void {
    const previous = this.text[this.pos - 1];
    if (this.pos - 1 < this.text.length && previous !== NEWLINE) this.fail('the end of the line');
  }

  uint(): number {
    const text = this.text;
    let pos = this.pos;
    let value = 0;
    while (pos < text.length) {
      const c = text[pos] as number;
      if (c < 0x30 || c > 0x39) break;
      value = value * 10 + (c - 0x30);
      pos++;
    }
    if (pos === this.pos) this.fail('a whole number');
    this.finishField(pos);
    return value;
  }

  /** A decimal like -23.5475; exact, as a ratio of two exactly representable numbers. */
  decimal(): number {
    const text = this.text;
    let pos = this.pos;
    const negative = text[pos] === 0x2d;
    if (negative) pos++;
    let digits = 0;
    let scale = 1;
    let seenPoint = false;
    const first = pos;
    while (pos < text.length) {
      const c = text[pos] as number;
      if (c === 0x2e && !seenPoint) seenPoint = true;
      else if (c >= 0x30 && c <= 0x39) {
        digits = digits * 10 + (c - 0x30);
        if (seenPoint) scale *= 10;
      } else break;
      pos++;
    }
    if (pos === first) this.fail('a decimal number');
    this.finishField(pos);
    return (negative ? -digits : digits) / scale;
  }

  private finishField(pos: number): void {
    if (pos < this.text.length && this.text[pos] !== TAB && this.text[pos] !== NEWLINE) {
      this.pos = pos;
      this.fail('a tab or the end of the line');
    }
    this.pos = pos + 1;
  }
}

/**
 * Copies the byte ranges [starts[i], ends[i]) of each pair into one new buffer, back to back,
 * rewriting the offsets in place to point into it.
 */
export function compactRanges(text: Buffer, pairs: [Uint32Array, Uint32Array][]): Buffer {
  let total = 0;
  for (const [starts, ends] of pairs) {
    for (let i = 0; i < starts.length; i++) total += (ends[i] as number) - (starts[i] as number);
  }
  const compact = Buffer.alloc(total);
  let pos = 0;
  for (const [starts, ends] of pairs) {
    for (let i = 0; i < starts.length; i++) {
      const start = starts[i] as number;
      const end = ends[i] as number;
      starts[i] = pos;
      for (let j = start; j < end; j++) compact[pos++] = text[j] as number;
      ends[i] = pos;
    }
  }
  return compact;
}

/** Byte span of each section's records (after its header line). */
export type SectionSpans = Record<SectionName, { start: number; end: number }>;

export function findSections(text: Buffer): SectionSpans {
  const spans: Partial<SectionSpans> = {};
  let current: SectionName | undefined;
  let pos = 0;
  while (pos < text.length) {
    let end = text.indexOf(NEWLINE, pos);
    if (end < 0) end = text.length;
    if (text[pos] === 0x23 /* # */) {
      const name = text.toString('utf8', pos + 1, end) as SectionName;
      if (!SECTIONS.includes(name)) throw new Error(`Atlas file has an unknown section #${name}`);
      if (current) (spans[current] as { end: number }).end = pos;
      spans[name] = { start: end + 1, end: text.length };
      current = name;
      // Records never start with '#', so jump straight to the next header.
      const next = text.indexOf('\n#', end);
      pos = next < 0 ? text.length : next + 1;
      continue;
    }
    if (!current) throw new Error('Atlas file does not start with a section header');
    pos = end + 1;
  }
  for (const name of SECTIONS) {
    if (!spans[name]) throw new Error(`Atlas file has no #${name} section`);
  }
  return spans as SectionSpans;
}

/** Calls `visit` with the start and end of every non-empty line in [start, end). */
export function forEachLine(
  text: Buffer,
  span: { start: number; end: number },
  visit: (start: number, end: number) => void,
) {
  let pos = span.start;
  while (pos < span.end) {
    let end = text.indexOf(NEWLINE, pos);
    if (end < 0 || end > span.end) end = span.end;
    if (end > pos) visit(pos, end);
    pos = end + 1;
  }
}

export function countLines(text: Buffer, span: { start: number; end: number }): number {
  let count = 0;
  let previous = NEWLINE;
  for (let pos = span.start; pos < span.end; pos++) {
    const c = text[pos] as number;
    if (c !== NEWLINE && previous === NEWLINE) count++;
    previous = c;
  }
  return count;
}
