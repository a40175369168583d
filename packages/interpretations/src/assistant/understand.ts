// Understanding a question: what kind it is and what it names, from everyday phrasing with typos.
// Words are first mended against the astrology vocabulary ("retrogade" → "retrograde"), then the
// kinds are tried from the most specific (a refusal, a follow-up, a definition) to the most general.
import { distance } from 'fastest-levenshtein';
import { CONCEPTS, type Feeling, type Question, type Topic, type Window } from './question.ts';
import { DEFAULT_WINDOWS, windowIn } from './window.ts';

const SIGNS = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
];
const SIGN_FORMS: Record<string, string> = {
  ...Object.fromEntries(SIGNS.map((s) => [s, s])),
  ...Object.fromEntries(SIGNS.map((s) => [`${s}s`, s])),
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
const BODY_FORMS: Record<string, string> = {
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
const ASPECT_FORMS: Record<string, string> = {
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
const ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
];

/** Words worth mending a typo into: the astrology vocabulary and the words the kinds turn on. */
const VOCABULARY = [
  ...SIGNS,
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

const has = (q: string, pattern: RegExp) => pattern.test(q);
const wordIn = (q: string, forms: Record<string, string>): string | null => {
  for (const [form, id] of Object.entries(forms).sort((a, b) => b[0].length - a[0].length))
    if (new RegExp(`\\b${form}\\b`).test(q)) return id;
  return null;
};

export const signIn = (q: string) => wordIn(q, SIGN_FORMS);
export const bodyIn = (q: string) => wordIn(q, BODY_FORMS);
const aspectIn = (q: string) => wordIn(q, ASPECT_FORMS);

function houseIn(q: string): number | null {
  const number = /\b(1[0-2]|[1-9])(?:st|nd|rd|th)?\s+house|house\s+(1[0-2]|[1-9])\b/.exec(q);
  if (number) return Number(number[1] ?? number[2]);
  const word = ORDINALS.findIndex((w) => new RegExp(`\\b${w} house\\b`).test(q));
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
function feelingIn(q: string): Feeling | null {
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

function termIn(q: string): string | null {
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

const ASTROLOGY =
  /\b(astro\w*|horoscope|chart|zodiac|signs?|planets?|stars?|transits?|houses?|aspects?|retrograde|moon|sun|rising|cosmic|cosmos|universe|energy|vibes?|mercury|venus|mars|jupiter|saturn|uranus|neptune|pluto|lilith|nodes?|ascendant|midheaven)\b/;
const PERSONAL = /\b(i|me|my|mine|i'm|im|myself)\b/;
/** Words that ask what a planet will do over time. */
const FORECAST =
  /\bhit me\b|\bkind to me\b|\bhard on me\b|\bwill (the )?(sun|moon|mercury|venus|mars|jupiter|saturn|uranus|neptune|pluto) (be|bring|make|do|give)\b|\baffect\w*\b|\beffect\w*\b|\bhappening\b|\bup to\b|\bbring\w*\b|\bin store\b|\binfluenc\w*\b|\bfor me\b|\bimpact\w*\b|\bdo to me\b|\btreat me\b|\bplanned\b|\bexpect\b|\bmess with\b|\bgoing to do\b|\bwhat will\b|\bmean for me\b|\band me\b|\bwhere is \w+ (moving|going)\b|\bthrough my\b/;
/** Requests that are plainly not about astrology or the person's life. */
const OFF_TOPIC =
  /^(can you |could you |please )?(write|compose|make|give|tell) me (a |an )?(poem|story|essay|code|recipe|joke|song|limerick)\b|\bcapital of\b|\bweather (be|like|going)\b|\bforecast for rain\b|\bwifi\b|\bwi-fi\b|\brouter\b|\brecipe\b|\bhomework\b|\bmaths?\b|\bequation\b|\bpython\b|\bjavascript\b|\bfootball score|\bwho won\b|\btranslate\b/;

export interface UnderstandContext {
  /** The person's local date (YYYY-MM-DD) for windows. */
  date: string;
  /** The question asked just before in this conversation, if any. */
  previous?: string;
}

/** What a question asks. */
export function understand(question: string, context: UnderstandContext): Question {
  const q = normalise(question);
  // "this a good week", "next week ok", "today a good day": the window without the judgement between.
  const window = windowIn(
    q.replace(
      /\b(this|next|is today|today) (is )?(a |an )?(good |bad |great |nice |ok |okay |right |lucky )?(day|week|month|year|weekend)\b/g,
      (_m, w, _i, _a, _j, unit) => (w.includes('today') ? 'today' : `${w} ${unit}`),
    ),
    context.date,
  );

  // Refusals first: no astrology answer for these, however they are phrased (and before any word is mended).
  const raw = question.toLowerCase();
  const refusing = (pattern: RegExp) => pattern.test(q) || pattern.test(raw);
  if (
    refusing(
      /lotter|lotto|jackpot|winning numbers|lucky numbers|powerball|euromillions|\bbet\b|betting|gambl|casino/,
    )
  )
    return { kind: 'refuse', topic: 'lottery' };
  if (
    refusing(
      /diagnos|symptoms?\b|medicat|prescri|\bdoctor|illness|disease|\bdose\b|treatment|diabetes|tumou?r|\bdo i have (cancer|covid|adhd)|\bam i (sick|ill|pregnant)\b|\bpills?\b|antidepress|\blump\b|\brash\b|\bfever\b|\bmole\b|\bchemo\b|\bbleeding\b|\bmigraine/,
    )
  )
    return { kind: 'refuse', topic: 'medical' };
  if (
    refusing(
      /lawyer|lawsuit|legal advice|\bsue\b|\bsuing\b|custody|\bcourt\b|\blegal action\b|\bdivorce settlement\b/,
    )
  )
    return { kind: 'refuse', topic: 'legal' };
  if (
    refusing(
      /invest|stocks?\b|shares\b|crypto|bitcoin|ethereum|trading|mortgage|financial advice|\bbuy (a )?(house|property|bitcoin)|\bforex\b/,
    )
  )
    return { kind: 'refuse', topic: 'financial' };
  if (!has(q, ASTROLOGY) && has(q, OFF_TOPIC)) return { kind: 'off-topic' };

  // A follow-up leans on the previous question: "and next month?", "what about love?", "why?".
  if (
    context.previous &&
    has(
      q,
      /^(but |so |ok |okay |hmm? |and )?(why|how come|why is that|why so|what makes you say (that|so)|because of what|how do you know)\b|\bbased on\b|\bwhere does (that|this) come from\b/,
    ) &&
    q.split(' ').length <= 7
  )
    return { kind: 'why' };
  if (
    context.previous &&
    has(q, /^(ok |okay |so |hmm |right )?(and|what about|how about|and what about|and for|what of)\b/) &&
    q.split(' ').length <= 7
  ) {
    const before = understand(context.previous, { date: context.date });
    const topic = topicIn(q);
    const body = bodyIn(q);
    const sign = signIn(q);
    if (sign && before.kind === 'compatibility') return { ...before, sign };
    if (topic && (before.kind === 'topic' || before.kind === 'timing')) return { ...before, topic };
    if (topic) return { kind: 'topic', topic, window };
    if (
      body &&
      (before.kind === 'forecast' || (before.kind === 'sky' && before.body) || before.kind === 'transits')
    )
      return { ...before, body };
    if (body && before.kind === 'chart' && before.fact === 'placement') return { ...before, body };
    if (body) return { kind: 'forecast', body, window: window ?? DEFAULT_WINDOWS.forecast };
    if (window && 'window' in before) return { ...before, window } as Question;
    if (window) return { kind: 'transits', window };
  }

  // One transit by name, as the landscape's "Ask about this" puts it.
  const named =
    /\b(sun|moon|mercury|venus|mars|jupiter|saturn|uranus|neptune|pluto|north node) (meets|conjoins|sextiles|squares|trines|opposes) your (natal )?(sun|moon|mercury|venus|mars|jupiter|saturn|uranus|neptune|pluto|north node|black moon lilith|lilith|ascendant|midheaven)\b/.exec(
      q,
    );
  if (named) {
    const verbs: Record<string, string> = {
      meets: 'conjunction',
      conjoins: 'conjunction',
      sextiles: 'sextile',
      squares: 'square',
      trines: 'trine',
      opposes: 'opposition',
    };
    const id = (word: string) => BODY_FORMS[word.replace('black moon ', '')] ?? word;
    return { kind: 'transit', body: id(named[1]!), point: id(named[4]!), aspect: verbs[named[2]!]! };
  }

  if (
    has(
      q,
      /^((h+i+|he+y+|hello+|hiya|howdy|yo|good (morning|evening|afternoon))[\s!.,]*)+(there|again|you)?[\s!.,]*$/,
    )
  )
    return { kind: 'greeting' };

  const sign = signIn(q);
  const body = bodyIn(q);
  const my = (id: string) => new RegExp(`\\bmy (natal |birth )?${id}\\b`).test(q);

  // Compatibility with a sign: "how compatible am I with a Leo", "are scorpios good for me".
  if (
    sign &&
    has(
      q,
      /\bme\s*(\+|&|and|x|with)\s*(a |an )?\w+\s*(=|\?)|compatib|\bvibe with\b|\bmatch\b|good (for|with) me|get along|get on with|\bme and (a|an)?\b|\bdate (a|an)\b|\bdating (a|an)\b|good match|soulmate sign|work with (a|an)\b|\bwith (a|an) \w+\?*$|and me\b|right for me|go with/,
    )
  )
    if (!my(sign)) return { kind: 'compatibility', sign };

  // A planet over time: "how will Saturn affect me this year?", "what does Jupiter have in store for me".
  if (
    body &&
    !my(body) &&
    !['ascendant', 'midheaven'].includes(body) &&
    has(q, FORECAST) &&
    !has(q, /\bretrograde\b|\bretro\b/)
  )
    return { kind: 'forecast', body, window: window ?? DEFAULT_WINDOWS.forecast };

  const feeling = feelingIn(q);
  if (feeling && !has(q, /\bwhat (is|does)\b/)) return { kind: 'feeling', feeling };

  // Definitions: "what is a trine?", "what does retrograde mean", "explain houses".
  const asksMeaning = has(
    q,
    /\bmean(s|ing)?\b|\bdefin\w*\b|\bexplain\w*\b|\bwhat (exactly )?(is|are) (a|an|the)\b|\bin astrology\b|\brepresent\w*\b|\bsymboli[sz]\w*\b|\bdifference between\b|\bwhat does \w+ rule\b|\brules?\??$|\bgovern\w*\b|\ball about\b|\b(good|bad) or (good|bad)\b|\bis (it|that) (good|bad)\b|^(what|whats|what's)( is| are)? (a |an |the )?[\w-]+( (?!is\b|are\b|does\b|do\b|my\b)[\w-]+){0,3}\??$|\bhow does .* work\b|\bstand for\b|\bwhat('s| is| are) (a )?(\w+ )?(retrograde|transit|orb|station|ingress|void)\b/,
  );
  const aboutMine = has(q, /\bmy\b|\bi have\b|\bi'm a\b|\bim a\b|\bmine\b/);
  if (asksMeaning && !aboutMine && !has(q, /\b(today|tonight|now|currently|this week|in the sky)\b/)) {
    const term = termIn(q);
    if (term) return { kind: 'definition', term };
  }

  // The sky now: "is mercury retrograde right now", "what sign is the moon in today".
  if (
    has(
      q,
      /\bstars\b.*\b(today|tonight|right now)\b|\b(astrological|cosmic|planetary) weather\b|\b(in|of) the sky (today|now|right now|tonight)\b|\bsky (today|tonight|right now)\b/,
    )
  )
    return { kind: 'sky', fact: 'today' };
  if (body && !my(body) && has(q, /\bretrograde\b|\bretro\b/) && !has(q, /\bwhen i was born\b|\bnatal\b/))
    return has(q, /\bwhen (does|will|is)\b.*\b(go|turn|station)/)
      ? { kind: 'sky', fact: 'next-station', body }
      : { kind: 'sky', fact: 'retrograde', body };
  if (
    has(
      q,
      /\bwhich planets? (is |are )?(retrograde|retro)|\bwhat('s| is| planets are)? retrograde\b|\bany(thing| planets?)? (in )?retrograde|\bretrogrades? (right )?now\b|\bretrograde (rn|now|right now|at the moment)\b/,
    )
  )
    return { kind: 'sky', fact: 'retrograde' };
  if (
    has(
      q,
      /\bnext station\b|\bwhen (does|will) \w+ (go|turn|station) (retrograde|direct)\b|\bgo(es)? direct\b|\bturns? direct\b|\bstation\w*\b.*\b(soon|next|coming)\b|\b(about to|going to) station\b/,
    )
  )
    return body ? { kind: 'sky', fact: 'next-station', body } : { kind: 'sky', fact: 'next-station' };
  if (
    has(
      q,
      /\b(change|changes|changing|move|moves|moving|enter|enters|entering|switch\w*) (sign|signs|into)\b|\bnext ingress\b|\bnew sign\b|\bwhat sign will\b/,
    ) &&
    !my(body ?? '-')
  )
    return body ? { kind: 'sky', fact: 'next-ingress', body } : { kind: 'sky', fact: 'next-ingress' };
  const bornWords = has(q, /\bwhen i was born\b|\bat (my )?birth\b|\bborn\b|\bbirth\b|\bnatal\b/);
  if (
    has(q, /\bmoon\b/) &&
    has(q, /\bphase\b|\bwaxing\b|\bwaning\b|\bfull moon\b|\bnew moon\b/) &&
    !bornWords &&
    !my('moon')
  )
    return { kind: 'sky', fact: 'moon-phase' };
  if (
    has(q, /\bmoon\b/) &&
    has(q, /\b(what|which) sign\b|\bmoon in\b|\bwhere is the moon\b|\btoday'?s moon\b|\bmoon today\b/) &&
    !bornWords &&
    !my('moon') &&
    has(q, /\b(today|tonight|now|currently|right now|at the moment|this evening)\b|\bthe moon\b/)
  )
    return { kind: 'sky', fact: 'moon-sign' };

  if (
    has(
      q,
      /\bwork on (myself|about myself)\b|\bshould i work on\b|\bachilles heel\b|\bweak (spot|point)s?\b|\bwhat holds me back\b/,
    )
  )
    return { kind: 'challenges' };

  // Facts of the chart.
  if (has(q, /\bbig (three|3)\b|\bsun,? moon,? (and )?rising\b|\bsun moon rising\b/))
    return { kind: 'chart', fact: 'big-three' };
  if (has(q, /\brules? my chart\b|\bchart ruler\b|\bruling planet\b|\bruler of my chart\b|\bmy ruler\b/))
    return { kind: 'chart', fact: 'ruler' };
  if (
    (has(q, /\belements?\b/) ||
      has(
        q,
        /\b(fire|earth|air|water)\b.*\b(or|vs|versus)\b.*\b(fire|earth|air|water)\b|\bmore (fire|earth|air|water)\b|\b(a lot of|lots of|much|little|lack|missing|no|any) (fire|earth|air|water)\b/,
      )) &&
    has(q, /\bmy\b|\bi\b|\bam i\b/)
  )
    return { kind: 'chart', fact: 'elements' };
  if (has(q, /\bmodalit|\bcardinal|\bfixed\b|\bmutable\b/) && has(q, /\bmy\b|\bi\b|\bam i\b/))
    return { kind: 'chart', fact: 'modalities' };
  if (has(q, /\bphase\b|\bfull moon\b|\bnew moon\b|\bcrescent\b|\bgibbous\b/) && bornWords)
    return { kind: 'chart', fact: 'moon-phase' };
  if (
    has(
      q,
      /\bdominant\b|\bstrongest planet|\bplanets? (is )?(the )?strongest\b|\bmost important planet|\bmost powerful planet|\bemphasis\b|\bstands? out\b/,
    )
  )
    return { kind: 'chart', fact: 'dominant' };
  const house = houseIn(q);
  if (house && (aboutMine || has(q, /\bin (the|my)\b/))) return { kind: 'chart', fact: 'house', house };
  const aspect = aspectIn(q);
  if (aspect && aboutMine && !body) return { kind: 'chart', fact: 'aspects', aspect };
  if (has(q, /\bmy aspects\b|\baspects\b.*\bmy (birth |natal )?chart\b|\bany (hard|easy|tight) aspects\b/))
    return { kind: 'chart', fact: 'aspects' };
  if (has(q, /\b(sun|moon|rising|venus|mars|mercury) sign\b/) && aboutMine) {
    const which = /\b(sun|moon|rising|venus|mars|mercury) sign\b/.exec(q)![1]!;
    return { kind: 'chart', fact: 'placement', body: BODY_FORMS[which]! };
  }

  // Timing: "is this a good week to ask for a raise?", "when should I move?".
  const timing =
    /\b(good|best|right|ideal|lucky|favou?rable|auspicious|bad|ok|okay) (time|day|days|week|month|moment|year|period|weekend)( (this|next) (week|month|year))?( (to|for))?\b|\b(is|are) (today|tomorrow|this weekend|next week|this week|this month|next month|now) (a |an )?(good|ok|okay|bad|the right|the best|wise|fine)( (day|time|week|month))?( (to|for))?\b|\bwhen (should|shall|can|do) i\b|\bwhen('s| is) (the )?(best|right|a good) (time|moment)\b|\bshould i (wait|do it|go ahead|start|launch|sign|ask|quit|move|apply|travel|book|propose|text|call)\b|\bis (now|today|this week|this month) (a )?(good|the right|the best)\b|\btiming\b|\bshould i\b(?=.*\bor (wait|hold off|not|later)\b)/.exec(
      q,
    );
  if (timing) {
    const activity = q
      .slice(timing.index + timing[0].length)
      .replace(/[?.!]+$/, '')
      .trim();
    return { kind: 'timing', topic: topicIn(q), activity, window: window ?? DEFAULT_WINDOWS.timing };
  }

  // "What does my chart say about my career?": the topic, not the whole chart.
  const topicFirst = topicIn(q);
  if (
    topicFirst &&
    has(q, /\b(say|says|show|shows|tell|tells|about|for)\b/) &&
    !body &&
    !has(q, /\bstrengths?\b|\bchallenges?\b/)
  )
    return { kind: 'topic', topic: topicFirst, window };

  // Strengths, challenges and summaries of the chart.
  if (has(q, /\bstrengths?\b|\bgood at\b|\btalents?\b|\bgifts?\b|\bsuperpowers?\b|\bbest qualities\b/))
    return { kind: 'strengths' };
  if (
    has(
      q,
      /\bchallenges?\b|\bweakness\w*\b|\bstruggle\b|\bblind spots?\b|\bwork on\b|\bdifficult\w*\b|\bshadow\b|\bflaws?\b/,
    ) &&
    !topicIn(q)
  )
    return { kind: 'challenges' };
  if (
    has(
      q,
      /\b(in|with) (three|3|a few|two|2) sentences\b|\bsum (up|me up)\b|\bsummar\w+\b|\boverview\b|\babout my chart\b|\bread my chart\b|\bdescribe (me|my chart)\b|\bwho am i\b|\bmy personality\b|\bwhat('s| is| does) my (birth |natal )?chart\b|\btell me about (me|myself)\b/,
    )
  )
    return { kind: 'summary' };

  // What's on: "what's happening this week?", "my Venus this week".
  if (body && my(body) && window) return { kind: 'transits', window, body };
  const topic = topicIn(q);
  if (topic && !(body && my(body))) return { kind: 'topic', topic, window };
  if (
    window &&
    has(
      q,
      /\bhappening\b|\bin store\b|\bexpect\b|\blook like\b|\bhoroscope\b|\btransits?\b|\bforecast\b|\bgoing on\b|\benergy\b|\bvibes?\b|\bsky\b|\bfocus\b|\bahead\b|\bfor me\b|\bhitting\b|\btouching\b|\baffecting\b|\bcoming up\b|\bmy chart\b/,
    )
  )
    return { kind: 'transits', window };
  if (has(q, /\b(my|today'?s|daily|weekly) horoscope\b|\bmy transits\b|\bcurrent transits\b/))
    return { kind: 'transits', window: window ?? DEFAULT_WINDOWS.today };

  // A placement: "where is my Venus?", "tell me about my Mars", "what does my Moon in Leo mean".
  if (body) return { kind: 'chart', fact: 'placement', body };
  if (house) return { kind: 'chart', fact: 'house', house };
  if (aspect) return { kind: 'chart', fact: 'aspects', aspect };
  if (sign && has(q, /\bi'?m a\b|\bim a\b|\bas a\b|\bi am a\b/)) return { kind: 'compatibility', sign };
  if (sign) return { kind: 'definition', term: sign };
  const term = asksMeaning ? termIn(q) : null;
  if (term && CONCEPTS.includes(term as (typeof CONCEPTS)[number])) return { kind: 'definition', term };
  if (has(q, /\bmy (birth |natal )?chart\b|\babout me\b/)) return { kind: 'summary' };
  // A real question about something else gets a friendly redirect; a word or two we cannot read, a request to say more.
  if (!ASTROLOGY.test(q) && !PERSONAL.test(q) && q.split(' ').length >= 3) return { kind: 'off-topic' };
  return { kind: 'unclear' };
}

export type { Window };
