// The claim checker: finds the statements about the person's chart and today's sky in an answer
// (see find-claims.ts) and compares each with the computed facts. A wrong sign, house or
// retrograde word is corrected in place when the corrected sentence reads true; otherwise (a
// false aspect or transit, a house or angle without a birth time, a sentence whose reasoning rests
// on the wrong sign) the sentence is dropped. Either way the correction is recorded.
import { ASPECTS, BODIES, ORDINAL_WORDS, ordinal, SIGNS } from '../knowledge.ts';
import type { CheckedSentence, ClaimFacts, Correction } from './claim-facts.ts';
import { ELEMENT_WORDS, elementOf, oppositeSign, SIGN_ADJECTIVES, type Tok } from './claim-tokens.ts';
import { type Claim, dateFor, type Found, findClaims } from './find-claims.ts';
import { SentenceSplitter } from './sentence-splitter.ts';

export { SentenceSplitter };

const ANGLE_NAMES: Record<string, string> = {
  ascendant: 'Ascendant',
  midheaven: 'Midheaven',
  descendant: 'Descendant',
  ic: 'IC',
};
const nameOf = (id: string) => {
  const n = ANGLE_NAMES[id] ?? (BODIES[id]?.name ?? id).replace(/^(the|your) /, '');
  return n.charAt(0).toUpperCase() + n.slice(1);
};
const signName = (id: string) => SIGNS[id]?.name ?? id;
const ASPECT_NAMES: Record<string, string> = { semiSextile: 'semi-sextile' };
const aspectName = (kind: string) => ASPECT_NAMES[kind] ?? kind;
const verbOf = (kind: string) => ASPECTS[kind]?.verb ?? `forms a ${aspectName(kind)} to`;
const NO_TIME = 'Your birth time is not known';

interface Fix {
  tok: number;
  text: string;
}
/** A false claim: the words that correct it in place, or null when the sentence must go. */
interface Verdict {
  claim: Claim;
  fixes: Fix[] | null;
  chart: string;
  /** For a wrong sign: the sign the chart has. */
  right?: string;
}

const keepCase = (raw: string, text: string) =>
  raw.length > 1 && raw === raw.toUpperCase() && /[A-Z]/.test(raw)
    ? text.toUpperCase()
    : raw.charAt(0) === raw.charAt(0).toUpperCase()
      ? text.charAt(0).toUpperCase() + text.slice(1)
      : text;

function signFix(toks: Tok[], tok: number, sign: string): Fix[] {
  const fixes: Fix[] = [{ tok, text: keepCase(toks[tok]!.raw, signName(sign)) }];
  const before = toks[tok - 1];
  if (before && (before.w === 'a' || before.w === 'an') && before.clause === toks[tok]!.clause)
    fixes.push({ tok: tok - 1, text: keepCase(before.raw, /^[aeiou]/.test(sign) ? 'an' : 'a') });
  return fixes;
}

function houseFix(toks: Tok[], tok: number, n: number): Fix {
  const raw = toks[tok]!.raw;
  const text = /^\d+$/.test(raw) ? String(n) : /^\d/.test(raw) ? ordinal(n) : ORDINAL_WORDS[n - 1]!;
  return { tok, text: keepCase(raw, text) };
}

// ---- dates in the person's zone -------------------------------------------------------------
const formats = new Map<string, Intl.DateTimeFormat>();
function localDay(iso: string, zone: string): { y: number; m: number; d: number } {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    formats.set(zone, f);
  }
  const parts = f.formatToParts(new Date(iso));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { y: get('year'), m: get('month'), d: get('day') };
}
const dayNumber = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000;
const MONTH_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const dateText = (y: number, m: number, d: number) => `${d} ${MONTH_LONG[m - 1]} ${y}`;

// ---- the verdicts ----------------------------------------------------------------------------
function placeVerdict(c: Extract<Claim, { kind: 'place' }>, f: Found, facts: ClaimFacts): Verdict | null {
  const { toks } = f;
  if (c.angle) {
    if (!facts.timeKnown)
      return { claim: c, fixes: null, chart: `${NO_TIME}, so your ${nameOf(c.target)} cannot be placed` };
    const base = c.target === 'ascendant' || c.target === 'descendant' ? facts.ascendant : facts.midheaven;
    if (!base) return { claim: c, fixes: null, chart: `Your ${nameOf(c.target)} is not known` };
    const sign = c.target === 'descendant' || c.target === 'ic' ? oppositeSign(base) : base;
    if (!c.sign || c.sign.id === sign) return null;
    return { claim: c, fixes: signFix(toks, c.sign.tok, sign), chart: '', right: sign };
  }
  if (c.who === 'sky') {
    const s = facts.sky.find((x) => x.body === c.target);
    if (!s || !c.sign || c.sign.id === s.sign) return null;
    return { claim: c, fixes: signFix(toks, c.sign.tok, s.sign), chart: '', right: s.sign };
  }
  const p =
    facts.placements.find((x) => x.body === c.target) ??
    (c.target === 'trueNode' ? facts.placements.find((x) => x.body === 'meanNode') : undefined);
  if (!p) return null;
  if (c.house && (!facts.timeKnown || p.house === null))
    return {
      claim: c,
      fixes: null,
      chart: `${NO_TIME}, so your chart has no houses to place your ${nameOf(c.target)} in`,
    };
  const fixes: Fix[] = [];
  if (c.sign && c.sign.id !== p.sign) fixes.push(...signFix(toks, c.sign.tok, p.sign));
  if (c.house && p.house !== null && c.house.n !== p.house) fixes.push(houseFix(toks, c.house.tok, p.house));
  const right = c.sign && c.sign.id !== p.sign ? p.sign : undefined;
  return fixes.length > 0 ? { claim: c, fixes, chart: '', ...(right ? { right } : {}) } : null;
}

