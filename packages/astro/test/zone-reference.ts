// References for zone offsets: the transitions printed by the system's zdump tool (slow, so for a
// chosen few zones), and a plain linear reading of the raw system TZif history (for all of them).
import { execFileSync } from 'node:child_process';
import { parsePosixTz, posixOffsetAt } from '../src/time/posix-tz.ts';
import type { ZoneHistory } from '../src/time/tzif.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface ReferenceZone {
  initialOffset: number;
  /** [UT seconds of the transition, offset from then on]. */
  transitions: [number, number][];
}

function parseUt(s: string): number {
  // "Mon Dec 31 23:17:00 1894"
  const [, mon, day, time, year] = s.trim().split(/\s+/) as [string, string, string, string, string];
  const [h, m, sec] = time.split(':').map(Number) as [number, number, number];
  return Date.UTC(Number(year), MONTHS.indexOf(mon), Number(day), h, m, sec) / 1000;
}

export function zdumpZone(name: string, fromYear = 1800, toYear = 2100): ReferenceZone {
  const out = execFileSync('zdump', ['-v', '-c', `${fromYear},${toYear}`, name], { encoding: 'utf8' });
  const lines = out.split('\n').filter((l) => l.includes(' UT = '));
  const transitions: [number, number][] = [];
  let initialOffset: number | undefined;
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const before = lines[i]!;
    const after = lines[i + 1]!;
    const offBefore = Number(/gmtoff=(-?\d+)/.exec(before)![1]);
    initialOffset ??= offBefore;
    const ut = parseUt(after.slice(name.length, after.indexOf(' UT = ')));
    transitions.push([ut, Number(/gmtoff=(-?\d+)/.exec(after)![1])]);
  }
  if (initialOffset === undefined) {
    // No transitions in range: the zone's one offset, as date(1) prints it (+hhmm).
    const z = execFileSync('date', ['+%z'], { encoding: 'utf8', env: { TZ: name } }).trim();
    const sign = z.startsWith('-') ? -1 : 1;
    initialOffset = sign * (Number(z.slice(1, 3)) * 3600 + Number(z.slice(3, 5)) * 60) || 0;
  }
  return { initialOffset, transitions };
}

export function referenceOffsetAt(z: ReferenceZone, ut: number): number {
  let off = z.initialOffset;
  for (const [t, o] of z.transitions) {
    if (t > ut) break;
    off = o;
  }
  return off;
}

/** Offset from an unslimmed TZif history: scan the transitions, then the footer rule after them. */
export function rawOffsetAt(z: ZoneHistory, ut: number): number {
  const n = z.transitions.length;
  if (n > 0 && ut >= z.transitions[n - 1]! && z.footer)
    return posixOffsetAt(parsePosixTz(z.footer), ut).offset;
  if (n === 0 && z.footer) return posixOffsetAt(parsePosixTz(z.footer), ut).offset;
  let type = z.initialType;
  for (let i = 0; i < n && z.transitions[i]! <= ut; i++) type = z.transitionTypes[i]!;
  return z.types[type]!.offset;
}
