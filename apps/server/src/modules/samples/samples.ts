import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { chartOfBirth } from '@app/astro/chart/natal-chart';
import { dayOf, type LocalDay } from '@app/astro/time/local-day';
import { localToEpochSeconds } from '@app/astro/time/zones';
import { type SampleBirth, type Samples, SamplesResultSchema } from '@app/contracts/samples.ts';
import { composeAnswer } from '@app/interpretations/chat-composer';
import type { Clock } from '../../platform/clock.ts';
import { factsForQuestion, todaysTransits, upcomingTransits } from '../chat/plugin.ts';
import { landscapeDayOf, landscapeOf, wordsOf } from '../landscape/plugin.ts';

// What the home page shows a newcomer: the product's real output for a fixed sample birth, by the
// landscape's and the assistant's own composers. The same for everyone, so it is computed once
// per UTC day and kept in memory (each server process keeps its own copy).

/** The sample person: born in Oslo on 21 April 1990 at 14:30 local time. */
export const SAMPLE_BIRTH: SampleBirth & { latitude: number; longitude: number } = {
  date: '1990-04-21',
  time: '14:30',
  place: 'Oslo, Norway',
  zone: 'Europe/Oslo',
  latitude: 59.91273,
  longitude: 10.74609,
};

/** The question the sample answer replies to. */
export const SAMPLE_QUESTION = 'What does my Moon sign say about me?';

const DAY_MS = 86_400_000;

function birthUtc(birth: SampleBirth): string {
  const [year, month, day] = birth.date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = birth.time.split(':').map(Number) as [number, number];
  const seconds = localToEpochSeconds({ year, month, day, hour, minute, second: 0 }, birth.zone);
  return new Date(seconds * 1000).toISOString();
}

/** The samples for one day (the UTC date's day at the birthplace); pure but for `generatedAt`. */
export function composeSamples(day: LocalDay, generatedAt: Date): Samples {
  const { latitude, longitude, ...birth } = SAMPLE_BIRTH;
  const utc = birthUtc(birth);
  const landscapeDay = landscapeDayOf({ birth: { utc, latitude, longitude, timeKnown: true }, day });
  const landscape = landscapeOf(landscapeDay, wordsOf(landscapeDay, 0), {
    id: `sample-${day.date}`,
    variant: 0,
    generatedAt,
  });
  // The question is asked at the middle of the sample's day, so the answer is the same all day.
  const asked = new Date((Date.parse(day.startUtc) + Date.parse(day.endUtc)) / 2);
  const chart = chartOfBirth({ utc, latitude, longitude, timeKnown: true });
  const facts = factsForQuestion({
    question: SAMPLE_QUESTION,
    chart,
    zone: birth.zone,
    now: asked,
    today: todaysTransits(chart, birth.zone, asked),
    upcoming: () => upcomingTransits(chart, birth.zone, asked),
    memories: [],
  });
  const answer = composeAnswer(SAMPLE_QUESTION, facts);
  return {
    birth,
    landscape,
    chat: { question: SAMPLE_QUESTION, answer: answer.paragraphs.join('\n\n'), facts: answer.facts },
  };
}

/** The ways the day's answer is kept: as is, and compressed for browsers that accept it. */
export type SamplesEncoding = 'identity' | 'br' | 'gzip';

export interface TodaysSamples {
  samples: Samples;
  /** The answer's bytes in each encoding, made once a day rather than on every request. */
  answer: Record<SamplesEncoding, Buffer>;
  /** Seconds until the next UTC midnight, when the samples change. */
  secondsLeft: number;
}

/** `{ success: true, data }` as the route's schema writes it, and compressed (about 10 KB to 4). */
function encodeAnswer(samples: Samples): Record<SamplesEncoding, Buffer> {
  const identity = Buffer.from(JSON.stringify(SamplesResultSchema.parse({ success: true, data: samples })));
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(identity, { level: zlib.Z_BEST_COMPRESSION }),
  };
}

/** Today's samples, computed on the first request of each UTC day and kept until the next. */
export class DailySamples {
  private kept: { date: string; samples: Samples; answer: Record<SamplesEncoding, Buffer> } | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly compose: (day: LocalDay, generatedAt: Date) => Samples = composeSamples,
  ) {}

  today(): TodaysSamples {
    const now = this.clock.now();
    const date = now.toISOString().slice(0, 10);
    if (this.kept?.date !== date) {
      const samples = this.compose(dayOf(SAMPLE_BIRTH.zone, date), now);
      this.kept = { date, samples, answer: encodeAnswer(samples) };
    }
    const nextMidnight = Date.parse(`${date}T00:00:00Z`) + DAY_MS;
    return {
      samples: this.kept.samples,
      answer: this.kept.answer,
      secondsLeft: Math.ceil((nextMidnight - now.getTime()) / 1000),
    };
  }
}
