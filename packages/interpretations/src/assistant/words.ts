// The words a question is made of: the names of signs, bodies and aspects in the forms people
// write them, chat shorthand spelled out, and typos mended against the astrology vocabulary.
import { distance } from 'fastest-levenshtein';
import { SIGN_KEYS } from '../library/catalogue.ts';

export const SIGN_FORMS: Record<string, string> = {
  ...Object.fromEntries(SIGN_KEYS.map((s) => [s, s])),
  ...Object.fromEntries(SIGN_KEYS.map((s) => [`${s}s`, s])),
  arians: 'aries',
  taureans: 'taurus',
  geminis: 'gemini',
  cancerians: 'cancer',
  leos: 'leo',
  virgoans: 'virgo',
  librans: 'libra',
  scorpions: 'scorpio',
  sagittarians: 'sagittarius',
  sag: 'sagittarius',
  sags: 'sagittarius',
  capricornians: 'capricorn',
  cap: 'capricorn',
  caps: 'capricorn',
  aquarians: 'aquarius',
  pisceans: 'pisces',
};
export const BODY_FORMS: Record<string, string> = {
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
  node: 'trueNode',
  nodes: 'trueNode',
  'north node': 'trueNode',
  'south node': 'trueNode',
  lilith: 'lilith',
  rising: 'ascendant',
  ascendant: 'ascendant',
  midheaven: 'midheaven',
  mc: 'midheaven',
};
export const ASPECT_FORMS: Record<string, string> = {
  conjunction: 'conjunction',
  conjunctions: 'conjunction',
  conjunct: 'conjunction',
  sextile: 'sextile',
  sextiles: 'sextile',
  square: 'square',
  squares: 'square',
  trine: 'trine',
  trines: 'trine',
  opposition: 'opposition',
  oppositions: 'opposition',
};

/** Words worth mending a typo into: the astrology vocabulary and the words the kinds turn on. */
const VOCABULARY = [
  ...SIGN_KEYS,
  ...Object.keys(BODY_FORMS).filter((w) => !w.includes(' ')),
  ...Object.keys(ASPECT_FORMS),
  'retrograde',
  'compatible',
  'compatibility',
  'relationship',
  'relationships',
  'horoscope',
  'astrology',
  'ascendant',
  'transit',
  'transits',
  'element',
  'modality',
  'career',
  'promotion',
  'finances',
  'creativity',
  'spiritual',
  'spirituality',
  'meditation',
  'anxious',
  'overwhelmed',
  'restless',
  'exhausted',
  'lonely',
  'boyfriend',
  'girlfriend',
  'marriage',
  'strengths',
  'weaknesses',
  'challenges',
  'dominant',
  'station',
  'ingress',
  'definition',
  'planet',
  'planets',
  'month',
  'business',
  'married',
  'friends',
  'friend',
  'family',
  'parents',
  'money',
  'finances',
  'lonely',
  'anxiety',
  'nervous',
  'feeling',
  'weekend',
  'tomorrow',
  'summer',
  'negotiate',
  'interview',
  'effect',
  'affect',
  'represent',
  'aspect',
  'aspects',
  'health',
  'house',
  'houses',
  'career',
];

/** Common words a letter or two away from the vocabulary, kept as they are. */
const KEEP = new Set([
  'medication',
  'medicine',
  'medical',
  'months',
  'planned',
  'plans',
  'planning',
  'plants',
  'friendly',
  'frames',
  'marries',
  'monthly',
  'effects',
  'affects',
  'writing',
  'trying',
]);

/** Whether two words differ by one swap of neighbouring letters ("lonley", "mnoth"). */
function swappedOnce(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff = [...a].map((c, i) => (c === b[i] ? -1 : i)).filter((i) => i >= 0);
  return (
    diff.length === 2 &&
    diff[1] === diff[0]! + 1 &&
    a[diff[0]!] === b[diff[1]!] &&
    a[diff[1]!] === b[diff[0]!]
  );
}

/** Chat shorthand, as the words it stands for. */
const SHORTHAND: [RegExp, string][] = [
  [/\b(tmrw|tmr|tomoz|2moro|2mrw)\b/g, 'tomorrow'],
  [/\b(yr)\b/g, 'year'],
  [/\b(wk)\b/g, 'week'],
  [/\b(rn)\b/g, 'right now'],
  [/\bu\b/g, 'you'],
  [/\bur\b/g, 'your'],
  [/\bmerc\b/g, 'mercury'],
  [/\bretro\b/g, 'retrograde'],
  [/\b(bae|hubby|wifey|bf|gf|other half)\b/g, 'partner'],
  [/\b(mates|besties?|pals?)\b/g, 'friends'],
  [/\b(gonna)\b/g, 'going to'],
  [/\b(wanna)\b/g, 'want to'],
  [/\b(wots|wot)\b/g, 'whats'],
  [/\b(exactly|actually|basically|even|really|just) /g, ''],
];

/** Lower case, plain apostrophes, no emoji, shorthand spelled out, each word mended when it is one letter off the vocabulary. */
export function normalise(question: string): string {
  let plain = question
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[^\p{L}\p{N}'?!.,+=&\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [pattern, words] of SHORTHAND) plain = plain.replace(pattern, words);
  return plain.replace(/\p{L}{5,}/gu, (word) => {
    if (VOCABULARY.includes(word) || KEEP.has(word)) return word;
    const swapped = VOCABULARY.find((known) => known[0] === word[0] && swappedOnce(word, known));
    if (swapped) return swapped;
    const limit = word.length >= 7 ? 2 : 1;
    let best: string | null = null;
    let bestDistance = limit + 1;
    for (const known of VOCABULARY) {
      // A typo keeps its first letter far more often than not; "writing" is not "rising".
      if (known[0] !== word[0] || Math.abs(known.length - word.length) > limit) continue;
      const d = distance(word, known);
      if (d < bestDistance) {
        best = known;
        bestDistance = d;
      }
    }
    return best ?? word;
  });
}
