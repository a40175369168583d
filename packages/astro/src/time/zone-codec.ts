// Compact text form of a zone history, shared by the generator script and the runtime decoder.
// A zone is "types|transitions|footer": types are "offset:dst:abbr" (offset base 36, seconds),
// transitions are "delta.type" where delta is base-36 seconds since the previous transition.
import type { ZoneHistory } from './tzif.ts';

export function encodeZone(z: ZoneHistory): string {
  const types = z.types.map((t) => `${t.offset.toString(36)}:${t.isDst ? 1 : 0}:${t.abbreviation}`).join(',');
  let prev = 0;
  const transitions = z.transitions
    .map((t, i) => {
      const s = `${(t - prev).toString(36)}.${z.transitionTypes[i]!.toString(36)}`;
      prev = t;
      return s;
    })
    .join(',');
  return `${types}|${transitions}|${z.footer}`;
}

export function decodeZone(s: string): ZoneHistory {
  const [typesS, transS, footer] = s.split('|') as [string, string, string];
  const types = typesS.split(',').map((t) => {
    const [off, dst, abbreviation] = t.split(':') as [string, string, string];
    return { offset: Number.parseInt(off, 36), isDst: dst === '1', abbreviation };
  });
  const transitions: number[] = [];
  const transitionTypes: number[] = [];
  let prev = 0;
  if (transS.length > 0) {
    for (const entry of transS.split(',')) {
      const dot = entry.indexOf('.');
      prev += Number.parseInt(entry.slice(0, dot), 36);
      transitions.push(prev);
      transitionTypes.push(Number.parseInt(entry.slice(dot + 1), 36));
    }
  }
  return { types, transitions, transitionTypes, initialType: 0, footer };
}
