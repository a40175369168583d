// Reads the system tz database: zone and link names from tzdata.zi, histories from the TZif files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePosixTz, posixOffsetAt } from '../src/time/posix-tz.ts';
import { parseTzif, type ZoneHistory } from '../src/time/tzif.ts';

export interface ZoneSource {
  version: string;
  zones: string[];
  links: Record<string, string>;
  read(name: string): ZoneHistory;
}

export function readZoneSource(root = '/usr/share/zoneinfo'): ZoneSource {
  const zi = readFileSync(join(root, 'tzdata.zi'), 'utf8').split('\n');
  const version = /^# version (\S+)/.exec(zi[0] ?? '')?.[1] ?? 'unknown';
  const zones: string[] = [];
  const links: Record<string, string> = {};
  for (const line of zi) {
    const f = line.split(' ');
    if (f[0] === 'Z') zones.push(f[1]!);
    else if (f[0] === 'L') links[f[2]!] = f[1]!;
  }
  zones.sort();
  return { version, zones, links, read: (name) => parseTzif(readFileSync(join(root, name))) };
}

/**
 * Drops the tail of transitions that the footer rule reproduces, keeping the last one the rule
 * takes over from, so the data holds only what the rule cannot compute.
 */
export function slimZone(z: ZoneHistory): ZoneHistory {
  if (!z.footer || z.transitions.length === 0) return z;
  const rule = parsePosixTz(z.footer);
  // The rule must switch exactly where the data does: same offset just before and at each transition.
  const agrees = (i: number) => {
    const t = z.transitions[i]!;
    const type = z.types[z.transitionTypes[i]!]!;
    const prev = z.types[i > 0 ? z.transitionTypes[i - 1]! : z.initialType]!;
    const now = posixOffsetAt(rule, t);
    if (
      now.offset !== type.offset ||
      now.isDst !== type.isDst ||
      posixOffsetAt(rule, t - 1).offset !== prev.offset
    ) {
      return false;
    }
    // ...and must not switch in between (e.g. a few years without summer time): check every day.
    const end = i + 1 < z.transitions.length ? z.transitions[i + 1]! : t + 400 * 86400;
    for (let u = t + 86400; u < end; u += 86400)
      if (posixOffsetAt(rule, u).offset !== type.offset) return false;
    return true;
  };
  let keep = z.transitions.length;
  while (keep > 1 && agrees(keep - 1) && agrees(keep - 2)) keep--;
  return {
    ...z,
    transitions: z.transitions.slice(0, keep),
    transitionTypes: z.transitionTypes.slice(0, keep),
  };
}
