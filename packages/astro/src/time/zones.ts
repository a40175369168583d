// Time zones with their whole history (tz database including backzone), and the conversion of a
// local wall-clock time to UT that reports skipped and repeated local times instead of guessing.
import { AstroInputError } from '../errors.ts';
import {
  type CivilDateTime,
  civilProblem,
  civilToEpochSeconds,
  epochSecondsToCivil,
  formatCivil,
} from './civil.ts';
import { type PosixTz, parsePosixTz, posixOffsetAt } from './posix-tz.ts';
import { decodeZone } from './zone-codec.ts';
import { LINKS, ZONES } from './zone-data.generated.ts';

export interface ZoneOffset {
  /** Seconds east of UT. */
  offset: number;
  isDst: boolean;
  abbreviation: string;
}

interface LoadedZone {
  name: string;
  types: ZoneOffset[];
  transitions: Float64Array;
  transitionTypes: Uint16Array;
  rule: PosixTz | undefined;
}

const loaded = new Map<string, LoadedZone>();
let lowerCaseNames: Map<string, string> | undefined;

export function zoneNames(): string[] {
  return [...Object.keys(ZONES), ...Object.keys(LINKS)].sort();
}

/** The canonical tz name for a zone or alias (case-insensitive), or undefined when unknown. */
export function canonicalZoneName(name: string): string | undefined {
  if (name in ZONES) return name;
  const linked = LINKS[name];
  if (linked !== undefined) return linked;
  lowerCaseNames ??= new Map(zoneNames().map((n) => [n.toLowerCase(), n]));
  const exact = lowerCaseNames.get(name.toLowerCase());
  return exact === undefined ? undefined : (LINKS[exact] ?? exact);
}

function loadZone(name: string): LoadedZone {
  const canonical = canonicalZoneName(name);
  if (canonical === undefined) throw new AstroInputError(`Unknown time zone "${name}"`, 'UNKNOWN_ZONE');
  let z = loaded.get(canonical);
  if (z === undefined) {
    const h = decodeZone(ZONES[canonical]!);
    z = {
      name: canonical,
      types: h.types,
      transitions: Float64Array.from(h.transitions),
      transitionTypes: Uint16Array.from(h.transitionTypes),
      rule: h.footer ? parsePosixTz(h.footer) : undefined,
    };
    loaded.set(canonical, z);
  }
  return z;
}

/** UT offset in force at an instant (seconds since the epoch, UT). */
export function zoneOffsetAt(zone: string, epochSeconds: number): ZoneOffset {
  const z = loadZone(zone);
  const tr = z.transitions;
  const n = tr.length;
  if (n === 0 || epochSeconds < tr[0]!) {
    return n === 0 && z.rule ? posixOffsetAt(z.rule, epochSeconds) : z.types[0]!;
  }
  if (epochSeconds >= tr[n - 1]! && z.rule) return posixOffsetAt(z.rule, epochSeconds);
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (tr[mid]! <= epochSeconds) lo = mid;
    else hi = mid - 1;
  }
  return z.types[z.transitionTypes[lo]!]!;
}

export interface LocalTimeChoice {
  /** Seconds since the epoch, UT. */
  epochSeconds: number;
  offset: number;
  isDst: boolean;
  abbreviation: string;
  /** The wall-clock time this choice shows, ISO-like, e.g. "1996-10-27T02:30:00". */
  localTime: string;
}

export type LocalTimeResolution =
  | ({ status: 'unique' } & LocalTimeChoice)
  /** Clocks went back: the wall time happened twice; choices are the earlier and the later instant. */
  | { status: 'ambiguous'; choices: [LocalTimeChoice, LocalTimeChoice] }
  /**
   * Clocks went forward: the wall time never happened. Choices (in time order) read it with the
   * offset after the change and with the offset before it; each shows the wall time it really is.
   */
  | { status: 'skipped'; choices: [LocalTimeChoice, LocalTimeChoice] };

function choice(epochSeconds: number, o: ZoneOffset): LocalTimeChoice {
  return {
    epochSeconds,
    offset: o.offset,
    isDst: o.isDst,
    abbreviation: o.abbreviation,
    localTime: formatCivil(epochSecondsToCivil(epochSeconds + o.offset)),
  };
}

