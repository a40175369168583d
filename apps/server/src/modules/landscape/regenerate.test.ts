import { type Landscape, NO_OTHER_READING_MESSAGE } from '@app/contracts/landscape.ts';
import { composeLandscape, type LandscapeText } from '@app/interpretations/landscape-composer';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { bearer } from '../../testing/harness.ts';
import type { LandscapeComposer } from './build.ts';
import { readingTextOf, readsDifferently, sentencesOf } from './distinct-readings.ts';
import { landscapeServiceOf } from './plugin.ts';
import type { LandscapeService } from './service.ts';
import { landscapeTestKit } from './testing.ts';

// "Another reading of the same sky": a regeneration must read differently from every reading
// already given that day (distinct-readings.ts), or it is not offered and not counted. Through
// the real app with the interpretation library as it is, and through the same service wired to
// the same app with composers standing in for a richer (or a poorer) library.

const kit = landscapeTestKit();
const { call, expectError, subscriber, setClock, userIdOf } = kit;

const sentences = (landscape: Landscape) => sentencesOf(readingTextOf(landscape));

function expectEachDifferent(readings: Landscape[]): void {
  readings.forEach((reading, i) => {
    if (i > 0) expect(readsDifferently(sentences(reading), readings.slice(0, i).map(sentences))).toBe(true);
  });
}

const LINES = [
  'Patience pays where hurry costs',
  'Small kindnesses open closed doors',
  'Quiet rooms hold the clearest answers',
  'A letter written now travels far',
  'Old friends remember what you forgot',
  'Tidy corners make room for new plans',
  'Borrowed courage still carries weight',
  'Slow mornings sharpen late decisions',
  'Honest questions earn generous replies',
];

/** Voice 0: the built-in composer's words; voice k: every sentence in words of its own. */
function inVoice(text: LandscapeText, voice: number): LandscapeText {
  if (voice === 0) return text;
  let n = 0;
  const say = (block: string) =>
    block
      .split(/(?<=\.)\s+/)
      .map(() => `${LINES[voice - 1]}, thread ${n++}.`)
      .join(' ');
  return {
    ...text,
    headline: say(text.headline),
    summary: say(text.summary),
    readings: text.readings.map(say),
  };
}

/** A library whose variant v is written in voice `voiceOf(v)` (voice 0: the built-in words of variant 0). */
const voices =
  (voiceOf: (variant: number) => number): LandscapeComposer =>
  (facts) =>
    inVoice(composeLandscape({ ...facts, variant: 0 }), voiceOf(facts.variant));

/** Runs `use` with a landscape service of the test app that composes with `composer`. */
async function withComposer(composer: LandscapeComposer, use: (service: LandscapeService) => Promise<void>) {
  const { service, close } = landscapeServiceOf(kit.t.app, composer);
  try {
    await use(service);
  } finally {
    await close();
  }
}

async function refusal(attempt: Promise<unknown>): Promise<AppError> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('another reading, through the app with the interpretation library as it is', () => {
  it('gives only readings unlike all given today; when there is none, 409 CONFLICT and nothing spent', async () => {
    const token = await subscriber();
    const given: Landscape[] = [(await call(token, 'GET', '/today')).json().data];
    for (;;) {
      const status = (await call(token, 'GET', '/status')).json().data;
      expect(status.regenerationsUsed).toBe(given.length - 1);
      const answer = await call(token, 'POST', '/regenerate');
      if (answer.statusCode !== 200) {
        expect(status.anotherReadingAvailable).toBe(false);
        expect(expectError(answer, 409, 'CONFLICT')).toBe(NO_OTHER_READING_MESSAGE);
        break;
      }
      expect(status.anotherReadingAvailable).toBe(true);
      given.push(answer.json().data);
      expectEachDifferent(given);
      // The plan allows three a day: a library rich enough to fill them ends here.
      if (given.length === 4) return;
    }
    // Asking again changes nothing: no regeneration is counted, today's reading stays.
    expectError(await call(token, 'POST', '/regenerate'), 409, 'CONFLICT');
    expect((await call(token, 'GET', '/usage')).json().data).toMatchObject({ used: given.length - 1 });
    expect((await call(token, 'GET', '/today')).json().data.id).toBe(given.at(-1)!.id);
    const { status } = (await call(token, 'GET', '/dashboard')).json().data;
    expect(status).toMatchObject({ anotherReadingAvailable: false, regenerationsUsed: given.length - 1 });
  });
});

