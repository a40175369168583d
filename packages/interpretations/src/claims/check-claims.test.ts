import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChatFacts, composeAnswer } from '../chat-composer.ts';
import { ASPECTS, ordinal, SIGNS } from '../knowledge.ts';
import { checkSentence, checkText, SentenceSplitter } from './check-claims.ts';

const COMPOSER_QUESTIONS = [
  'Tell me about my chart',
  'What about my Moon?',
  'my venus',
  'What is in my 7th house?',
  'What are my aspects?',
  'What about today?',
  'this week',
  'this month for my Venus',
  'When is a good time?',
  'career',
  'love',
  'Tell me about Leo',
  'my rising sign',
  'my midheaven',
  'squares',
  'my north node',
];

const ANSWER_FOR_STREAM =
  "### Your chart\n\nYou're a **Taurus Sun** with a *Leo Moon* and Capricorn rising. That means you are steady.\n\n- **Sun in Taurus (10th house)**: career.\n- **Moon in Leo (5th house)**: applause.\n- **Venus conjunct Mars**: passion.\n\nRight now the Moon is in Gemini, e.g. chatty. On 14 December Jupiter trines your Venus.\n";

import {
  ANGLE_CASES,
  ASPECT_CASES,
  type Case,
  HOUSE_CASES,
  LEFT_ALONE,
  RETRO_CASES,
  SIGN_CASES,
  SKY_CASES,
  TRANSIT_CASES,
} from './claim-cases.ts';
import type { ClaimFacts } from './claim-facts.ts';
import { NO_TIME, SAMPLE } from './claim-fixtures.ts';

function expectCase(c: Case): void {
  const facts = c.noTime ? NO_TIME : SAMPLE;
  const got = checkSentence(c.say, facts);
  if (c.want === undefined) {
    expect(got.text, c.say).toBe(c.say);
    expect(got.corrections, c.say).toEqual([]);
  } else {
    expect(got.text, c.say).toBe(c.want);
    expect(got.corrections.length, c.say).toBeGreaterThan(0);
  }
}

const TABLES: Record<string, Case[]> = {
  signs: SIGN_CASES,
  houses: HOUSE_CASES,
  angles: ANGLE_CASES,
  aspects: ASPECT_CASES,
  retrograde: RETRO_CASES,
  sky: SKY_CASES,
  transits: TRANSIT_CASES,
  'left alone': LEFT_ALONE,
};

for (const [name, cases] of Object.entries(TABLES))
  describe(`hand-written ${name}`, () => {
    it.each(cases.map((c) => [c.say, c] as const))('%j', (_say, c) => expectCase(c));
  });

// ---- generated: every body in every sign and house, every angle, every pair and aspect --------
const NAMES: Record<string, string> = {
  sun: 'Sun',
  moon: 'Moon',
  mercury: 'Mercury',
  venus: 'Venus',
  mars: 'Mars',
  jupiter: 'Jupiter',
  saturn: 'Saturn',
  uranus: 'Uranus',
  neptune: 'Neptune',
  pluto: 'Pluto',
  trueNode: 'North Node',
  lilith: 'Lilith',
};
const SIGN_IDS = Object.keys(SIGNS);
const sign = (id: string) => SIGNS[id]!.name;
const SIGN_TEMPLATES: ((body: string, s: string) => string)[] = [
  (b, s) => `Your ${b} is in ${s}.`,
  (b, s) => `Your ${s} ${b} shapes how you live.`,
  (b, s) => `With ${b} in ${s}, you know what you want.`,
  (b, s) => `- **${b} in ${s}**: a key placement.`,
  (b, s) => `Your natal ${b} sits in ${s}, and it shows.`,
];