function aspectVerdict(c: Extract<Claim, { kind: 'aspect' }>, f: Found, facts: ClaimFacts): Verdict | null {
  const angles = [c.a, c.b].filter((x) => x in ANGLE_NAMES);
  if (angles.length > 0 && !facts.timeKnown)
    return { claim: c, fixes: null, chart: `${NO_TIME}, so your ${nameOf(angles[0]!)} cannot be placed` };
  if (c.transit) {
    const date = dateFor(f, c.first, c.last);
    if (!date) return null;
    const now = localDay(facts.now, facts.zone);
    const { day, month } = date;
    // A date without a year is the one nearest to now: "exact 25 Nov" on 27 November is two days
    // ago, not next year; "3 March" in November is next March.
    const today = dayNumber(now.y, now.m, now.d);
    const year =
      date.year ??
      [now.y - 1, now.y, now.y + 1].reduce((best, y) =>
        Math.abs(dayNumber(y, month, day) - today) < Math.abs(dayNumber(best, month, day) - today) ? y : best,
      );
    const stated = dayNumber(year, month, day);
    const same = facts.transits.filter(
      (t) => t.body === c.a && t.point === c.b && t.kind === c.aspect && t.exactAt,
    );
    const exact = same.map((t) => localDay(t.exactAt!, facts.zone));
    if (exact.some((x) => Math.abs(dayNumber(x.y, x.m, x.d) - stated) <= 1)) return null;
    const other = exact[0];
    const chart = other
      ? `${nameOf(c.a)} ${verbOf(c.aspect)} your ${nameOf(c.b)} exactly on ${dateText(other.y, other.m, other.d)}`
      : `${nameOf(c.a)} makes no ${aspectName(c.aspect)} to your ${nameOf(c.b)} around ${dateText(year, month, day)}`;
    return { claim: c, fixes: null, chart };
  }
  // A natal aspect; in a sentence about today's sky or a date it is a transit we cannot place.
  if (f.sky || f.dates.length > 0) return null;
  const known = (id: string) => facts.placements.some((p) => p.body === id);
  const anglesListed = facts.aspects.some((x) => x.a in ANGLE_NAMES || x.b in ANGLE_NAMES);
  if (angles.length > 0 ? !anglesListed : !known(c.a) || !known(c.b)) return null;
  const pair = facts.aspects.filter((x) => (x.a === c.a && x.b === c.b) || (x.a === c.b && x.b === c.a));
  if (pair.some((x) => x.kind === c.aspect)) return null;
  const names = `${nameOf(c.a)} and ${nameOf(c.b)}`;
  const chart = pair[0]
    ? `${names} make a ${aspectName(pair[0].kind)} in your chart`
    : `${names} make no aspect in your chart`;
  return { claim: c, fixes: null, chart };
}

function retroVerdict(c: Extract<Claim, { kind: 'retro' }>, f: Found, facts: ClaimFacts): Verdict | null {
  const actual =
    c.who === 'sky'
      ? facts.sky.find((x) => x.body === c.body)?.retrograde
      : facts.placements.find((x) => x.body === c.body)?.retrograde;
  if (actual === undefined || actual === c.retro) return null;
  return {
    claim: c,
    fixes: [{ tok: c.tok, text: keepCase(f.toks[c.tok]!.raw, actual ? 'retrograde' : 'direct') }],
    chart: '',
  };
}

