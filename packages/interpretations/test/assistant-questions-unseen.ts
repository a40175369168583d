// A second, independent set of questions as people type them into the assistant's chat, written
// without looking at the assistant, to check that it generalises beyond ASKED. Same conventions as
// assistant-questions.ts: `expect` is matched with toMatchObject and names only the fields that
// matter; a window is named by its label alone; a timing question without a window means the next
// three months, a forecast without one means this year, and a topic without one names no window.
import type { AskedQuestion } from './assistant-questions.ts';

export const UNSEEN: AskedQuestion[] = [
  // ── timing ─────────────────────────────────────────────────────────────────────────────────────
  {
    q: 'is tmrw a good day to text my ex or nah',
    expect: { kind: 'timing', topic: 'love', window: { label: 'tomorrow' } },
  },
  {
    q: 'should I send my CV out this week or hold off',
    expect: { kind: 'timing', topic: 'career', window: { label: 'this week' } },
  },
  {
    q: 'good time to apply to uni before the end of the year?',
    expect: { kind: 'timing', topic: 'learning', window: { label: 'until the end of the year' } },
  },
  {
    q: 'is this weekend a good time to tell bae i love them',
    expect: { kind: 'timing', topic: 'love', window: { label: 'this weekend' } },
  },
  {
    q: 'when should i finally join a gym',
    expect: { kind: 'timing', topic: 'health', window: { label: 'the next three months' } },
  },
  {
    q: 'is next month a good time to buy a new car',
    expect: { kind: 'timing', topic: 'money', window: { label: 'next month' } },
  },
  {
    q: 'whens the best time this year to go traveling? thinking south america',
    expect: { kind: 'timing', topic: 'learning', window: { label: 'this year' } },
  },
  {
    q: 'Is today a good day to accept the job offer I got?',
    expect: { kind: 'timing', topic: 'career', window: { label: 'today' } },
  },
  {
    q: "when's a good time to make a big life change",
    expect: { kind: 'timing', topic: null, window: { label: 'the next three months' } },
  },
  {
    q: 'should i record my EP before the summer or is that bad timing',
    expect: { kind: 'timing', topic: 'creativity', window: { label: 'until the summer' } },
  },
  {
    q: "my mum and I haven't spoken in months... would next week be a good time to visit her and try to make up?",
    expect: { kind: 'timing', topic: 'family', window: { label: 'next week' } },
  },

  // ── forecast ───────────────────────────────────────────────────────────────────────────────────
  {
    q: "how's saturn gonna hit me next yr",
    expect: { kind: 'forecast', body: 'saturn', window: { label: 'next year' } },
  },
  {
    q: "what's jupiter bringing me this month?",
    expect: { kind: 'forecast', body: 'jupiter', window: { label: 'this month' } },
  },
  {
    q: 'will venus be kind to me this weekend 🥺',
    expect: { kind: 'forecast', body: 'venus', window: { label: 'this weekend' } },
  },
  {
    q: 'what does mars mean for me over the next few months',
    expect: { kind: 'forecast', body: 'mars', window: { label: 'the next three months' } },
  },
  {
    q: 'how is neptune going to influence me for the rest of the year',
    expect: { kind: 'forecast', body: 'neptune', window: { label: 'until the end of the year' } },
  },
  {
    q: 'what has pluto got lined up for me',
    expect: { kind: 'forecast', body: 'pluto', window: { label: 'this year' } },
  },
  {
    q: 'how will mercury affect me tmrw',
    expect: { kind: 'forecast', body: 'mercury', window: { label: 'tomorrow' } },
  },
  {
    q: 'is uranus going to shake things up for me before summer',
    expect: { kind: 'forecast', body: 'uranus', window: { label: 'until the summer' } },
  },
  {
    q: 'what influence will the moon have on me this week',
    expect: { kind: 'forecast', body: 'moon', window: { label: 'this week' } },
  },
  {
    q: "what's the north node got in store for me next year",
    expect: { kind: 'forecast', body: 'trueNode', window: { label: 'next year' } },
  },

  // ── topic ──────────────────────────────────────────────────────────────────────────────────────
  // career
  {
    q: 'is my carrer gonna take off this year',
    expect: { kind: 'topic', topic: 'career', window: { label: 'this year' } },
  },
  { q: 'will i ever find a job i actually enjoy', expect: { kind: 'topic', topic: 'career' } },
  {
    q: 'how will my new gig at the agency go next month',
    expect: { kind: 'topic', topic: 'career', window: { label: 'next month' } },
  },
  // money
  {
    q: "how's my cash flow looking this week",
    expect: { kind: 'topic', topic: 'money', window: { label: 'this week' } },
  },
  { q: 'am i going to be skint forever 😩', expect: { kind: 'topic', topic: 'money' } },
  // love
  {
    q: 'hows it gonna be with bae this weekend',
    expect: { kind: 'topic', topic: 'love', window: { label: 'this weekend' } },
  },
  { q: 'will my hubby and i get through this rough patch', expect: { kind: 'topic', topic: 'love' } },
  {
    q: 'is there any romance on the cards for me next month?',
    expect: { kind: 'topic', topic: 'love', window: { label: 'next month' } },
  },
  { q: 'does my ex still think about me', expect: { kind: 'topic', topic: 'love' } },
  // family
  {
    q: 'how are things with my mom going to be this month',
    expect: { kind: 'topic', topic: 'family', window: { label: 'this month' } },
  },
  { q: 'will my sister and i ever get along', expect: { kind: 'topic', topic: 'family' } },
  // friends
  {
    q: "how's the friendship with my flatmates looking this month",
    expect: { kind: 'topic', topic: 'friends', window: { label: 'this month' } },
  },
  {
    q: 'will i make some new mates this year',
    expect: { kind: 'topic', topic: 'friends', window: { label: 'this year' } },
  },
  // health
  {
    q: 'how is my helth looking next month?',
    expect: { kind: 'topic', topic: 'health', window: { label: 'next month' } },
  },
  // creativity
  {
    q: "how's my creative mojo this month? been totally blocked",
    expect: { kind: 'topic', topic: 'creativity', window: { label: 'this month' } },
  },
  // learning
  {
    q: 'is uni going to go well for me this year',
    expect: { kind: 'topic', topic: 'learning', window: { label: 'this year' } },
  },
  // spirituality
  { q: 'how can i get more in touch with my intuition', expect: { kind: 'topic', topic: 'spirituality' } },
  {
    q: 'is this year going to be a spiritual awakening for me',
    expect: { kind: 'topic', topic: 'spirituality', window: { label: 'this year' } },
  },

  // ── definition ─────────────────────────────────────────────────────────────────────────────────
  // concepts
  {
    q: 'can u explain what it means when a planet goes backwards',
    expect: { kind: 'definition', term: 'retrograde' },
  },
  { q: 'what is a saturn return', expect: { kind: 'definition', term: 'return' } },
  { q: 'what does mutable mean in astrology', expect: { kind: 'definition', term: 'modality' } },
  { q: 'what does it mean when a planet is in its fall', expect: { kind: 'definition', term: 'dignity' } },
  { q: "what's a birth chart exactly?", expect: { kind: 'definition', term: 'natal-chart' } },
  {
    q: 'what does it mean when a planet goes direct again',
    expect: { kind: 'definition', term: 'station' },
  },
  { q: 'what is whole sign house system', expect: { kind: 'definition', term: 'house-system' } },
  // signs
  { q: 'tell me about geminis', expect: { kind: 'definition', term: 'gemini' } },
  { q: 'discribe a typical taurus', expect: { kind: 'definition', term: 'taurus' } },
  // bodies and points
  { q: 'what does saturn symbolise', expect: { kind: 'definition', term: 'saturn' } },
  { q: 'what does the moon represent in a chart?', expect: { kind: 'definition', term: 'moon' } },
  // houses
  { q: 'explain the 10th house', expect: { kind: 'definition', term: 'house-10' } },
  { q: "what's the fifth house all about", expect: { kind: 'definition', term: 'house-5' } },
  { q: 'what does the 8th hosue rule?', expect: { kind: 'definition', term: 'house-8' } },
  // aspects
  { q: 'are trines good or bad', expect: { kind: 'definition', term: 'trine' } },
  { q: 'explain squares in astrology pls', expect: { kind: 'definition', term: 'square' } },

  // ── chart ──────────────────────────────────────────────────────────────────────────────────────
  { q: 'remind me of my big 3 pls', expect: { kind: 'chart', fact: 'big-three' } },
  { q: "what's my ruling planet", expect: { kind: 'chart', fact: 'ruler' } },
  { q: 'do i have a lot of earth in my chart', expect: { kind: 'chart', fact: 'elements' } },
  { q: 'am i mostly fixed signs?', expect: { kind: 'chart', fact: 'modalities' } },
  { q: 'what lunar phase was i born in', expect: { kind: 'chart', fact: 'moon-phase' } },
  { q: 'what planet stands out the most in my natal chart', expect: { kind: 'chart', fact: 'dominant' } },
  { q: "where's my jupiter", expect: { kind: 'chart', fact: 'placement', body: 'jupiter' } },
  { q: 'moon placement in my chart?', expect: { kind: 'chart', fact: 'placement', body: 'moon' } },
  { q: 'wots my ascendant', expect: { kind: 'chart', fact: 'placement', body: 'ascendant' } },
  { q: 'where is my north node', expect: { kind: 'chart', fact: 'placement', body: 'trueNode' } },
  { q: 'what have i got in my 5th house', expect: { kind: 'chart', fact: 'house', house: 5 } },
  { q: 'is my 12th house empty?', expect: { kind: 'chart', fact: 'house', house: 12 } },
  {
    q: 'are there oppositions anywhere in my chart',
    expect: { kind: 'chart', fact: 'aspects', aspect: 'opposition' },
  },
  { q: 'list my aspects', expect: { kind: 'chart', fact: 'aspects' } },

  // ── sky ────────────────────────────────────────────────────────────────────────────────────────
  { q: 'is merc retro rn??', expect: { kind: 'sky', fact: 'retrograde', body: 'mercury' } },
  { q: 'is saturn retograde currently', expect: { kind: 'sky', fact: 'retrograde', body: 'saturn' } },
  { q: 'are any planets in retrograde today', expect: { kind: 'sky', fact: 'retrograde' } },
  { q: "what's the moon in rn", expect: { kind: 'sky', fact: 'moon-sign' } },
  { q: 'is the moon waxing or waning at the moment', expect: { kind: 'sky', fact: 'moon-phase' } },
  { q: 'is tonight a new moon?', expect: { kind: 'sky', fact: 'moon-phase' } },
  { q: 'when does mars go into a new sign', expect: { kind: 'sky', fact: 'next-ingress' } },
  { q: 'when does mercury station direct', expect: { kind: 'sky', fact: 'next-station' } },
  { q: 'what are the stars up to today?', expect: { kind: 'sky', fact: 'today' } },

  // ── transits ───────────────────────────────────────────────────────────────────────────────────
  {
    q: 'what are the vibes for me this weekend astrologically',
    expect: { kind: 'transits', window: { label: 'this weekend' } },
  },
  {
    q: 'anything big hitting my chart next month?',
    expect: { kind: 'transits', window: { label: 'next month' } },
  },
  {
    q: "what's happening with my mars tomorrow",
    expect: { kind: 'transits', body: 'mars', window: { label: 'tomorrow' } },
  },
  {
    q: 'any planets aspecting my venus today',
    expect: { kind: 'transits', body: 'venus', window: { label: 'today' } },
  },
  {
    q: 'my transits for the next 3 months?',
    expect: { kind: 'transits', window: { label: 'the next three months' } },
  },
  {
    q: "what's the energy like for me this week",
    expect: { kind: 'transits', window: { label: 'this week' } },
  },

  // ── feeling ────────────────────────────────────────────────────────────────────────────────────
  { q: 'my anxiety is through the roof lately', expect: { kind: 'feeling', feeling: 'anxious' } },
  { q: 'i feel so drained and exhausted all the time', expect: { kind: 'feeling', feeling: 'tired' } },
  { q: "i'm in such a rut and can't get out of it", expect: { kind: 'feeling', feeling: 'stuck' } },
  { q: 'feeling really down this week 😔', expect: { kind: 'feeling', feeling: 'sad' } },
  {
    q: 'cant settle at all, i just want to pack up and run away',
    expect: { kind: 'feeling', feeling: 'restless' },
  },
  { q: 'everyone is pissing me off today', expect: { kind: 'feeling', feeling: 'angry' } },
  { q: 'nobody gets me and i feel so alone', expect: { kind: 'feeling', feeling: 'lonely' } },
  { q: 'feeling optimistic for once, whats going on?', expect: { kind: 'feeling', feeling: 'hopeful' } },

  // ── compatibility ──────────────────────────────────────────────────────────────────────────────
  { q: 'my hubby is a cancer, are we compatible?', expect: { kind: 'compatibility', sign: 'cancer' } },
  { q: 'do aquarians and me get along', expect: { kind: 'compatibility', sign: 'aquarius' } },
  { q: 'would i vibe with a taurus', expect: { kind: 'compatibility', sign: 'taurus' } },
  { q: 'is dating a scorpio a bad idea for me', expect: { kind: 'compatibility', sign: 'scorpio' } },
  { q: 'my bestie is an aries, are we a good match', expect: { kind: 'compatibility', sign: 'aries' } },
  { q: 'me + capricorn = ?', expect: { kind: 'compatibility', sign: 'capricorn' } },

  // ── summary, strengths, challenges ─────────────────────────────────────────────────────────────
  { q: 'give me the gist of my chart', expect: { kind: 'summary' } },
  { q: 'describe my birth chart in a nutshell', expect: { kind: 'summary' } },
  { q: 'what are my superpowers according to the stars', expect: { kind: 'strengths' } },
  { q: 'what talents does my chart show?', expect: { kind: 'strengths' } },
  { q: 'what should i work on about myself', expect: { kind: 'challenges' } },
  { q: "what's my achilles heel astrologically", expect: { kind: 'challenges' } },

  // ── follow-ups ─────────────────────────────────────────────────────────────────────────────────
  { q: 'but why tho', after: 'is next month a good time to buy a new car', expect: { kind: 'why' } },
  { q: "hm what's that based on?", after: 'is my carrer gonna take off this year', expect: { kind: 'why' } },
  {
    q: 'what about this weekend',
    after: 'is tmrw a good day to text my ex or nah',
    expect: { kind: 'timing', topic: 'love', window: { label: 'this weekend' } },
  },
  {
    q: 'and uranus?',
    after: "what's jupiter bringing me this month?",
    expect: { kind: 'forecast', body: 'uranus', window: { label: 'this month' } },
  },
  {
    q: 'ok and my health?',
    after: 'is my carrer gonna take off this year',
    expect: { kind: 'topic', topic: 'health' },
  },
  {
    q: 'ok and with a sagittarius?',
    after: 'my hubby is a cancer, are we compatible?',
    expect: { kind: 'compatibility', sign: 'sagittarius' },
  },

  // ── refusals ───────────────────────────────────────────────────────────────────────────────────
  { q: 'gimme the winning numbers for the euromillions', expect: { kind: 'refuse', topic: 'lottery' } },
  { q: 'should i invest my savings in crypto right now', expect: { kind: 'refuse', topic: 'financial' } },
  { q: 'is this lump on my neck cancer', expect: { kind: 'refuse', topic: 'medical' } },
  { q: 'will i win custody of my kids in court', expect: { kind: 'refuse', topic: 'legal' } },

  // ── greeting ───────────────────────────────────────────────────────────────────────────────────
  { q: 'heyyy', expect: { kind: 'greeting' } },
  { q: 'hello hello 😊', expect: { kind: 'greeting' } },

  // ── off-topic ──────────────────────────────────────────────────────────────────────────────────
  { q: "what's the weather in london tomorrow", expect: { kind: 'off-topic' } },
  { q: 'can you recommend a good netflix series', expect: { kind: 'off-topic' } },
  { q: 'how long do i boil an egg for', expect: { kind: 'off-topic' } },
  { q: 'what time does tesco close on sundays', expect: { kind: 'off-topic' } },
];
