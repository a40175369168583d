// What the words of a question point at: a sign, a body, an aspect, a house, a topic of life, a
// feeling, a term to define; and the word families that mark the kinds of question.

import { ORDINAL_WORDS } from '../knowledge.ts';
import type { Feeling, Topic } from './question.ts';
import { ASPECT_FORMS, BODY_FORMS, SIGN_FORMS } from './words.ts';

export const has = (q: string, pattern: RegExp) => pattern.test(q);
const wordIn = (q: string, forms: Record<string, string>): string | null => {
  for (const [form, id] of Object.entries(forms).sort((a, b) => b[0].length - a[0].length))
    if (new RegExp(`\\b${form}\\b`).test(q)) return id;
  return null;
};

export const signIn = (q: string) => wordIn(q, SIGN_FORMS);
export const bodyIn = (q: string) => wordIn(q, BODY_FORMS);
export const aspectIn = (q: string) => wordIn(q, ASPECT_FORMS);

export function houseIn(q: string): number | null {
  const number = /\b(1[0-2]|[1-9])(?:st|nd|rd|th)?\s+house|house\s+(1[0-2]|[1-9])\b/.exec(q);
  if (number) return Number(number[1] ?? number[2]);
  const word = ORDINAL_WORDS.findIndex((w) => new RegExp(`\\b${w} house\\b`).test(q));
  return word >= 0 ? word + 1 : null;
}

/** Topic words, the most specific topics first ("creative energy" is creativity, not health). */
const TOPIC_WORDS: [Topic, RegExp][] = [
  [
    'spirituality',
    /\b(spiritual\w*|meaning of (my )?life|meaning in (my )?life|life purpose|my purpose|purpose in life|meditat\w*|soul|faith|god|intuition|karma|life path|higher self)\b/,
  ],
  [
    'creativity',
    /\b(creativ\w*|art|arts|artist|writing|novel|music|paint\w*|hobby|hobbies|craft|crafts|design|drawing|ep|album|record\w*|songs?|band|film\w*|photograph\w*|poetry|sing\w*|danc\w*)\b/,
  ],
  [
    'love',
    /\b(love|dating|date|partner|relationships?|marriage|married|marry|crush|soulmate|boyfriend|girlfriend|husband|wife|romance|romantic|ex|breakup|break up|single|proposal|propose|meet someone|someone special|the one)\b/,
  ],
  [
    'family',
    /\b(family|home|parents?|mother|father|mum|mom|dad|kids?|children|child|siblings?|brother|sister|moving house|move house|moving home|relocat\w*|household)\b/,
  ],
  [
    'friends',
    /\b(friends?|friendships?|social life|social|community|group|groups|network\w*|party|parties|birthday|gathering|catch up)\b/,
  ],
  [
    'learning',
    /\b(study|studying|studies|exam|exams|test|learn\w*|school|university|uni|college|degree|course|travel\w*|abroad|trip|journey|driving)\b/,
  ],
  [
    'money',
    /\b(money|financ\w*|salary|salaries|income|spending|spend|savings?|budget\w*|debt|paid|earn\w*|wealth|rich|afford|purchase|buy|buying|shopping|cash|skint|broke|bills|rent)\b/,
  ],
  [
    'career',
    /\b(career|job|jobs|work|working|boss|promotion|raise|pay rise|business|vocation|profession\w*|colleagues?|office|interview|hired|employ\w*|calling|notice|quit|resign\w*|negotiat\w*|gig|cv|resume|agency|clients?|portfolio|manager)\b/,
  ],
  [
    'health',
    /\b(health|healthy|look after (my|your)self|look after my energy|my energy|self-care|self care|wellbeing|well-being|stress|stressed|sleep|exercise|fitness|body|burn ?out|rest|diet|gym|running|yoga|detox)\b/,
  ],
];
export function topicIn(q: string): Topic | null {
  for (const [topic, pattern] of TOPIC_WORDS) if (pattern.test(q)) return topic;
  return null;
}

