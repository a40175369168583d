// The interpretation knowledge base: what each body, point, aspect, sign and house stands for, in
// the product's own words. Facts (which body is where) always come from @app/astro; these tables
// only give them meaning. Phrases are written to slot into sentences ("… touches your <theme>").

export interface BodyMeaning {
  /** Display name. */
  name: string;
  /** What it stirs when it moves (as a transiting body). */
  moves: string;
  /** What it stands for in the natal chart (as the point touched). */
  natal: string;
  /** A few words for headlines. */
  keyword: string;
}

export const BODIES: Record<string, BodyMeaning> = {
  sun: {
    name: 'the Sun',
    moves: 'a spotlight of attention and vitality',
    natal: 'sense of purpose and the way you shine',
    keyword: 'purpose',
  },
  moon: {
    name: 'the Moon',
    moves: 'a passing mood and a need to feel safe',
    natal: 'emotional needs and what makes you feel at home',
    keyword: 'feelings',
  },
  mercury: {
    name: 'Mercury',
    moves: 'talk, plans, messages and quick decisions',
    natal: 'way of thinking, speaking and learning',
    keyword: 'thought',
  },
  venus: {
    name: 'Venus',
    moves: 'warmth, pleasure, attraction and the wish for harmony',
    natal: 'way of loving, valuing and enjoying',
    keyword: 'love',
  },
  mars: {
    name: 'Mars',
    moves: 'drive, heat, courage and impatience',
    natal: 'drive, desire and the way you go after things',
    keyword: 'drive',
  },
  jupiter: {
    name: 'Jupiter',
    moves: 'growth, generosity, confidence and the urge to expand',
    natal: 'faith, luck and the places where you grow',
    keyword: 'growth',
  },
  saturn: {
    name: 'Saturn',
    moves: 'tests of structure, patience, limits and responsibility',
    natal: 'commitments, discipline and the things you build slowly',
    keyword: 'structure',
  },
  uranus: {
    name: 'Uranus',
    moves: 'surprise, restlessness and a push toward freedom',
    natal: 'need for independence and your own way of doing things',
    keyword: 'change',
  },
  neptune: {
    name: 'Neptune',
    moves: 'imagination, longing, sensitivity and some fog',
    natal: 'dreams, ideals and capacity for compassion',
    keyword: 'dreams',
  },
  pluto: {
    name: 'Pluto',
    moves: 'deep pressure, intensity and slow transformation',
    natal: 'sense of power and what you hold on to most tightly',
    keyword: 'transformation',
  },
  trueNode: {
    name: 'the North Node',
    moves: 'a pull between familiar habits and a direction that asks you to grow',
    natal: 'sense of direction in life',
    keyword: 'direction',
  },
  meanNode: {
    name: 'the mean North Node',
    moves: 'a pull between familiar habits and a direction that asks you to grow',
    natal: 'sense of direction in life',
    keyword: 'direction',
  },
  lilith: {
    name: 'Black Moon Lilith',
    moves: 'what refuses to be tamed',
    natal: 'untamed side and what you refuse to give up',
    keyword: 'instinct',
  },
  ascendant: {
    name: 'your Ascendant',
    moves: 'first impressions',
    natal: 'way of meeting the world and how others first see you',
    keyword: 'presence',
  },
  midheaven: {
    name: 'your Midheaven',
    moves: 'public direction',
    natal: 'vocation, reputation and public direction',
    keyword: 'calling',
  },
};

export interface AspectMeaning {
  /** "squares", "trines"... as a verb between two bodies. */
  verb: string;
  /** How the two meet. */
  dynamic: string;
  /** Short suggestions for the day; a regenerated landscape picks another one. */
  advice: readonly string[];
  /** Headline flavour. */
  tone: string;
}

export const ASPECTS: Record<string, AspectMeaning> = {
  conjunction: {
    verb: 'meets',
    dynamic: 'the two merge and whatever it touches is turned up loud',
    advice: [
      'Notice what begins here; it tends to start a longer story.',
      'Give this theme your full attention once today instead of scattered glances.',
      'Name what you want from this before the energy picks its own target.',
    ],
    tone: 'A fresh start around',
  },
  sextile: {
    verb: 'sextiles',
    dynamic: 'a friendly opening appears that rewards a small step',
    advice: [
      'Take one concrete step: the opening is real but does not push on its own.',
      'Say yes to a small offer or idea that fits; it can grow.',
      'Reach out first: this kind of chance answers effort, not waiting.',
    ],
    tone: 'An opening for',
  },
  square: {
    verb: 'squares',
    dynamic: 'friction builds that asks for a decision or an adjustment',
    advice: [
      'Use the tension as fuel rather than forcing an outcome.',
      'Adjust one habit instead of fighting the whole situation.',
      'If something feels stuck, change the approach, not the goal.',
    ],
    tone: 'Friction that sharpens',
  },
  trine: {
    verb: 'trines',
    dynamic: 'things flow with little effort and talents come easily',
    advice: [
      'Lean on what comes naturally, and put the ease to use before it passes.',
      'Ease can turn into drift: pick one thing to move forward while it is simple.',
      'Share what comes easily today; others benefit from it as much as you do.',
    ],
    tone: 'An easy current for',
  },
  opposition: {
    verb: 'opposes',
    dynamic: 'a pull from two sides shows up, often through other people',
    advice: [
      'Look for the balance point instead of choosing one side completely.',
      'Listen to the other side of the argument before you answer it.',
      'What someone else mirrors back to you today is worth a second look.',
    ],
    tone: 'A balancing act around',
  },
};

export interface SignMeaning {
  name: string;
  style: string;
}

export const SIGNS: Record<string, SignMeaning> = {
  aries: { name: 'Aries', style: 'direct, quick and ready to start' },
  taurus: { name: 'Taurus', style: 'steady, sensual and patient' },
  gemini: { name: 'Gemini', style: 'curious, talkative and changeable' },
  cancer: { name: 'Cancer', style: 'protective, tender and tuned to home' },
  leo: { name: 'Leo', style: 'warm, proud and expressive' },
  virgo: { name: 'Virgo', style: 'careful, practical and eager to improve' },
  libra: { name: 'Libra', style: 'fair-minded, sociable and drawn to balance' },
  scorpio: { name: 'Scorpio', style: 'intense, private and searching for depth' },
  sagittarius: { name: 'Sagittarius', style: 'open, restless and hungry for meaning' },
  capricorn: { name: 'Capricorn', style: 'ambitious, sober and long-sighted' },
  aquarius: { name: 'Aquarius', style: 'independent, inventive and group-minded' },
  pisces: { name: 'Pisces', style: 'dreamy, empathic and porous' },
};

/** House meanings (1 to 12), as areas of life. */
export const HOUSES: readonly string[] = [
  'self, body and how you begin things',
  'money, possessions and self-worth',
  'daily talk, siblings, neighbours and short trips',
  'home, family and your private foundations',
  'creativity, romance, play and children',
  'work routines, health and daily duties',
  'partnerships, close one-to-one relationships and open rivals',
  'shared resources, intimacy and what you owe or are owed',
  'travel, study, beliefs and the wider view',
  'career, reputation and public standing',
  'friends, groups and hopes for the future',
  'rest, retreat, the unseen and inner work',
];

/** The house numbers in words, first to twelfth. */
export const ORDINAL_WORDS = [
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

export function ordinal(n: number): string {
  const suffix =
    n % 10 === 1 && n !== 11
      ? 'st'
      : n % 10 === 2 && n !== 12
        ? 'nd'
        : n % 10 === 3 && n !== 13
          ? 'rd'
          : 'th';
  return `${n}${suffix}`;
}
