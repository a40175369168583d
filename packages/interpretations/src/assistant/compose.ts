// The built-in assistant's answer to one question: understood (understand.ts), then written from
// the facts with the library's words, the direct answer first. Also says which facts the server
// must gather for a question before it can be answered.
import type { ChatFacts, ComposedAnswer, ComposeOptions } from '../chat-composer.ts';
import { entryAt, type Reading } from '../library/library.ts';
import type { FactsNeeded } from './answer-facts.ts';
import {
  aspectFact,
  aspectReading,
  chartAnswer,
  compatibilityAnswer,
  definitionAnswer,
  dominantPlanets,
} from './compose-chart.ts';
import {
  feelingAnswer,
  forecastAnswer,
  skyAnswer,
  timingAnswer,
  topicAnswer,
  transitAnswer,
  transitsAnswer,
} from './compose-time.ts';
import { personAnswer } from './person.ts';
import type { Question } from './question.ts';
import { understand } from './understand.ts';
import { AnswerWriter, nameOf } from './writer.ts';

const REFUSALS = {
  lottery: 'predict lottery numbers or any game of chance',
  medical: 'give medical advice; please talk to a doctor or another health professional',
  legal: 'give legal advice; a lawyer can help with that',
  financial: 'give financial or investment advice; a licensed adviser can',
} as const;

const FALLBACK =
  'I want to answer the right question. Could you tell me a little more? For example, you could ask about a planet ("What does my Venus mean?"), a house ("What is in my 10th house?"), your Moon sign, or the transits of this week.';

/** The local date of the question in the person's zone. */
function dateOf(facts: Pick<ChatFacts, 'now' | 'zone'>): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: facts.zone }).format(new Date(facts.now));
}

export function questionOf(
  question: string,
  facts: Pick<ChatFacts, 'now' | 'zone'>,
  previous?: string,
): Question {
  return understand(question, { date: dateOf(facts), previous });
}

const PERSONAL_BODIES = ['sun', 'mercury', 'venus', 'mars', 'jupiter'];

/** What the server must gather before answering: the coming month, the sky ahead, a window of transits. */
export function factsNeeded(
  question: string,
  facts: Pick<ChatFacts, 'now' | 'zone'>,
  previous?: string,
): FactsNeeded {
  const q = questionOf(question, facts, previous);
  const long = (days: number) => days > 30;
  switch (q.kind) {
    case 'forecast':
      return { upcoming: false, sky: false, window: { window: q.window, bodies: [q.body] } };
    case 'timing':
      return long(q.window.from + q.window.days)
        ? { upcoming: false, sky: true, window: { window: q.window, bodies: PERSONAL_BODIES } }
        : { upcoming: true, sky: true, window: null };
    case 'topic':
      return q.window && long(q.window.from + q.window.days)
        ? { upcoming: false, sky: false, window: { window: q.window, bodies: PERSONAL_BODIES } }
        : { upcoming: true, sky: false, window: null };
    case 'transit':
      return { upcoming: true, sky: false, window: null };
    case 'transits':
      return q.window.days > 1
        ? { upcoming: true, sky: false, window: null }
        : { upcoming: false, sky: false, window: null };
    case 'sky':
    case 'feeling':
      return { upcoming: false, sky: true, window: null };
    case 'why':
      return previous ? factsNeeded(previous, facts) : { upcoming: false, sky: false, window: null };
    default:
      return { upcoming: false, sky: false, window: null };
  }
}

function write(w: AnswerWriter, q: Question): void {
  const f = w.facts;
  switch (q.kind) {
    case 'refuse':
      w.say(w.line('refusal', { what: REFUSALS[q.topic] }), w.line('refusalWhy', {}));
      w.say(w.line('refusalOffer', {}));
      return;
    case 'greeting':
      w.say(w.line('greeting', {}));
      return;
    case 'off-topic':
      w.say(w.phrase(['assistant/openers', 'offTopic']) ?? FALLBACK);
      return;
    case 'unclear':
      w.say(FALLBACK);
      return;
    case 'definition':
      definitionAnswer(w, q.term);
      return;
    case 'chart':
      chartAnswer(w, q.fact, q);
      return;
    case 'compatibility':
      compatibilityAnswer(w, q.sign);
      return;
    case 'sky':
      skyAnswer(w, q.fact, q.body);
      return;
    case 'transits':
      transitsAnswer(w, q.window, q.body);
      return;
    case 'transit':
      transitAnswer(w, q);
      return;
    case 'forecast':
      forecastAnswer(w, q.body, q.window);
      return;
    case 'timing':
      timingAnswer(w, q.topic, q.activity, q.window);
      return;
    case 'topic':
      topicAnswer(w, q.topic, q.window);
      return;
    case 'feeling':
      feelingAnswer(w, q.feeling);
      return;
    case 'summary': {
      for (const body of ['sun', 'moon', ...(f.timeKnown && f.ascendant ? ['ascendant'] : [])]) {
        const fact = w.placementFact(body);
        w.say(fact ? `**Your ${fact}**: ${w.signReading(body)?.about ?? ''}` : undefined);
      }
      if (!f.timeKnown) w.noteNoTime();
      return;
    }
    case 'strengths':
    case 'challenges': {
      const easy = q.kind === 'strengths';
      const aspects = f.aspects
        .filter((x) => (easy ? ['trine', 'sextile'] : ['square', 'opposition']).includes(x.kind))
        .slice(0, 2);
      const balance = f.natal
        ? Object.entries(f.natal.elements).sort((a, b) => (easy ? b[1] - a[1] : a[1] - b[1]))[0]
        : undefined;
      w.say(w.line(easy ? 'strengthsLead' : 'challengesLead', {}));
      w.say(aspects.map((x) => `- **${aspectFact(w, x)}**: ${aspectReading(w, x)?.about ?? ''}`).join('\n'));
      if (balance) {
        const entry = entryAt<Reading>(
          w.files,
          'natal/balance',
          'elements',
          balance[0],
          easy ? 'strong' : 'weak',
        );
        w.say(
          entry ? `- **${nameOf(balance[0])}** (${balance[1]} of 10 planets): ${entry.about}` : undefined,
        );
      }
      const [top] = dominantPlanets(w);
      if (easy && top) w.say(`Your standout planet is **${nameOf(top.body)}** (${top.why}).`);
      const last = aspects[0] ? aspectReading(w, aspects[0]) : undefined;
      w.say(last?.do);
      return;
    }
    case 'why': {
      const previous = w.options.previous;
      if (!previous) {
        w.say(FALLBACK);
        return;
      }
      const before = new AnswerWriter(f, { ...w.options, previous: undefined }, previous);
      write(before, questionOf(previous, f));
      if (before.recorded.length === 0)
        return void w.say(
          'That answer rests on general astrology rather than a particular placement in your chart.',
        );
      w.say(w.line('whyLead', {}));
      w.say(before.recorded.map((r) => `- **${w.fact(r.text, r.kind)}**`).join('\n'));
      return;
    }
  }
}

/** The built-in answer to a question, from the facts only. */
export function composeReply(
  question: string,
  facts: ChatFacts,
  options: ComposeOptions = {},
): ComposedAnswer {
  const q = questionOf(question, facts, options.previous);
  const w = new AnswerWriter(facts, options, question);
  // A question that names someone in the person's life is about the two of them.
  if (facts.person && q.kind !== 'refuse') personAnswer(w, facts.person);
  else write(w, q);
  return {
    paragraphs: w.paragraphs.filter(Boolean),
    facts: w.recorded,
    understood: q.kind !== 'unclear',
  };
}
