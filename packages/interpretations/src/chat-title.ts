// The title a conversation takes from its first question: the topic the assistant recognised,
// named as a title ("Moon sign and emotions"), not the question cut short. Words as data a writer
// can edit, like the knowledge base.
import { CHAT_TITLE_MAX } from '@app/contracts/chat.ts';
import { recognise } from './chat-composer.ts';
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
const PERIODS = { today: 'today', week: 'this week', month: 'this month' } as const;
const REFUSALS = {
  lottery: 'Luck and chance',
  medical: 'A health question',
  legal: 'A legal question',
  financial: 'A money question',
} as const;
/** Words kept from a question the assistant did not recognise. */
const UNCLEAR_WORDS = 6;

/** A short title for a conversation, from the topic of its first question. */
export function topicTitle(question: string): string {
  const intent = recognise(question);
  switch (intent.kind) {
    case 'refuse':
      return REFUSALS[intent.topic];
    case 'greeting':
      return 'Getting started';
    case 'transits':
      return intent.body
        ? `${bodyName(intent.body)} transits ${PERIODS[intent.period]}`
        : intent.period === 'today'
          ? 'Today’s transits'
          : `Transits ${PERIODS[intent.period]}`;
    case 'timing':
      return 'Timing and the next transits';
    case 'body':
      return BODY_TITLES[intent.body] ?? bodyName(intent.body);
    case 'house':
      return `${ordinal(intent.house)} house: ${HOUSE_TITLES[intent.house - 1]}`;
    case 'aspects':
      return intent.aspect
        ? `${intent.aspect.charAt(0).toUpperCase()}${intent.aspect.slice(1)}s in my chart`
        : 'Aspects in my chart';
    case 'sign':
      return `${SIGNS[intent.sign]?.name ?? intent.sign} in my chart`;
    case 'career':
      return 'Career and vocation';
    case 'love':
      return 'Love and relationships';
    case 'overview':
      return 'Birth chart overview';
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
