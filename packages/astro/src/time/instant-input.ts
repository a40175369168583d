// Turns the ways a caller can name a moment (a UT instant, or a wall-clock time at a zone) into UT.
import { AstroInputError } from '../errors.ts';
import { type CivilDateTime, civilProblem, epochSecondsToJd, formatCivil } from './civil.ts';
import { type Disambiguation, localToEpochSeconds, zoneOffsetAt } from './zones.ts';

export type MomentInput =
  /** An instant: ISO 8601 with Z or an offset, epoch milliseconds, or a Date. */
  | { utc: string | number | Date }
  /** A wall-clock time ("YYYY-MM-DDTHH:mm[:ss]" or fields) at an IANA zone. */
  | { local: string | CivilDateTime; zone: string; disambiguation?: Disambiguation };

export interface ResolvedMoment {
  /** Seconds since 1970-01-01T00:00:00 UT. */
  epochSeconds: number;
  jdUt: number;
  utc: string;
  zone?: string;
  /** Wall-clock time at the zone and the offset in force, when a zone was given. */
  localTime?: string;
  utcOffsetSeconds?: number;
  zoneAbbreviation?: string;
}

const LOCAL_PATTERN = /^(-?\d{4,})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?$/;

export function parseLocalDateTime(s: string): CivilDateTime {
  const m = LOCAL_PATTERN.exec(s.trim());
  if (!m)
    throw new AstroInputError(
      `Expected a local date and time like 1990-04-21T14:30, got "${s}"`,
      'INVALID_DATE',
    );
  const c = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6] ?? 0),
  };
  const problem = civilProblem(c);
  if (problem) throw new AstroInputError(`Invalid date or time "${s}": ${problem}`, 'INVALID_DATE');
  return c;
}

function utcSeconds(v: string | number | Date): number {
  let ms: number;
  if (v instanceof Date) ms = v.getTime();
  else if (typeof v === 'number') ms = v;
  else {
    if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(v.trim())) {
      throw new AstroInputError(`A UT instant needs a zone designator (Z or ±hh:mm): "${v}"`, 'INVALID_DATE');
    }
    ms = Date.parse(v);
  }
  if (!Number.isFinite(ms)) throw new AstroInputError(`Invalid instant "${String(v)}"`, 'INVALID_DATE');
  return ms / 1000;
}

export function resolveMoment(input: MomentInput): ResolvedMoment {
  if ('utc' in input) {
    const epochSeconds = utcSeconds(input.utc);
    return { epochSeconds, jdUt: epochSecondsToJd(epochSeconds), utc: isoUtc(epochSeconds) };
  }
  const civil = typeof input.local === 'string' ? parseLocalDateTime(input.local) : input.local;
  const epochSeconds = localToEpochSeconds(civil, input.zone, input.disambiguation);
  const off = zoneOffsetAt(input.zone, epochSeconds);
  return {
    epochSeconds,
    jdUt: epochSecondsToJd(epochSeconds),
    utc: isoUtc(epochSeconds),
    zone: input.zone,
    localTime: formatCivil(civil),
    utcOffsetSeconds: off.offset,
    zoneAbbreviation: off.abbreviation,
  };
}

export function isoUtc(epochSeconds: number): string {
  return new Date(Math.round(epochSeconds * 1000)).toISOString();
}