const FEELING_WORDS: [Feeling, RegExp][] = [
  ['anxious', /\b(anxious|anxiety|worried|worrying|nervous|on edge|uneasy|panick?y|scared|afraid)\b/],
  ['overwhelmed', /\b(overwhelmed|too much|swamped|stretched thin)\b/],
  ['stuck', /\b(stuck|blocked|stagnant|going nowhere|rut|unmotivated|no motivation)\b/],
  [
    'sad',
    /\b(sad|down|low|blue|depressed|unhappy|crying|heartbroken|gloomy|miserable|heavy|can'?t be bothered)\b/,
  ],
  [
    'restless',
    /\b(restless|impatient|bored|itchy|can'?t sit still|can'?t settle|agitated|run away|itchy feet)\b/,
  ],
  ['tired', /\b(tired|exhausted|drained|worn out|sleepy|fatigued|no energy|low energy)\b/],
  [
    'angry',
    /\b(angry|irritable|irritated|annoyed|furious|snappy|mad at|frustrated|pissed|pissing me off|annoying me|fed up)\b/,
  ],
  ['lonely', /\b(lonely|alone|isolated|left out|disconnected)\b/],
  ['hopeful', /\b(hopeful|excited|optimistic|happy|good mood|great mood|lucky)\b/],
];
export function feelingIn(q: string): Feeling | null {
  const aboutMe =
    /\b(i feel|i'm feeling|im feeling|i am feeling|feeling|i'm|im|i am|i've been|ive been|why am i|been so|been really|feel so|feel|feels|lately|recently|these days|me|i|my)\b|^(so|really|just|super|very|soo+|cant|can't) /;
  if (!aboutMe.test(q)) return null;
  for (const [feeling, pattern] of FEELING_WORDS) if (pattern.test(q)) return feeling;
  return null;
}

/** Concepts by the words people use for them. */
const CONCEPT_WORDS: [string, RegExp][] = [
  ['void-of-course', /\bvoid[- ]of[- ]course\b|\bvoid moon\b|\bmoon (is )?void\b/],
  ['retrograde', /\bretrograde\b|\bretro\b|\bgo(es|ing)? backwards?\b|\bmov\w* backwards?\b/],
  ['house-system', /\bhouse systems?\b|\bplacidus\b|\bwhole sign\b|\bkoch\b/],
  ['chart-ruler', /\bchart ruler\b|\bruling planet\b/],
  ['natal-chart', /\b(natal|birth) chart\b/],
  ['big-three', /\bbig (three|3)\b/],
  ['nodes', /\b(lunar )?nodes\b|\bnorth node\b|\bsouth node\b/],
  ['return', /\b(saturn|jupiter|solar) return\b|\breturns?\b/],
  ['new-moon', /\bnew moon\b/],
  ['full-moon', /\bfull moon\b/],
  ['moon-phase', /\bmoon phases?\b|\bphases? of the moon\b|\blunar phase/],
  ['rising', /\brising sign\b/],
  ['transit', /\btransits?\b/],
  ['orb', /\borbs?\b/],
  [
    'station',
    /\bstation(ing|s)?\b|\bstationary\b|\bgo(es|ing)? direct\b|\bturns? direct\b|\bstands? still\b/,
  ],
  ['ingress', /\bingress\b/],
  ['element', /\belements?\b/],
  ['modality', /\bmodalit(y|ies)\b|\bcardinal\b|\bfixed sign|\bmutable\b|\bquality\b|\bqualities\b/],
  ['dignity', /\bdignit(y|ies)\b|\bdetriment\b|\bexalt\w*\b|\bdomicile\b|\bin its (fall|home|own sign)\b/],
  ['aspect', /\baspects?\b/],
  ['house', /\bhouses?\b/],
  ['sign', /\b(zodiac |star |sun )?signs?\b/],
  ['planet', /\bplanets?\b/],
];

/** The first concepts are named by phrases that also contain a body or a sign ("moon phase", "rising sign"). */
const PHRASE_CONCEPTS = 19;

export function termIn(q: string): string | null {
  const house = houseIn(q);
  if (house) return `house-${house}`;
  for (const [concept, pattern] of CONCEPT_WORDS.slice(0, PHRASE_CONCEPTS))
    if (pattern.test(q)) return concept;
  const aspect = aspectIn(q);
  if (aspect) return aspect;
  const body = bodyIn(q);
  if (body) return body === 'trueNode' ? 'nodes' : body;
  const sign = signIn(q);
  if (sign) return sign;
  for (const [concept, pattern] of CONCEPT_WORDS.slice(PHRASE_CONCEPTS)) if (pattern.test(q)) return concept;
  return null;
}

export const ASTROLOGY =
  /\b(astro\w*|horoscope|chart|zodiac|signs?|planets?|stars?|transits?|houses?|aspects?|retrograde|moon|sun|rising|cosmic|cosmos|universe|energy|vibes?|mercury|venus|mars|jupiter|saturn|uranus|neptune|pluto|lilith|nodes?|ascendant|midheaven)\b/;
export const PERSONAL = /\b(i|me|my|mine|i'm|im|myself)\b/;
/** Words that ask what a planet will do over time. */
export const FORECAST =
  /\bhit me\b|\bkind to me\b|\bhard on me\b|\bwill (the )?(sun|moon|mercury|venus|mars|jupiter|saturn|uranus|neptune|pluto) (be|bring|make|do|give)\b|\baffect\w*\b|\beffect\w*\b|\bhappening\b|\bup to\b|\bbring\w*\b|\bin store\b|\binfluenc\w*\b|\bfor me\b|\bimpact\w*\b|\bdo to me\b|\btreat me\b|\bplanned\b|\bexpect\b|\bmess with\b|\bgoing to do\b|\bwhat will\b|\bmean for me\b|\band me\b|\bwhere is \w+ (moving|going)\b|\bthrough my\b/;
/** Requests that are plainly not about astrology or the person's life. */
export const OFF_TOPIC =
  /^(can you |could you |please )?(write|compose|make|give|tell) me (a |an )?(poem|story|essay|code|recipe|joke|song|limerick)\b|\bcapital of\b|\bweather (be|like|going)\b|\bforecast for rain\b|\bwifi\b|\bwi-fi\b|\brouter\b|\brecipe\b|\bhomework\b|\bmaths?\b|\bequation\b|\bpython\b|\bjavascript\b|\bfootball score|\bwho won\b|\btranslate\b/;
