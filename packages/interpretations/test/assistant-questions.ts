// Questions as people type them into the assistant's chat, with what the assistant must understand.
// `expect` is matched with toMatchObject, so it names only the fields that matter; a window is named
// by its label alone.
import type { Question } from '../src/assistant/question.ts';

/** The windows a question can name, by the label the answer uses. */
export type WindowLabel =
  | 'today'
  | 'tomorrow'
  | 'this week'
  | 'next week'
  | 'this weekend'
  | 'this month'
  | 'next month'
  | 'the next three months'
  | 'this year'
  | 'next year'
  | 'until the summer'
  | 'until the end of the year';

/** What a question asks, per kind, with its window (if the kind has one) given by label only. */
type Expected<Q extends Question = Question> = Q extends Question
  ? Partial<Omit<Q, 'window'>> & { kind: Q['kind'] } & ('window' extends keyof Q
        ? { window?: { label: WindowLabel } | null }
        : unknown)
  : never;

/** A question as people ask it, with what it asks; `after` is the question asked just before in the same conversation (for follow-ups). */
export interface AskedQuestion {
  q: string;
  expect: Expected & Record<string, unknown>;
  after?: string;
}

export const ASKED: AskedQuestion[] = [
  // ── timing ─────────────────────────────────────────────────────────────────────────────────────
  {
    q: 'Is this a good week to ask for a raise?',
    expect: { kind: 'timing', topic: 'career', window: { label: 'this week' } },
  },
  {
    q: 'when should I start something new',
    expect: { kind: 'timing', topic: null, window: { label: 'the next three months' } },
  },
  {
    q: 'is tomorrow a good day for a first date?',
    expect: { kind: 'timing', topic: 'love', window: { label: 'tomorrow' } },
  },
  {
    q: 'best day this week for my job interview',
    expect: { kind: 'timing', topic: 'career', window: { label: 'this week' } },
  },
  {
    q: 'good time to propose to my girlfreind next month?',
    expect: { kind: 'timing', topic: 'love', window: { label: 'next month' } },
  },
  {
    q: 'When is the best time to move house this year?',
    expect: { kind: 'timing', topic: 'family', window: { label: 'this year' } },
  },
  {
    q: 'should i book my holiday abroad this weekend or wait',
    expect: { kind: 'timing', topic: 'learning', window: { label: 'this weekend' } },
  },
  {
    q: 'is today a good day to start my diet',
    expect: { kind: 'timing', topic: 'health', window: { label: 'today' } },
  },
  {
    q: 'when should i start writing my novel',
    expect: { kind: 'timing', topic: 'creativity', window: { label: 'the next three months' } },
  },
  {
    q: 'is next week ok to sit my driving test',
    expect: { kind: 'timing', topic: 'learning', window: { label: 'next week' } },
  },
  {
    q: 'good time to have a difficult conversation with my mum this week?',
    expect: { kind: 'timing', topic: 'family', window: { label: 'this week' } },
  },
  {
    q: 'whens a good day to throw my birthday party this month',
    expect: { kind: 'timing', topic: 'friends', window: { label: 'this month' } },
  },
  {
    q: 'Is this month a good time to make a big purchase?',
    expect: { kind: 'timing', topic: 'money', window: { label: 'this month' } },
  },
  {
    q: 'should I launch my business before the end of the year or wait?',
    expect: { kind: 'timing', topic: 'career', window: { label: 'until the end of the year' } },
  },
  {
    q: 'best time to start meditating regularly?',
    expect: { kind: 'timing', topic: 'spirituality', window: { label: 'the next three months' } },
  },
  {
    q: 'is next year a good year to go back to college',
    expect: { kind: 'timing', topic: 'learning', window: { label: 'next year' } },
  },
  {
    q: 'ok so when is a good time to ask my crush out 🙈',
    expect: { kind: 'timing', topic: 'love', window: { label: 'the next three months' } },
  },
  {
    q: 'good time to hand in my notice before summer?',
    expect: { kind: 'timing', topic: 'career', window: { label: 'until the summer' } },
  },
  {
    q: 'is this weekend good for starting a painting project',
    expect: { kind: 'timing', topic: 'creativity', window: { label: 'this weekend' } },
  },
  {
    q: 'good day tomorrow to negociate a pay rise?',
    expect: { kind: 'timing', topic: 'career', window: { label: 'tomorrow' } },
  },
  {
    q: 'when should I start budgeting properly',
    expect: { kind: 'timing', topic: 'money', window: { label: 'the next three months' } },
  },
  {
    q: 'is this a good month to reach out to old friends i lost touch with',
    expect: { kind: 'timing', topic: 'friends', window: { label: 'this month' } },
  },
  {
    q: "ok so I've been at the same company for five years and I think I finally want to ask my manager for a promotion, would next week be a good time or should I wait a bit??",
    expect: { kind: 'timing', topic: 'career', window: { label: 'next week' } },
  },

  // ── forecast ───────────────────────────────────────────────────────────────────────────────────
  {
    q: 'How will Saturn affect me this year?',
    expect: { kind: 'forecast', body: 'saturn', window: { label: 'this year' } },
  },
  {
    q: 'what does jupiter have in store for me',
    expect: { kind: 'forecast', body: 'jupiter', window: { label: 'this year' } },
  },
  {
    q: 'what will jupitor bring me next year',
    expect: { kind: 'forecast', body: 'jupiter', window: { label: 'next year' } },
  },
  {
    q: 'how is mars going to affect me this month',
    expect: { kind: 'forecast', body: 'mars', window: { label: 'this month' } },
  },
  {
    q: 'pluto and me next year, what should I expect?',
    expect: { kind: 'forecast', body: 'pluto', window: { label: 'next year' } },
  },
  {
    q: 'how will uranus effect me this year',
    expect: { kind: 'forecast', body: 'uranus', window: { label: 'this year' } },
  },
  {
    q: 'how is the north node influencing me this year?',
    expect: { kind: 'forecast', body: 'trueNode', window: { label: 'this year' } },
  },
  {
    q: 'how is lilith affecting me this month',
    expect: { kind: 'forecast', body: 'lilith', window: { label: 'this month' } },
  },
  {
    q: 'How will Venus affect me this week?',
    expect: { kind: 'forecast', body: 'venus', window: { label: 'this week' } },
  },
  {
    q: 'what will mercury do to me over the next three months',
    expect: { kind: 'forecast', body: 'mercury', window: { label: 'the next three months' } },
  },
  {
    q: 'how will the moon affect me today',
    expect: { kind: 'forecast', body: 'moon', window: { label: 'today' } },
  },
  {
    q: 'is neptune going to mess with me this year lol',
    expect: { kind: 'forecast', body: 'neptune', window: { label: 'this year' } },
  },
  {
    q: 'what does the sun have for me next month?',
    expect: { kind: 'forecast', body: 'sun', window: { label: 'next month' } },
  },
  {
    q: 'saturn forecast for me until the end of the year',
    expect: { kind: 'forecast', body: 'saturn', window: { label: 'until the end of the year' } },
  },
  {
    q: 'how will jupiter affect me by summer',
    expect: { kind: 'forecast', body: 'jupiter', window: { label: 'until the summer' } },
  },
  {
    q: 'what is pluto going to do to me',
    expect: { kind: 'forecast', body: 'pluto', window: { label: 'this year' } },
  },
  {
    q: 'hey how will mars treat me next week',
    expect: { kind: 'forecast', body: 'mars', window: { label: 'next week' } },
  },
  {
    q: 'whats saturn got planned for me in the next 3 months',
    expect: { kind: 'forecast', body: 'saturn', window: { label: 'the next three months' } },
  },
  {
    q: 'everyone on tiktok keeps saying saturn is going to be brutal this year and now im kind of scared, how is it actually going to affect me personally?',
    expect: { kind: 'forecast', body: 'saturn', window: { label: 'this year' } },
  },

  // ── topic ──────────────────────────────────────────────────────────────────────────────────────
  // career
  { q: 'what does my chart say about my career', expect: { kind: 'topic', topic: 'career' } },
  {
    q: 'will things get better with my boss this month?',
    expect: { kind: 'topic', topic: 'career', window: { label: 'this month' } },
  },
  {
    q: 'any chance of a promotion this year',
    expect: { kind: 'topic', topic: 'career', window: { label: 'this year' } },
  },
  {
    q: "how's work looking next week",
    expect: { kind: 'topic', topic: 'career', window: { label: 'next week' } },
  },
  { q: 'is my buisness going to do well', expect: { kind: 'topic', topic: 'career' } },
  { q: 'hey what kind of job would suit me?', expect: { kind: 'topic', topic: 'career' } },
  // money
  {
    q: 'how are my finaces looking this month',
    expect: { kind: 'topic', topic: 'money', window: { label: 'this month' } },
  },
  {
    q: 'will my salary go up this year?',
    expect: { kind: 'topic', topic: 'money', window: { label: 'this year' } },
  },
  {
    q: 'i keep overspending, what does astrology say about me and money',
    expect: { kind: 'topic', topic: 'money' },
  },
  {
    q: 'money outlook for next month? 💸',
    expect: { kind: 'topic', topic: 'money', window: { label: 'next month' } },
  },
  // love
  { q: 'will I meet someone soon?', expect: { kind: 'topic', topic: 'love' } },
  {
    q: "how's my love life looking this week",
    expect: { kind: 'topic', topic: 'love', window: { label: 'this week' } },
  },
  { q: 'what does my chart say about my realtionship', expect: { kind: 'topic', topic: 'love' } },
  { q: 'is my partner the one', expect: { kind: 'topic', topic: 'love' } },
  { q: 'will i ever get maried', expect: { kind: 'topic', topic: 'love' } },
  { q: 'does my crush like me back 😭', expect: { kind: 'topic', topic: 'love' } },
  { q: 'what will my soulmate be like?', expect: { kind: 'topic', topic: 'love' } },
  {
    q: "so I've been seeing someone for a few months and honestly I can't tell if it's going anywhere or if I'm just overthinking it all, what does dating look like for me this month",
    expect: { kind: 'topic', topic: 'love', window: { label: 'this month' } },
  },
  // family
  {
    q: 'how are things at home looking this month?',
    expect: { kind: 'topic', topic: 'family', window: { label: 'this month' } },
  },
  {
    q: 'me and my parents keep clashing, what does my chart say',
    expect: { kind: 'topic', topic: 'family' },
  },
  { q: 'what does my chart say about having kids', expect: { kind: 'topic', topic: 'family' } },
  {
    q: 'will moving house this year go smoothly',
    expect: { kind: 'topic', topic: 'family', window: { label: 'this year' } },
  },
  // friends
  {
    q: "how's my social life looking this month",
    expect: { kind: 'topic', topic: 'friends', window: { label: 'this month' } },
  },
  { q: 'what kind of friend am I?', expect: { kind: 'topic', topic: 'friends' } },
  { q: 'i struggle to find my community, any insight', expect: { kind: 'topic', topic: 'friends' } },
  {
    q: 'how are things with my freinds going to be this weekend',
    expect: { kind: 'topic', topic: 'friends', window: { label: 'this weekend' } },
  },
  // health
  {
    q: 'how can I look after my energy this week',
    expect: { kind: 'topic', topic: 'health', window: { label: 'this week' } },
  },
  { q: 'any advice for dealing with stress?', expect: { kind: 'topic', topic: 'health' } },
  { q: 'what does my chart say about my wellbeing', expect: { kind: 'topic', topic: 'health' } },
  { q: 'what does my chart say about sleep and rest', expect: { kind: 'topic', topic: 'health' } },
  // creativity
  { q: 'what does my chart say about my creativity', expect: { kind: 'topic', topic: 'creativity' } },
  {
    q: "i'm trying to get back into writing, how does this month look for that",
    expect: { kind: 'topic', topic: 'creativity', window: { label: 'this month' } },
  },
  { q: 'which hobbies would suit me', expect: { kind: 'topic', topic: 'creativity' } },
  {
    q: "how's my creative energy for art this week 🎨",
    expect: { kind: 'topic', topic: 'creativity', window: { label: 'this week' } },
  },
  // learning
  {
    q: 'how will my exams go next mnoth',
    expect: { kind: 'topic', topic: 'learning', window: { label: 'next month' } },
  },
  { q: 'what does my chart say about studying abroad?', expect: { kind: 'topic', topic: 'learning' } },
  {
    q: 'is travelling in my stars this year ✈️',
    expect: { kind: 'topic', topic: 'learning', window: { label: 'this year' } },
  },
  { q: 'any tips on how i learn best', expect: { kind: 'topic', topic: 'learning' } },
  // spirituality
  { q: 'what is my life purpose', expect: { kind: 'topic', topic: 'spirituality' } },
  { q: 'how can I deepen my meditaton practice', expect: { kind: 'topic', topic: 'spirituality' } },
  { q: 'what is my soul here to learn?', expect: { kind: 'topic', topic: 'spirituality' } },
  {
    q: 'what does my chart say about my spiritual path this year',
    expect: { kind: 'topic', topic: 'spirituality', window: { label: 'this year' } },
  },
  {
    q: 'looking for more meaning in life, what does astrology say',
    expect: { kind: 'topic', topic: 'spirituality' },
  },

  // ── definition ─────────────────────────────────────────────────────────────────────────────────
  // concepts
  { q: 'what does retrograde mean', expect: { kind: 'definition', term: 'retrograde' } },
  { q: 'what is a transit?', expect: { kind: 'definition', term: 'transit' } },
  { q: 'whats a natal chart', expect: { kind: 'definition', term: 'natal-chart' } },
  { q: 'what are houses in astrology', expect: { kind: 'definition', term: 'house' } },
  { q: 'what is an aspect in astrology?', expect: { kind: 'definition', term: 'aspect' } },
  { q: 'what exactly is a zodiac sign', expect: { kind: 'definition', term: 'sign' } },
  { q: 'what do the planets represent in astrology', expect: { kind: 'definition', term: 'planet' } },
  { q: 'what are the lunar nodes?', expect: { kind: 'definition', term: 'nodes' } },
  { q: 'what does void of course mean', expect: { kind: 'definition', term: 'void-of-course' } },
  { q: "what's a planetary return", expect: { kind: 'definition', term: 'return' } },
  { q: 'what is an orb', expect: { kind: 'definition', term: 'orb' } },
  {
    q: 'whats the difference between placidus and whole sign houses',
    expect: { kind: 'definition', term: 'house-system' },
  },
  { q: 'What is a chart ruler?', expect: { kind: 'definition', term: 'chart-ruler' } },
  { q: 'what are the elements in astrology', expect: { kind: 'definition', term: 'element' } },
  { q: 'cardinal fixed mutable, what does that mean', expect: { kind: 'definition', term: 'modality' } },
  { q: 'what do moon phases mean in astrology', expect: { kind: 'definition', term: 'moon-phase' } },
  { q: 'what does it mean when a planet stations?', expect: { kind: 'definition', term: 'station' } },
  { q: 'what is an ingress', expect: { kind: 'definition', term: 'ingress' } },
  { q: 'what does a new moon mean', expect: { kind: 'definition', term: 'new-moon' } },
  { q: 'what does a full moon mean astrologically 🌕', expect: { kind: 'definition', term: 'full-moon' } },
  { q: 'what is the big three in astrology', expect: { kind: 'definition', term: 'big-three' } },
  { q: 'what does rising sign mean', expect: { kind: 'definition', term: 'rising' } },
  {
    q: 'what does it mean when a planet is exalted or in detriment',
    expect: { kind: 'definition', term: 'dignity' },
  },
  // signs
  { q: 'what are scorpios like', expect: { kind: 'definition', term: 'scorpio' } },
  { q: 'tell me about the sign virgo', expect: { kind: 'definition', term: 'virgo' } },
  { q: 'what is aquarius known for?', expect: { kind: 'definition', term: 'aquarius' } },
  { q: 'what does saggitarius mean', expect: { kind: 'definition', term: 'sagittarius' } },
  // bodies and points
  { q: 'what does venus represnt in astrology', expect: { kind: 'definition', term: 'venus' } },
  { q: 'what does pluto rule', expect: { kind: 'definition', term: 'pluto' } },
  { q: "what's lilith in astrology", expect: { kind: 'definition', term: 'lilith' } },
  { q: 'what does the midhaven mean?', expect: { kind: 'definition', term: 'midheaven' } },
  { q: 'what is the acendant', expect: { kind: 'definition', term: 'ascendant' } },
  { q: 'what does mercury stand for in astrology', expect: { kind: 'definition', term: 'mercury' } },
  // houses
  { q: 'what does the 7th house mean', expect: { kind: 'definition', term: 'house-7' } },
  { q: 'what is the twelfth house about?', expect: { kind: 'definition', term: 'house-12' } },
  { q: '2nd house meaning', expect: { kind: 'definition', term: 'house-2' } },
  // aspects
  { q: 'what is a trine?', expect: { kind: 'definition', term: 'trine' } },
  { q: 'what does a square mean in astrolgy', expect: { kind: 'definition', term: 'square' } },
  { q: 'opposition aspect meaning?', expect: { kind: 'definition', term: 'opposition' } },
  { q: 'whats a sextile', expect: { kind: 'definition', term: 'sextile' } },
  { q: 'what does conjunct mean', expect: { kind: 'definition', term: 'conjunction' } },

  // ── chart ──────────────────────────────────────────────────────────────────────────────────────
  { q: "what's my big three", expect: { kind: 'chart', fact: 'big-three' } },
  { q: 'tell me my sun moon and rising', expect: { kind: 'chart', fact: 'big-three' } },
  { q: 'which planet rules my chart', expect: { kind: 'chart', fact: 'ruler' } },
  { q: 'who is my chart ruler?', expect: { kind: 'chart', fact: 'ruler' } },
  { q: 'which elemnt is strongest in my chart', expect: { kind: 'chart', fact: 'elements' } },
  { q: 'am I more fire or water?', expect: { kind: 'chart', fact: 'elements' } },
  { q: 'which modality dominates my chart', expect: { kind: 'chart', fact: 'modalities' } },
  { q: 'am i more cardinal, fixed or mutable', expect: { kind: 'chart', fact: 'modalities' } },
  { q: 'what was the moon phase when I was born', expect: { kind: 'chart', fact: 'moon-phase' } },
  { q: 'was i born under a full moon?', expect: { kind: 'chart', fact: 'moon-phase' } },
  { q: 'what are my dominant planets', expect: { kind: 'chart', fact: 'dominant' } },
  { q: 'which planet is strongest in my chart?', expect: { kind: 'chart', fact: 'dominant' } },
  { q: 'where is my venus', expect: { kind: 'chart', fact: 'placement', body: 'venus' } },
  { q: "what's my moon sign", expect: { kind: 'chart', fact: 'placement', body: 'moon' } },
  { q: 'what sign is my mercury in', expect: { kind: 'chart', fact: 'placement', body: 'mercury' } },
  { q: "what's my rising sign mean", expect: { kind: 'chart', fact: 'placement', body: 'ascendant' } },
  { q: 'which house is my sun in?', expect: { kind: 'chart', fact: 'placement', body: 'sun' } },
  { q: "where's my mars placed", expect: { kind: 'chart', fact: 'placement', body: 'mars' } },
  { q: 'what sign is my saturn in?', expect: { kind: 'chart', fact: 'placement', body: 'saturn' } },
  { q: "what's my midheaven", expect: { kind: 'chart', fact: 'placement', body: 'midheaven' } },
  { q: 'hey where is my lilith', expect: { kind: 'chart', fact: 'placement', body: 'lilith' } },
  { q: 'what house is my mecury in', expect: { kind: 'chart', fact: 'placement', body: 'mercury' } },
  { q: "what's in my 7th house", expect: { kind: 'chart', fact: 'house', house: 7 } },
  { q: 'any planets in my 10th house?', expect: { kind: 'chart', fact: 'house', house: 10 } },
  { q: 'which planets are in my first house', expect: { kind: 'chart', fact: 'house', house: 1 } },
  { q: 'do I have any squares', expect: { kind: 'chart', fact: 'aspects', aspect: 'square' } },
  { q: 'do i have any trines in my chart', expect: { kind: 'chart', fact: 'aspects', aspect: 'trine' } },
  { q: 'what aspects are in my chart?', expect: { kind: 'chart', fact: 'aspects' } },

  // ── sky ────────────────────────────────────────────────────────────────────────────────────────
  { q: 'is mercury retrograde right now', expect: { kind: 'sky', fact: 'retrograde', body: 'mercury' } },
  { q: 'is mercury retrogade??', expect: { kind: 'sky', fact: 'retrograde', body: 'mercury' } },
  { q: 'which planets are retrograde', expect: { kind: 'sky', fact: 'retrograde' } },
  { q: 'is venus retrograde at the moment?', expect: { kind: 'sky', fact: 'retrograde', body: 'venus' } },
  { q: 'anything retrograde rn', expect: { kind: 'sky', fact: 'retrograde' } },
  { q: 'what sign is the moon in today', expect: { kind: 'sky', fact: 'moon-sign' } },
  { q: 'which sign is the moon in at the moment?', expect: { kind: 'sky', fact: 'moon-sign' } },
  { q: 'what phase is the moon', expect: { kind: 'sky', fact: 'moon-phase' } },
  { q: 'is it a full moon tonight 🌕', expect: { kind: 'sky', fact: 'moon-phase' } },
  { q: 'when does venus change sign', expect: { kind: 'sky', fact: 'next-ingress' } },
  { q: 'when is the next plannet changing signs?', expect: { kind: 'sky', fact: 'next-ingress' } },
  { q: 'when does the sun move into the next sign', expect: { kind: 'sky', fact: 'next-ingress' } },
  { q: 'when is the next station', expect: { kind: 'sky', fact: 'next-station' } },
  { q: 'is any planet about to station soon?', expect: { kind: 'sky', fact: 'next-station' } },
  { q: "what's the astrological weather today", expect: { kind: 'sky', fact: 'today' } },
  { q: "what's happening in the sky today?", expect: { kind: 'sky', fact: 'today' } },

  // ── transits ───────────────────────────────────────────────────────────────────────────────────
  { q: 'what transits am I having this week', expect: { kind: 'transits', window: { label: 'this week' } } },
  {
    q: "what's going on with my Venus this week",
    expect: { kind: 'transits', body: 'venus', window: { label: 'this week' } },
  },
  { q: 'any big transits for me this month?', expect: { kind: 'transits', window: { label: 'this month' } } },
  { q: 'what are my transits today', expect: { kind: 'transits', window: { label: 'today' } } },
  { q: 'whats hitting my chart next week', expect: { kind: 'transits', window: { label: 'next week' } } },
  {
    q: 'anything touching my sun this month',
    expect: { kind: 'transits', body: 'sun', window: { label: 'this month' } },
  },
  { q: 'what transists do i have tomorrow', expect: { kind: 'transits', window: { label: 'tomorrow' } } },
  {
    q: 'are there any transits to my moon next month?',
    expect: { kind: 'transits', body: 'moon', window: { label: 'next month' } },
  },
  { q: 'whats my horoscop for this week', expect: { kind: 'transits', window: { label: 'this week' } } },

  // ── feeling ────────────────────────────────────────────────────────────────────────────────────
  { q: 'i feel anxious today, why?', expect: { kind: 'feeling', feeling: 'anxious' } },
  { q: 'why am I so tired lately', expect: { kind: 'feeling', feeling: 'tired' } },
  { q: 'feeling stuck', expect: { kind: 'feeling', feeling: 'stuck' } },
  { q: "i'm sad and don't know why", expect: { kind: 'feeling', feeling: 'sad' } },
  { q: 'so restless this week, cant sit still', expect: { kind: 'feeling', feeling: 'restless' } },
  { q: 'why am I so angry at everything right now 😤', expect: { kind: 'feeling', feeling: 'angry' } },
  { q: 'i feel really lonley lately', expect: { kind: 'feeling', feeling: 'lonely' } },
  { q: 'everything is too much and I feel overwhelmed', expect: { kind: 'feeling', feeling: 'overwhelmed' } },
  { q: 'feeling weirdly hopeful today, is that the stars?', expect: { kind: 'feeling', feeling: 'hopeful' } },
  { q: 'so on edge and nervous lately, is it the planets', expect: { kind: 'feeling', feeling: 'anxious' } },
  { q: 'i feel like my life is going nowhere', expect: { kind: 'feeling', feeling: 'stuck' } },
  {
    q: "ok so I've been really irritable and snappy with everyone",
    expect: { kind: 'feeling', feeling: 'angry' },
  },
  { q: 'feel so overwelmed right now', expect: { kind: 'feeling', feeling: 'overwhelmed' } },
  {
    q: "I don't know, everything just feels heavy lately, I wake up and can't be bothered doing anything and I keep crying at adverts. is something going on up there",
    expect: { kind: 'feeling', feeling: 'sad' },
  },

  // ── compatibility ──────────────────────────────────────────────────────────────────────────────
  { q: 'how compatible am I with a Leo', expect: { kind: 'compatibility', sign: 'leo' } },
  { q: 'are scorpios good for me', expect: { kind: 'compatibility', sign: 'scorpio' } },
  { q: 'me and a gemini?', expect: { kind: 'compatibility', sign: 'gemini' } },
  { q: 'am i compatable with capricorns', expect: { kind: 'compatibility', sign: 'capricorn' } },
  { q: 'my boyfriend is a virgo, do we match?', expect: { kind: 'compatibility', sign: 'virgo' } },
  { q: 'would a piscies and me work out', expect: { kind: 'compatibility', sign: 'pisces' } },
  { q: 'is an aries a good match for me?', expect: { kind: 'compatibility', sign: 'aries' } },
  { q: 'hey how well do i get on with libras', expect: { kind: 'compatibility', sign: 'libra' } },
  { q: 'sagittarius compatibility with me 💕', expect: { kind: 'compatibility', sign: 'sagittarius' } },

  // ── summary, strengths, challenges ─────────────────────────────────────────────────────────────
  { q: 'my chart in three sentences', expect: { kind: 'summary' } },
  { q: 'sum up my chart', expect: { kind: 'summary' } },
  { q: 'give me a quick overview of my birth chart', expect: { kind: 'summary' } },
  { q: 'tldr of my natal chart pls', expect: { kind: 'summary' } },
  { q: 'what are my strengths', expect: { kind: 'strengths' } },
  { q: 'what am I naturally good at according to my chart?', expect: { kind: 'strengths' } },
  { q: 'what are my best qualities astrologically', expect: { kind: 'strengths' } },
  { q: "what's my greatest gift in my chart", expect: { kind: 'strengths' } },
  { q: 'what are my weaknesses', expect: { kind: 'challenges' } },
  { q: 'what challenges does my chart show?', expect: { kind: 'challenges' } },
  { q: 'what are my blind spots astrologically', expect: { kind: 'challenges' } },
  { q: "what's my biggest weakness acording to my chart", expect: { kind: 'challenges' } },

  // ── why ────────────────────────────────────────────────────────────────────────────────────────
  { q: 'why?', after: 'Is this a good week to ask for a raise?', expect: { kind: 'why' } },
  { q: 'how come', after: 'hey how will mars treat me next week', expect: { kind: 'why' } },
  { q: 'why do you say that', after: "how's my love life looking this week", expect: { kind: 'why' } },

  // ── follow-ups ─────────────────────────────────────────────────────────────────────────────────
  {
    q: 'and next month?',
    after: 'Is this a good week to ask for a raise?',
    expect: { kind: 'timing', topic: 'career', window: { label: 'next month' } },
  },
  {
    q: 'what about next week then',
    after: 'is today a good day to start my diet',
    expect: { kind: 'timing', topic: 'health', window: { label: 'next week' } },
  },
  {
    q: 'what about love?',
    after: 'what does my chart say about my career',
    expect: { kind: 'topic', topic: 'love' },
  },
  { q: 'and my money', after: "how's work looking next week", expect: { kind: 'topic', topic: 'money' } },
  {
    q: 'and saturn?',
    after: 'what does jupiter have in store for me',
    expect: { kind: 'forecast', body: 'saturn', window: { label: 'this year' } },
  },
  {
    q: 'ok what about pluto',
    after: 'how is mars going to affect me this month',
    expect: { kind: 'forecast', body: 'pluto', window: { label: 'this month' } },
  },
  {
    q: 'and venus?',
    after: 'is mercury retrograde right now',
    expect: { kind: 'sky', fact: 'retrograde', body: 'venus' },
  },
  {
    q: 'what about a taurus',
    after: 'how compatible am I with a Leo',
    expect: { kind: 'compatibility', sign: 'taurus' },
  },
  {
    q: 'and next week?',
    after: 'what transits am I having this week',
    expect: { kind: 'transits', window: { label: 'next week' } },
  },

  // ── refusals ───────────────────────────────────────────────────────────────────────────────────
  { q: 'what are my lucky lottery numbers', expect: { kind: 'refuse', topic: 'lottery' } },
  { q: 'give me lotto numbers for saturday pls 🍀', expect: { kind: 'refuse', topic: 'lottery' } },
  { q: 'should I buy bitcoin', expect: { kind: 'refuse', topic: 'financial' } },
  { q: 'should i put all my savings into tesla stock?', expect: { kind: 'refuse', topic: 'financial' } },
  { q: 'do I have diabetes', expect: { kind: 'refuse', topic: 'medical' } },
  { q: 'should I stop taking my antidepressants', expect: { kind: 'refuse', topic: 'medical' } },
  { q: 'should I sue my landlord', expect: { kind: 'refuse', topic: 'legal' } },
  { q: 'will i win my court case against my old employer?', expect: { kind: 'refuse', topic: 'legal' } },

  // ── greeting ───────────────────────────────────────────────────────────────────────────────────
  { q: 'hi', expect: { kind: 'greeting' } },
  { q: 'hey there 👋', expect: { kind: 'greeting' } },
  { q: 'Good morning!', expect: { kind: 'greeting' } },

  // ── off-topic ──────────────────────────────────────────────────────────────────────────────────
  { q: "what's the capital of france", expect: { kind: 'off-topic' } },
  { q: 'write me a poem about cats', expect: { kind: 'off-topic' } },
  { q: 'how do I fix my wifi', expect: { kind: 'off-topic' } },
  { q: 'can you help with my maths homework', expect: { kind: 'off-topic' } },
  { q: 'who won the football last night?', expect: { kind: 'off-topic' } },
  { q: 'whats a good recipe for banana bread', expect: { kind: 'off-topic' } },
];