// ---- the sentence ----------------------------------------------------------------------------
const LEAD = new Set(['your', 'the', 'natal', "you're", 'a', 'an', 'transiting', "today's"]);
const FRAME = new Set(
  "today right now currently at the moment your natal is was you were born have had with this week in chart birth and still also it time i'm".split(
    ' ',
  ),
);
const plain = (s: string) =>
  s
    .replace(/[*_`#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

function spanStart(toks: Tok[], first: number): number {
  let i = first;
  while (i > 0 && first - i < 3 && toks[i - 1]!.clause === toks[first]!.clause && LEAD.has(toks[i - 1]!.w))
    i--;
  return i;
}

function applyFixes(text: string, offset: number, toks: Tok[], fixes: Fix[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const fx of [...fixes].sort((a, b) => toks[a.tok]!.s - toks[b.tok]!.s)) {
    const t = toks[fx.tok]!;
    if (t.s - offset < at) continue;
    parts.push(text.slice(at, t.s - offset), fx.text);
    at = t.e - offset;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** Whether the rest of the sentence leans on what was wrong: the wrong sign named again, its
 *  element, or (for a retrograde word) any words beyond the bare statement. */
function restIsWrong(f: Found, verdicts: Verdict[]): boolean {
  const fixed = new Set(verdicts.flatMap((v) => v.fixes?.map((x) => x.tok) ?? []));
  if (verdicts.some((v) => v.claim.kind === 'retro')) {
    const inClaims = new Set(
      f.claims.flatMap((x) => Array.from({ length: x.last - x.first + 1 }, (_, i) => x.first + i)),
    );
    if (f.toks.some((t, i) => !inClaims.has(i) && !FRAME.has(t.w))) return true;
  }
  // the wrong signs' names and adjectives, and their elements where the right sign has another
  const wrongWords = new Set<string>();
  const wrongElements = new Set<string>();
  for (const v of verdicts) {
    const c = v.claim;
    if (c.kind !== 'place' || !c.sign || !v.right) continue;
    wrongWords.add(c.sign.id);
    for (const a of SIGN_ADJECTIVES[c.sign.id] ?? []) wrongWords.add(a);
    if (elementOf(c.sign.id) !== elementOf(v.right)) wrongElements.add(elementOf(c.sign.id));
  }
  if (wrongWords.size === 0) return false;
  return f.toks.some((t, i) => {
    if (fixed.has(i)) return false;
    const el = ELEMENT_WORDS[t.w];
    return wrongWords.has(t.w) || (el !== undefined && wrongElements.has(el));
  });
}

export function checkSentence(sentence: string, facts: ClaimFacts): CheckedSentence {
  const f = findClaims(sentence);
  if (f.claims.length === 0) return { text: sentence, corrections: [] };
  const verdicts: Verdict[] = [];
  // "Mars in Leo is confident; Mars in Cancer is protective": one body in two signs is a comparison
  const compared = (c: Claim) =>
    c.kind === 'place' &&
    !!c.sign &&
    f.claims.some(
      (o) =>
        o.kind === 'place' &&
        o.target === c.target &&
        o.who === c.who &&
        !!o.sign &&
        o.sign.id !== c.sign?.id,
    );
  for (const c of f.claims) {
    if (compared(c)) continue;
    const v =
      c.kind === 'place'
        ? placeVerdict(c, f, facts)
        : c.kind === 'aspect'
          ? aspectVerdict(c, f, facts)
          : retroVerdict(c, f, facts);
    if (v) verdicts.push(v);
  }
  if (verdicts.length === 0) return { text: sentence, corrections: [] };
  const corrections: Correction[] = verdicts.map((v) => {
    const start = f.toks[spanStart(f.toks, v.claim.first)]!.s;
    const end = f.toks[v.claim.last]!.e;
    const said = sentence.slice(start, end);
    const chart = v.fixes ? applyFixes(said, start, f.toks, v.fixes) : v.chart;
    // "Moon in Leo (5th house": close the bracket the claim opened
    const close = (x: string) => (x.split('(').length > x.split(')').length ? `${x})` : x);
    return { said: close(plain(said)), chart: v.fixes ? close(plain(chart)) : plain(chart) };
  });
  const drop = verdicts.some((v) => v.fixes === null) || restIsWrong(f, verdicts);
  if (drop) return { text: null, corrections };
  return {
    text: applyFixes(
      sentence,
      0,
      f.toks,
      verdicts.flatMap((v) => v.fixes ?? []),
    ),
    corrections,
  };
}

export interface CheckedText {
  text: string;
  corrections: Correction[];
}

/** Checks a whole answer sentence by sentence; a dropped sentence leaves its line break. */
export function checkText(text: string, facts: ClaimFacts): CheckedText {
  const splitter = new SentenceSplitter();
  const pieces = [...splitter.push(text), ...splitter.flush()];
  let out = '';
  const corrections: Correction[] = [];
  let lastDropped = false;
  for (const piece of pieces) {
    const checked = checkSentence(piece, facts);
    corrections.push(...checked.corrections);
    lastDropped = checked.text === null;
    if (checked.text !== null) out += checked.text;
    else if (piece.endsWith('\n') && out !== '' && !out.endsWith('\n'))
      out = `${out.replace(/[ \t]+$/, '')}\n`;
  }
  return { text: lastDropped ? out.replace(/[ \t]+$/, '') : out, corrections };
}
