// The words of a sentence as the claim checker sees them: each word with its place in the
// original text (so a correction replaces just that word and keeps the Markdown around it), its
// clause (commas, colons and spaced dashes end one) and what it names (a body, a sign, a house...).
import { ORDINAL_WORDS, SIGNS } from '../knowledge.ts';

export interface Tok {
  /** Lower case, curly apostrophes made straight. */
  w: string;
  raw: string;
  s: number;
  e: number;
  clause: number;
  /** Joined to the word before by a bare hyphen, dash or slash ("Sun–Saturn", "1st-house"). */
  joined: boolean;
  /** Right after an opening bracket ("Moon in Leo (5th house)"). */
  open: boolean;
}

type Item =
  | { t: 'body'; id: string; possessive: boolean }
  | { t: 'angle'; id: 'ascendant' | 'midheaven' | 'descendant' | 'ic' }
  | { t: 'sign'; id: string }
  | { t: 'house'; n: number; ord: number }
  | { t: 'aspect'; kind: string; verb: boolean }
  | { t: 'word' };

/** A token with what it names; `last` is the index of the last token it spans. */
export interface Unit {
  item: Item;
  first: number;
  last: number;
}

const WORD = /[A-Za-z0-9]+(?:['’][A-Za-z]+)?/g;

export function tokenize(text: string): Tok[] {
  const toks: Tok[] = [];
  let clause = 0;
  let prevEnd = 0;
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    const gap = text.slice(prevEnd, m.index);
    let joined = false;
    if (toks.length > 0) {
      if (/[,;:()[\]!?.—"“”]|\s[-–]\s|\s[-–]$|^[-–]\s/.test(gap)) clause++;
      else if (/^[*_]*[-–/][*_]*$/.test(gap)) joined = true;
    }
    const open = /^\s*\(\s*$/.test(gap);
    toks.push({
      open,
      w: m[0].toLowerCase().replace('’', "'"),
      raw: m[0],
      s: m.index,
      e: m.index + m[0].length,
      clause,
      joined,
    });
    prevEnd = m.index + m[0].length;
  }
  return toks;
}

const BODY_WORDS: Record<string, string> = {
  sun: 'sun',
  moon: 'moon',
  mercury: 'mercury',
  venus: 'venus',
  mars: 'mars',
  jupiter: 'jupiter',
  saturn: 'saturn',
  uranus: 'uranus',
  neptune: 'neptune',
  pluto: 'pluto',
  lilith: 'lilith',
};

const ASPECT_WORDS: Record<string, [string, boolean]> = {
  conjunct: ['conjunction', true],
  conjuncts: ['conjunction', true],
  conjoins: ['conjunction', true],
  conjoined: ['conjunction', true],
  conjunction: ['conjunction', false],
  meets: ['conjunction', true],
  sextile: ['sextile', true],
  sextiles: ['sextile', true],
  sextiling: ['sextile', true],
  square: ['square', true],
  squares: ['square', true],
  squaring: ['square', true],
  trine: ['trine', true],
  trines: ['trine', true],
  trining: ['trine', true],
  opposes: ['opposition', true],
  opposing: ['opposition', true],
  opposite: ['opposition', true],
  opposition: ['opposition', false],
  quincunx: ['quincunx', true],
  quincunxes: ['quincunx', true],
  inconjunct: ['quincunx', true],
};

/** "7th" or "seventh" as 7; null otherwise. */
function ordinalValue(w: string): number | null {
  const m = /^(\d{1,2})(st|nd|rd|th)$/.exec(w);
  if (m) {
    const n = Number(m[1]);
    return n >= 1 && n <= 12 ? n : null;
  }
  const i = ORDINAL_WORDS.indexOf(w);
  return i >= 0 ? i + 1 : null;
}

const sameClause = (toks: Tok[], i: number, j: number) =>
  j >= 0 && j < toks.length && toks[i]!.clause === toks[j]!.clause;

/** Groups the tokens into units: "North Node", "Black Moon Lilith", "7th house", "house 7" are one each. */
export function units(toks: Tok[]): Unit[] {
  const out: Unit[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const w = t.w;
    const next = sameClause(toks, i, i + 1) ? toks[i + 1]!.w : '';
    const next2 = sameClause(toks, i, i + 2) ? toks[i + 2]!.w : '';
    const base = w.endsWith("'s") ? w.slice(0, -2) : w;
    const possessive = base !== w;
    if (base in BODY_WORDS) {
      out.push({ item: { t: 'body', id: BODY_WORDS[base]!, possessive }, first: i, last: i });
    } else if ((w === 'north' || w === 'true') && /^nodes?('s)?$/.test(next)) {
      out.push({
        item: { t: 'body', id: 'trueNode', possessive: next.endsWith("'s") },
        first: i,
        last: i + 1,
      });
      i++;
    } else if (w === 'mean' && /^node('s)?$/.test(next)) {
      out.push({
        item: { t: 'body', id: 'meanNode', possessive: next.endsWith("'s") },
        first: i,
        last: i + 1,
      });
      i++;
    } else if (w === 'south' && /^nodes?('s)?$/.test(next)) {
      out.push({ item: { t: 'word' }, first: i, last: i + 1 });
      i++;
    } else if (w === 'black' && next === 'moon' && next2.startsWith('lilith')) {
      out.push({
        item: { t: 'body', id: 'lilith', possessive: next2.endsWith("'s") },
        first: i,
        last: i + 2,
      });
      i += 2;
    } else if (base === 'ascendant' || base === 'rising' || t.raw === 'ASC' || t.raw === 'AC') {
      out.push({ item: { t: 'angle', id: 'ascendant' }, first: i, last: i });
    } else if (base === 'midheaven' || t.raw === 'MC' || t.raw === "MC's") {
      out.push({ item: { t: 'angle', id: 'midheaven' }, first: i, last: i });
    } else if (base === 'descendant' || t.raw === 'DSC' || t.raw === 'DC') {
      out.push({ item: { t: 'angle', id: 'descendant' }, first: i, last: i });
    } else if (t.raw === 'IC' || (w === 'imum' && next === 'coeli')) {
      out.push({ item: { t: 'angle', id: 'ic' }, first: i, last: w === 'imum' ? ++i : i });
    } else if (base in SIGNS) {
      out.push({ item: { t: 'sign', id: base }, first: i, last: i });
    } else if (ordinalValue(w) !== null && /^house('s)?$/.test(next)) {
      out.push({ item: { t: 'house', n: ordinalValue(w)!, ord: i }, first: i, last: i + 1 });
      i++;
    } else if (w === 'house' && /^(1[0-2]|[1-9])$/.test(next)) {
      out.push({ item: { t: 'house', n: Number(next), ord: i + 1 }, first: i, last: i + 1 });
      i++;
    } else if (w === 'semi' && /^sextiles?$/.test(next)) {
      out.push({ item: { t: 'aspect', kind: 'semiSextile', verb: true }, first: i, last: i + 1 });
      i++;
    } else if (w in ASPECT_WORDS) {
      const [kind, verb] = ASPECT_WORDS[w]!;
      out.push({ item: { t: 'aspect', kind, verb }, first: i, last: i });
    } else out.push({ item: { t: 'word' }, first: i, last: i });
  }
  return out;
}

/** Sign adjectives: a sentence that still says "Leonine" after its Leo was corrected is dropped. */
export const SIGN_ADJECTIVES: Record<string, string[]> = {
  aries: ['arian', 'arians'],
  taurus: ['taurean', 'taureans'],
  gemini: ['geminian', 'geminis'],
  cancer: ['cancerian', 'cancerians'],
  leo: ['leonine', 'leos', 'leonian'],
  virgo: ['virgoan', 'virgos'],
  libra: ['libran', 'librans'],
  scorpio: ['scorpionic', 'scorpios', 'scorpian'],
  sagittarius: ['sagittarian', 'sagittarians'],
  capricorn: ['capricornian', 'capricorns'],
  aquarius: ['aquarian', 'aquarians'],
  pisces: ['piscean', 'pisceans'],
};

const ELEMENTS = ['fire', 'earth', 'air', 'water'];
const SIGN_ORDER = Object.keys(SIGNS);
export const elementOf = (sign: string) => ELEMENTS[SIGN_ORDER.indexOf(sign) % 4] ?? '';
export const oppositeSign = (sign: string) => SIGN_ORDER[(SIGN_ORDER.indexOf(sign) + 6) % 12] ?? sign;
export const ELEMENT_WORDS: Record<string, string> = {
  fire: 'fire',
  fiery: 'fire',
  earth: 'earth',
  earthy: 'earth',
  air: 'air',
  airy: 'air',
  water: 'water',
  watery: 'water',
};
