// How the landscape reads over many days and many people: readings per day, words per day, empty
// readings, and the share of distinct sentence frames (sentences with names, numbers and dates
// masked; a frame refilled with other planets is the same sentence to a reader).
//   node --import tsx bench/words/run.ts            30 days of one person, then 50 people on one day
//   BENCH_WORDS_START=2026-11-01 BENCH_WORDS_DAYS=30 BENCH_WORDS_PEOPLE=50 to change the sample
import { dayOf, nextDate } from '@app/astro/time/local-day';
import type { Landscape } from '@app/contracts/landscape.ts';
import { frameOf, sentencesOf } from '@app/interpretations/library/frames';
import {
  type BirthFacts,
  landscapeDayOf,
  landscapeOf,
  wordsOf,
} from '../../apps/server/src/modules/landscape/build.ts';

const START = process.env.BENCH_WORDS_START ?? '2026-11-01';
const DAYS = Number(process.env.BENCH_WORDS_DAYS ?? 30);
const PEOPLE = Number(process.env.BENCH_WORDS_PEOPLE ?? 50);
const ZONE = 'Europe/London';

function landscape(birth: BirthFacts, date: string): Landscape {
  const day = landscapeDayOf({ birth, day: dayOf(ZONE, date) });
  return landscapeOf(day, wordsOf(day, 0), { id: 'bench', variant: 0, generatedAt: new Date(0) });
}

/** Every text of a landscape a reader reads, in page order. */
function textsOf(l: Landscape): string[] {
  return [l.headline, l.summary, ...l.transits.map((t) => t.text), ...l.moonTransits.map((t) => t.text)];
}

interface Figures {
  readingsPerDay: number[];
  wordsPerDay: number[];
  empty: number;
  sentences: number;
  distinct: number;
  repeatsWithinADay: number;
}

function measure(landscapes: Landscape[]): Figures {
  const frames = new Set<string>();
  const figures: Figures = {
    readingsPerDay: [],
    wordsPerDay: [],
    empty: 0,
    sentences: 0,
    distinct: 0,
    repeatsWithinADay: 0,
  };
  for (const l of landscapes) {
    const readings = [...l.transits, ...l.moonTransits];
    figures.readingsPerDay.push(readings.filter((t) => t.text.trim() !== '').length);
    figures.empty += readings.filter((t) => t.text.trim() === '').length;
    const sentences = textsOf(l).flatMap(sentencesOf);
    figures.wordsPerDay.push(sentences.join(' ').split(/\s+/).length);
    const today = new Set<string>();
    for (const s of sentences) {
      const frame = frameOf(s);
      if (today.has(frame)) figures.repeatsWithinADay++;
      today.add(frame);
      frames.add(frame);
    }
    figures.sentences += sentences.length;
  }
  figures.distinct = frames.size;
  return figures;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;

function report(title: string, f: Figures): void {
  console.log(title);
  console.log(
    `  readings with text per day: median ${median(f.readingsPerDay)}, min ${Math.min(...f.readingsPerDay)}, max ${Math.max(...f.readingsPerDay)}`,
  );
  console.log(`  words per day: median ${median(f.wordsPerDay)}`);
  console.log(`  empty readings: ${f.empty}`);
  console.log(
    `  sentences: ${f.sentences}, distinct frames: ${f.distinct} (${pct(f.distinct, f.sentences)})`,
  );
  console.log(`  a frame repeated within one day: ${f.repeatsWithinADay}`);
}

/** A spread of births: years 1950–2005, places from 60° S to 64° N, times through the day. */
function birthOf(n: number): BirthFacts {
  const year = 1950 + ((n * 7) % 56);
  const month = 1 + ((n * 5) % 12);
  const day = 1 + ((n * 11) % 28);
  const hour = (n * 13) % 24;
  return {
    utc: new Date(Date.UTC(year, month - 1, day, hour, (n * 17) % 60)).toISOString(),
    latitude: -60 + ((n * 37) % 124),
    longitude: -170 + ((n * 53) % 340),
    timeKnown: n % 9 !== 0,
  };
}

const started = performance.now();
const one = birthOf(1);
const days = Array.from({ length: DAYS }, (_, i) => nextDate(START, i));
report(
  `${DAYS} days of one person's landscape (from ${START}):`,
  measure(days.map((d) => landscape(one, d))),
);
const people = Array.from({ length: PEOPLE }, (_, i) => birthOf(i + 2));
report(`${PEOPLE} people on ${START}:`, measure(people.map((b) => landscape(b, START))));
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
