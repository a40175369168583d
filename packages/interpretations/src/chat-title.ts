// The title a conversation takes from its first question: the topic the assistant recognised,
// named as a title ("Moon sign and emotions"), not the question cut short. Words as data a writer
// can edit, like the knowledge base.
import { CHAT_TITLE_MAX } from '@app/contracts/chat.ts';
import { understand } from './assistant/understand.ts';
import { ordinal, SIGNS } from './knowledge.ts';

const BODY_TITLES: Record<string, string> = {
  sun: 'Sun sign and identity',
  moon: 'Moon sign and emotions',
  mercury: 'Mercury and communication',
  venus: 'Venus and love',
  mars: 'Mars and drive',
  jupiter: 'Jupiter and growth',
  saturn: 'Saturn and responsibility',
  uranus: 'Uranus and change',
  neptune: 'Neptune and dreams',
  pluto: 'Pluto and transformation',
  trueNode: 'North Node and life direction',
  lilith: 'Black Moon Lilith',
  ascendant: 'Rising sign and first impressions',
  midheaven: 'Midheaven and vocation',
};

/** Short themes of the houses (1 to 12), for titles. */
const HOUSE_TITLES = [
  'self and beginnings',
  'money and self-worth',
  'communication and siblings',
  'home and family',
  'creativity and romance',
  'work and health',
  'partnerships',
  'intimacy and shared resources',
  'travel and beliefs',
  'career and reputation',
  'friends and hopes',
  'rest and inner work',
];

const BODY_NAMES: Record<string, string> = { trueNode: 'North Node', ascendant: 'Rising sign' };
const bodyName = (body: string) => BODY_NAMES[body] ?? body.charAt(0).toUpperCase() + body.slice(1);
const REFUSALS = {
  lottery: 'Luck and chance',
  medical: 'A health question',
  legal: 'A legal question',
  financial: 'A money question',
} as const;
/** Words kept from a question the assistant did not recognise. */
const UNCLEAR_WORDS = 6;

const TOPIC_TITLES: Record<string, string> = {
  career: 'Career and vocation',
  money: 'Money and security',
  love: 'Love and relationships',
  family: 'Home and family',
  friends: 'Friends and community',
  health: 'Wellbeing and energy',
  creativity: 'Creativity and play',
  learning: 'Learning and travel',
  spirituality: 'Meaning and spirituality',
};
const CHART_TITLES: Record<string, string> = {
  'big-three': 'My big three',
  ruler: 'My chart ruler',
  elements: 'Elements in my chart',
  modalities: 'Modalities in my chart',
  'moon-phase': 'The Moon at my birth',
  dominant: 'What dominates my chart',
};
const SKY_TITLES: Record<string, string> = {
  'moon-sign': 'The Moon today',
  'moon-phase': 'The Moon’s phase',
  retrograde: 'Retrograde planets',
  'next-ingress': 'Coming sign changes',
  'next-station': 'Coming stations',
  today: 'Today’s sky',
};
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A short title for a conversation, from the topic of its first question. */
export function topicTitle(question: string, date = new Date().toISOString().slice(0, 10)): string {
  const q = understand(question, { date });
  switch (q.kind) {
    case 'refuse':
      return REFUSALS[q.topic];
    case 'greeting':
      return 'Getting started';
    case 'transits':
      return q.body ? `${bodyName(q.body)} transits ${q.window.label}` : `Transits ${q.window.label}`;
    case 'timing':
      return q.topic ? `Timing for ${TOPIC_TITLES[q.topic]!.toLowerCase()}` : 'Good timing';
    case 'transit':
      return `${bodyName(q.body)} ${q.aspect} ${bodyName(q.point)}`;
    case 'forecast':
      return `${bodyName(q.body)} ${q.window.label}`;
    case 'topic':
      return TOPIC_TITLES[q.topic]!;
    case 'definition': {
      const house = /^house-(\d+)$/.exec(q.term);
      if (house) return `The ${ordinal(Number(house[1]))} house`;
      return `What ${SIGNS[q.term]?.name ?? q.term.replace(/-/g, ' ')} means`;
    }
    case 'chart':
      if (q.fact === 'placement' && q.body) return BODY_TITLES[q.body] ?? bodyName(q.body);
      if (q.fact === 'house' && q.house) return `${ordinal(q.house)} house: ${HOUSE_TITLES[q.house - 1]}`;
      if (q.fact === 'aspects') return q.aspect ? `${cap(q.aspect)}s in my chart` : 'Aspects in my chart';
      return CHART_TITLES[q.fact] ?? 'Birth chart overview';
    case 'sky':
      return q.fact === 'retrograde' && q.body ? `${bodyName(q.body)} retrograde` : SKY_TITLES[q.fact]!;
    case 'feeling':
      return `Feeling ${q.feeling}`;
    case 'compatibility':
      return `Me and ${SIGNS[q.sign]?.name ?? q.sign}`;
    case 'summary':
      return 'Birth chart overview';
    case 'strengths':
      return 'My strengths';
    case 'challenges':
      return 'My challenges';
    case 'why':
    case 'off-topic':
    case 'unclear':
      return firstWords(question);
  }
}

/** The question's first few words, whole, without its closing punctuation. */
function firstWords(question: string): string {
  const words = (question.split('\n')[0] ?? '')
    .trim()
    .replace(/[?!.…]+$/, '')
    .split(/\s+/);
  const title = words
    .slice(0, UNCLEAR_WORDS)
    .join(' ')
    .slice(0, CHAT_TITLE_MAX - 5)
    .trim();
  return title ? `${title.charAt(0).toUpperCase()}${title.slice(1)}` : 'A question';
}

/** The title, or "title (2)", "(3)"… when the person has a conversation of that name already. */
export function distinctTitle(title: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  if (!names.has(title)) return title;
  for (let n = 2; ; n++) if (!names.has(`${title} (${n})`)) return `${title} (${n})`;
}