describe('another reading, with a richer or a poorer library', () => {
  it('gives each distinct reading once, skipping variants too like one given, then refuses without spending', async () => {
    const token = await subscriber();
    const userId = await userIdOf(token);
    // Variants 0 and 1 read the same, as do 2 and 3; 4 is new; from 5 on the first voice again.
    const table = [0, 0, 1, 1, 2];
    await withComposer(
      voices((v) => table[v] ?? 0),
      async (service) => {
        const first = await service.today(userId);
        expect((await service.status(userId)).anotherReadingAvailable).toBe(true);
        const second = await service.regenerate(userId);
        expect(second.variant).toBe(2);
        const third = await service.regenerate(userId);
        expect(third.variant).toBe(4);
        expectEachDifferent([first, second, third]);
        expect(await service.status(userId)).toMatchObject({
          regenerationsUsed: 2,
          anotherReadingAvailable: false,
        });
        const refused = await refusal(service.regenerate(userId));
        expect(refused).toMatchObject({ status: 409, code: 'CONFLICT', message: NO_OTHER_READING_MESSAGE });
        expect((await service.usage(userId)).used).toBe(2);
        // The app serves the reading given last.
        expect((await call(token, 'GET', '/today')).json().data).toMatchObject({ id: third.id, variant: 4 });
      },
    );
  });

  it('does not count a reading that is only reworded by a word', async () => {
    const token = await subscriber();
    const userId = await userIdOf(token);
    const reworded: LandscapeComposer = (facts) => {
      const text = composeLandscape({ ...facts, variant: 0 });
      return { ...text, headline: `${text.headline}, take ${facts.variant}` };
    };
    await withComposer(reworded, async (service) => {
      const today = await service.today(userId);
      expect((await service.status(userId)).anotherReadingAvailable).toBe(false);
      expect(await refusal(service.regenerate(userId))).toMatchObject({ status: 409, code: 'CONFLICT' });
      expect(await service.usage(userId)).toMatchObject({ used: 0, remaining: 3 });
      expect((await service.today(userId)).id).toBe(today.id);
    });
  });

  it('stops at the daily allowance while other readings remain, and gives them again after midnight', async () => {
    // 13:00 UT is 22:00 in Tokyo: two hours before the Tokyo day ends, eleven before the UTC day.
    setClock('2031-04-02T13:00:00Z');
    const tokyo = await subscriber('tokyo');
    const userId = await userIdOf(tokyo);
    await withComposer(
      voices((v) => v % 10),
      async (service) => {
        const given = [await service.today(userId)];
        for (let i = 1; i <= 3; i++) given.push(await service.regenerate(userId));
        expect(given.map((l) => l.variant)).toEqual([0, 1, 2, 3]);
        expectEachDifferent(given);
        expect(await service.status(userId)).toMatchObject({
          regenerationsUsed: 3,
          regenerationsAllowed: 3,
          anotherReadingAvailable: true,
        });
        expect(await refusal(service.regenerate(userId))).toMatchObject({ status: 429 });
        const spent = (await call(tokyo, 'GET', '/usage')).json().data;
        expect(spent).toMatchObject({ used: 3, remaining: 0, resetsAt: '2031-04-02T15:00:00.000Z' });
        const limits = await kit.t.app.inject({
          url: '/api/subscription/constraints',
          headers: bearer(tokyo),
        });
        expect(limits.json()).toMatchObject({ day: '2031-04-02', resetsAt: '2031-04-02T15:00:00.000Z' });
        // Past Tokyo's midnight (still 2 April in UTC) the new day has its full allowance.
        setClock('2031-04-02T15:00:00Z');
        expect((await service.today(userId)).variant).toBe(0);
        expect((await call(tokyo, 'GET', '/usage')).json().data).toMatchObject({ used: 0, remaining: 3 });
        expect((await service.regenerate(userId)).variant).toBe(1);
      },
    );
  });
});
