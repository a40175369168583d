// Understanding a question: what kind it is and what it names, from everyday phrasing with typos.
// Words are first mended against the astrology vocabulary ("retrogade" → "retrograde", words.ts),
// then the kinds are tried from the most specific (a refusal, a follow-up, a definition) to the
// most general, with the word families of lexicon.ts.
import {
  ASTROLOGY,
  aspectIn,
  bodyIn,
  FORECAST,
  feelingIn,
  has,
  houseIn,
  OFF_TOPIC,
  PERSONAL,
  signIn,
  termIn,
  topicIn,
} from './lexicon.ts';
import { CONCEPTS, type Question } from './question.ts';
import { DEFAULT_WINDOWS, windowIn } from './window.ts';
import { BODY_FORMS, normalise } from './words.ts';

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