function generated(): { name: string; cases: Case[] }[] {
  const signs: Case[] = [];
  const houses: Case[] = [];
  for (const p of SAMPLE.placements) {
    const name = NAMES[p.body]!;
    for (const t of SIGN_TEMPLATES)
      for (const s of SIGN_IDS)
        signs.push(
          s === p.sign ? { say: t(name, sign(s)) } : { say: t(name, sign(s)), want: t(name, sign(p.sign)) },
        );
    for (let h = 1; h <= 12; h++) {
      const say = `Your ${name} is in your ${ordinal(h)} house.`;
      houses.push(
        h === p.house ? { say } : { say, want: `Your ${name} is in your ${ordinal(p.house!)} house.` },
      );
      houses.push({ say, noTime: true, want: null });
    }
  }
  const angles: Case[] = [];
  const opposite = (s: string) => SIGN_IDS[(SIGN_IDS.indexOf(s) + 6) % 12]!;
  const ANGLES: [(s: string) => string, string][] = [
    [(s) => `${s} rising`, 'virgo'],
    [(s) => `Your Ascendant is in ${s}.`, 'virgo'],
    [(s) => `Your Midheaven is in ${s}.`, 'gemini'],
    [(s) => `Your Descendant is in ${s}.`, opposite('virgo')],
    [(s) => `Your IC is in ${s}.`, opposite('gemini')],
  ];
  for (const [t, right] of ANGLES)
    for (const s of SIGN_IDS) {
      angles.push(s === right ? { say: t(sign(s)) } : { say: t(sign(s)), want: t(sign(right)) });
      angles.push({ say: t(sign(s)), noTime: true, want: null });
    }
  const aspects: Case[] = [];
  const bodies = SAMPLE.placements.map((p) => p.body).filter((b) => b !== 'trueNode' && b !== 'lilith');
  for (let i = 0; i < bodies.length; i++)
    for (let j = i + 1; j < bodies.length; j++)
      for (const [kind, meaning] of Object.entries(ASPECTS)) {
        const [a, b] = [bodies[i]!, bodies[j]!];
        const real = SAMPLE.aspects.some(
          (x) => x.kind === kind && ((x.a === a && x.b === b) || (x.a === b && x.b === a)),
        );
        const verb = meaning.verb === 'meets' ? 'is conjunct' : meaning.verb;
        const say = `Your ${NAMES[a]} ${verb} ${NAMES[b]}.`;
        aspects.push(real ? { say } : { say, want: null });
      }
  const sky: Case[] = [];
  for (const x of SAMPLE.sky)
    for (const s of SIGN_IDS) {
      const t = (v: string) => `Today the ${NAMES[x.body]} is in ${v}.`;
      sky.push(s === x.sign ? { say: t(sign(s)) } : { say: t(sign(s)), want: t(sign(x.sign)) });
    }
  const transits: Case[] = [];
  const MONTHS = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone: SAMPLE.zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  for (const t of SAMPLE.transits) {
    const [d, m, y] = local.format(new Date(t.exactAt!)).split('/').map(Number) as [number, number, number];
    const verb = ASPECTS[t.kind]!.verb;
    for (let off = -3; off <= 3; off++) {
      const day = new Date(Date.UTC(y, m - 1, d + off));
      const when = `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
      const want = Math.abs(off) <= 1 ? undefined : null;
      const point = NAMES[t.point] ?? (t.point === 'ascendant' ? 'Ascendant' : 'Midheaven');
      transits.push({ say: `${NAMES[t.body]} ${verb} your ${point} on ${when}.`, want });
      transits.push({ say: `On ${when} ${NAMES[t.body]} ${verb} your natal ${point}, so take note.`, want });
    }
  }
  return [
    { name: 'transits', cases: transits },
    { name: 'signs', cases: signs },
    { name: 'houses', cases: houses },
    { name: 'angles', cases: angles },
    { name: 'aspects', cases: aspects },
    { name: 'sky signs', cases: sky },
  ];
}

for (const { name, cases } of generated())
  it(`generated ${name}: ${cases.length} sentences, every false one corrected or dropped`, () => {
    for (const c of cases) expectCase(c);
  });

describe('corrections', () => {
  it('records what was said and what the chart says', () => {
    expect(checkSentence('Your Moon is in Leo, which makes you warm.', SAMPLE).corrections).toEqual([
      { said: 'Your Moon is in Leo', chart: 'Your Moon is in Aquarius' },
    ]);
    expect(checkSentence('Mars squares Jupiter.', SAMPLE).corrections).toEqual([
      { said: 'Mars squares Jupiter', chart: 'Mars and Jupiter make a trine in your chart' },
    ]);
    expect(checkSentence('Your Sun trines Neptune.', SAMPLE).corrections).toEqual([
      { said: 'Your Sun trines Neptune', chart: 'Sun and Neptune make no aspect in your chart' },
    ]);
    expect(checkSentence('Saturn squares your Sun on 5 March.', SAMPLE).corrections).toEqual([
      { said: 'Saturn squares your Sun', chart: 'Saturn squares your Sun exactly on 3 March 2027' },
    ]);
    expect(checkSentence('Capricorn rising', SAMPLE).corrections).toEqual([
      { said: 'Capricorn rising', chart: 'Virgo rising' },
    ]);
    const noTime = checkSentence('Venus in your 11th house', NO_TIME);
    expect(noTime.text).toBeNull();
    expect(noTime.corrections[0]?.chart).toMatch(/birth time is not known/);
  });

  it('keeps the Markdown around a corrected claim', () => {
    expect(checkSentence('- **Your Moon is in _Leo_**, proudly.\n', SAMPLE).text).toBe(
      '- **Your Moon is in _Aquarius_**, proudly.\n',
    );
    expect(checkSentence('### Moon in Leo\n', SAMPLE).text).toBe('### Moon in Aquarius\n');
    expect(checkSentence('*Capricorn rising* gives you poise. ', SAMPLE).text).toBe(
      '*Virgo rising* gives you poise. ',
    );
  });

  it('reads a date without a year as the next such date in the person zone', () => {
    // 1 December 04:00 UTC is 1 December in London but 30 November in Los Angeles
    const la: ClaimFacts = { ...SAMPLE, zone: 'America/Los_Angeles' };
    expect(checkSentence('Mars opposes your Moon on 30 November.', la).text).not.toBeNull();
    expect(checkSentence('Mars opposes your Moon on 2 December.', la).text).toBeNull();
    expect(checkSentence('Mars opposes your Moon on 2 December.', SAMPLE).text).not.toBeNull();
    // 3 March is after 27 November: 2027; written with 2027 it is the same
    expect(checkSentence('Saturn squares your Sun on 3 March 2027.', SAMPLE).text).not.toBeNull();
  });
});

describe('checkText', () => {
  it('checks an answer sentence by sentence and keeps everything else', () => {
    const answer =
      '## Your chart\n\nYour Sun is in Taurus. Your Moon is in Leo, which makes you warm. Mars squares Jupiter, so effort meets resistance.\n\n- **Virgo rising**: careful.\n- **Mars in Aries**: quick.\n';
    const { text, corrections } = checkText(answer, SAMPLE);
    expect(text).toBe(
      '## Your chart\n\nYour Sun is in Taurus. Your Moon is in Aquarius, which makes you warm.\n\n- **Virgo rising**: careful.\n- **Mars in Leo**: quick.\n',
    );
    expect(corrections.map((c) => c.said)).toEqual([
      'Your Moon is in Leo',
      'Mars squares Jupiter',
      'Mars in Aries',
    ]);
  });

  it('drops a whole list item and its line', () => {
    const answer = '- Mars squares Jupiter.\n- Your Moon squares Pluto.\n';
    expect(checkText(answer, SAMPLE).text).toBe('- Your Moon squares Pluto.\n');
  });

  it('leaves no trailing space where the last sentence was dropped', () => {
    expect(checkText('Your Sun is in Taurus. Mars squares Jupiter.', SAMPLE).text).toBe(
      'Your Sun is in Taurus.',
    );
    expect(checkText('Your Sun is in Taurus. Mars squares Jupiter.\nNext line.', SAMPLE).text).toBe(
      'Your Sun is in Taurus.\nNext line.',
    );
  });

  it('gives the same result when the answer is streamed in pieces', () => {
    const answer = ANSWER_FOR_STREAM;
    const whole = checkText(answer, SAMPLE);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: answer.length }), { maxLength: 30 }), (raw) => {
        const cuts = [...raw.sort((a, b) => a - b), answer.length];
        const splitter = new SentenceSplitter();
        const sentences: string[] = [];
        let prev = 0;
        for (const c of cuts) {
          sentences.push(...splitter.push(answer.slice(prev, c)));
          prev = c;
        }
        sentences.push(...splitter.flush());
        const corrections = sentences.flatMap((x) => checkSentence(x, SAMPLE).corrections);
        expect(corrections).toEqual(whole.corrections);
      }),
      { numRuns: 50 },
    );
  });

  it('returns text without claims unchanged', () => {
    const answer = 'Hello! Ask me about e.g. your Moon sign.\n\n1. A planet\n2. A house\n';
    expect(checkText(answer, SAMPLE)).toEqual({ text: answer, corrections: [] });
  });
});

describe('the built-in composer', () => {
  it('never has its own answers corrected', () => {
    for (const f of [SAMPLE, NO_TIME]) {
      const chat: ChatFacts = {
        now: f.now,
        timeKnown: f.timeKnown,
        zone: f.zone,
        placements: f.placements,
        ascendant: f.ascendant,
        midheaven: f.midheaven,
        aspects: f.aspects,
        today: f.transits.slice(0, 3),
        upcoming: f.transits,
        memories: [],
      };
      for (const q of COMPOSER_QUESTIONS) {
        const text = composeAnswer(q, chat).paragraphs.join('\n\n');
        expect(checkText(text, f), q).toEqual({ text, corrections: [] });
      }
    }
  });
});

describe('speed', () => {
  it('checks a sentence well under a millisecond', () => {
    const sentences = [...SIGN_CASES, ...ASPECT_CASES, ...TRANSIT_CASES, ...LEFT_ALONE].map((c) => c.say);
    const long = `${'Your Moon is in Leo and '.repeat(40)}that is all.`;
    const start = performance.now();
    let n = 0;
    for (let round = 0; round < 20; round++)
      for (const s of sentences) {
        checkSentence(s, SAMPLE);
        n++;
      }
    const per = (performance.now() - start) / n;
    expect(per).toBeLessThan(0.5);
    const t0 = performance.now();
    checkSentence(long, SAMPLE);
    checkSentence(`${'*'.repeat(5000)}${' .'.repeat(3000)}`, SAMPLE);
    expect(performance.now() - t0).toBeLessThan(50);
  });
});