/** Finds every UT instant whose wall clock in `zone` reads `local`. */
export function resolveLocalTime(local: CivilDateTime, zone: string): LocalTimeResolution {
  return resolveWallTime(local, (epochSeconds) => zoneOffsetAt(zone, epochSeconds));
}

/**
 * Finds every UT instant at which a clock whose history is `offsetAt` (offsets under a day)
 * reads `local`: one, two (clocks went back) or none (clocks went forward).
 */
export function resolveWallTime(
  local: CivilDateTime,
  offsetAt: (epochSeconds: number) => ZoneOffset,
): LocalTimeResolution {
  const problem = civilProblem(local);
  if (problem) throw new AstroInputError(`Invalid date or time: ${problem}`, 'INVALID_DATE');
  const wall = civilToEpochSeconds(local);
  // Offsets never exceed a day, so the offsets in force a day either side bound every candidate.
  const before = offsetAt(wall - 86400);
  const after = offsetAt(wall + 86400);
  const candidates = new Set<number>([before.offset, after.offset]);
  for (const o of [before.offset, after.offset]) candidates.add(offsetAt(wall - o).offset);
  const hits: LocalTimeChoice[] = [];
  for (const o of candidates) {
    const ut = wall - o;
    const actual = offsetAt(ut);
    if (actual.offset === o) hits.push(choice(ut, actual));
  }
  hits.sort((a, b) => a.epochSeconds - b.epochSeconds);
  if (hits.length === 1) return { status: 'unique', ...hits[0]! };
  if (hits.length >= 2) return { status: 'ambiguous', choices: [hits[0]!, hits[hits.length - 1]!] };
  // In a gap: read the wall time with the offset from before the change and from after it.
  const a = choice(wall - before.offset, offsetAt(wall - before.offset));
  const b = choice(wall - after.offset, offsetAt(wall - after.offset));
  const [first, second] = a.epochSeconds <= b.epochSeconds ? [a, b] : [b, a];
  return { status: 'skipped', choices: [first, second] };
}

/**
 * The instant a zone's clocks first left local mean time (its first change away from "LMT"),
 * or undefined when its history does not begin with LMT (UTC, Etc/GMT+5, ...).
 */
export function localMeanTimeEnd(zone: string): number | undefined {
  const z = loadZone(zone);
  if (z.types[0]?.abbreviation !== 'LMT') return undefined;
  for (let i = 0; i < z.transitions.length; i++) {
    if (z.types[z.transitionTypes[i]!]!.abbreviation !== 'LMT') return z.transitions[i]!;
  }
  return Number.POSITIVE_INFINITY;
}

export type Disambiguation = 'reject' | 'earlier' | 'later';

/**
 * Local wall time to UT seconds. With 'reject' (the default) a skipped or repeated local time
 * throws an AstroInputError whose `details` lists the choices; 'earlier'/'later' pick one.
 */
export function localToEpochSeconds(
  local: CivilDateTime,
  zone: string,
  disambiguation: Disambiguation = 'reject',
): number {
  const r = resolveLocalTime(local, zone);
  if (r.status === 'unique') return r.epochSeconds;
  if (disambiguation === 'reject') throw new LocalTimeError(r);
  const [x, y] = r.choices;
  const earlier = x.epochSeconds <= y.epochSeconds ? x : y;
  const later = earlier === x ? y : x;
  return (disambiguation === 'earlier' ? earlier : later).epochSeconds;
}

export class LocalTimeError extends AstroInputError {
  readonly resolution: Exclude<LocalTimeResolution, { status: 'unique' }>;
  constructor(resolution: Exclude<LocalTimeResolution, { status: 'unique' }>) {
    const [a, b] = resolution.choices;
    super(
      resolution.status === 'ambiguous'
        ? `The local time happened twice (clocks went back): ${a.localTime} ${a.abbreviation} or ${b.localTime} ${b.abbreviation}`
        : `The local time did not exist (clocks went forward): ${a.localTime} ${a.abbreviation} or ${b.localTime} ${b.abbreviation}`,
      resolution.status === 'ambiguous' ? 'AMBIGUOUS_LOCAL_TIME' : 'SKIPPED_LOCAL_TIME',
    );
    this.resolution = resolution;
  }
}
