// Where each body of the sky is at one moment: its sign and whether it is moving backward. The
// assistant's claim checker compares "Mercury is retrograde" or "the Moon is in Leo today" with it.
import { type Sign, signOf } from '../chart/zodiac.ts';
import type { BodyId } from '../ephemeris/body-ids.ts';
import { SUN_AND_PLANETS } from './day-transits.ts';
import { jdOf, positionAt } from './sky-sampling.ts';

export interface SkyBody {
  body: BodyId;
  sign: Sign;
  retrograde: boolean;
}

/** The Sun, the Moon, the planets and the (true) node at the instant `utc` (ISO). */
export function skyAt(utc: string): SkyBody[] {
  const jd = jdOf(utc);
  const bodies: BodyId[] = ['moon', ...SUN_AND_PLANETS, 'trueNode'];
  return bodies.map((body) => {
    const p = positionAt(body, jd);
    return { body, sign: signOf(p.longitude), retrograde: body !== 'sun' && body !== 'moon' && p.speed < 0 };
  });
}
