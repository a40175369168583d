// Turns the ways a caller can name a moment (a UT instant, or a wall-clock time at a zone) into UT.
import { AstroInputError } from '../errors.ts';
import {
  type CivilDateTime,
  civilProblem,
  civilToEpochSeconds,
  epochSecondsToJd,
  formatCivil,
} from './civil.ts';
import { resolveBirthplaceTime } from './local-mean-time.ts';
import { formatUtcOffset } from './utc-offset.ts';
import {
  type Disambiguation,
  type LocalTimeChoice,
  LocalTimeError,
  type LocalTimeResolution,
  resolveLocalTime,
} from './zones.ts';

export type MomentInput =
  /** An instant: ISO 8601 with Z or an offset, epoch milliseconds, or a Date. */
  | { utc: string | number | Date }
  /**
   * A wall-clock time ("YYYY-MM-DDTHH:mm[:ss]" or fields) at an IANA zone. `utcOffsetSeconds`,
   * when a record says which clock applied (a railway or city time), wins over everything else.
   */
  | {
      local: string | CivilDateTime;
      zone: string;
      disambiguation?: Disambiguation;
      utcOffsetSeconds?: number;
    };

/** How a wall-clock time was read when not simply by the zone's history. */
interface TimeBasis {
  kind: 'local-mean-time' | 'stated-offset';
  offsetSeconds: number;
  /** "local mean time (+0:21:18)" or "stated offset UTC+0:21:18". */
  label: string;
}

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
  timeBasis?: TimeBasis;
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

/**
 * The UT instant of a moment. With `birthplaceLongitude` (a chart's place), a wall-clock time from
 * before the zone adopted standard time is read as the birthplace's own local mean time, and the
 * change from it to the zone's time skips or repeats wall times like any clock change.
 */
export function resolveMoment(input: MomentInput, birthplaceLongitude?: number): ResolvedMoment {
  if ('utc' in input) {
    const epochSeconds = utcSeconds(input.utc);
    return { epochSeconds, jdUt: epochSecondsToJd(epochSeconds), utc: isoUtc(epochSeconds) };
  }
  const civil = typeof input.local === 'string' ? parseLocalDateTime(input.local) : input.local;
  const at = (epochSeconds: number, offset: number, zoneAbbreviation: string, timeBasis?: TimeBasis) => ({
    epochSeconds,
    jdUt: epochSecondsToJd(epochSeconds),
    utc: isoUtc(epochSeconds),
    zone: input.zone,
    localTime: formatCivil(civil),
    utcOffsetSeconds: offset,
    zoneAbbreviation,
    ...(timeBasis && { timeBasis }),
  });
  const stated = input.utcOffsetSeconds;
  if (stated !== undefined) {
    if (!Number.isFinite(stated) || Math.abs(stated) > 18 * 3600)
      throw new AstroInputError(`A UTC offset must be within ±18 hours, got ${stated} s`, 'INVALID_DATE');
    const label = `UTC${formatUtcOffset(stated)}`;
    return at(civilToEpochSeconds(civil) - stated, stated, label, {
      kind: 'stated-offset',
      offsetSeconds: stated,
      label: `stated offset ${label}`,
    });
  }
  const resolution =
    birthplaceLongitude === undefined
      ? resolveLocalTime(civil, input.zone)
      : resolveBirthplaceTime(civil, input.zone, birthplaceLongitude);
  const chosen = pick(resolution, input.disambiguation);
  // Only the birthplace's own history answers "LMT" with a longitude given (the zone's LMT is cut off).
  const meanTime = birthplaceLongitude !== undefined && chosen.abbreviation === 'LMT';
  return at(
    chosen.epochSeconds,
    chosen.offset,
    chosen.abbreviation,
    meanTime
      ? {
          kind: 'local-mean-time',
          offsetSeconds: chosen.offset,
          label: `local mean time (${formatUtcOffset(chosen.offset)})`,
        }
      : undefined,
  );
}

/** The one reading of a wall time, or the one asked for when clocks skipped or repeated it. */
function pick(resolution: LocalTimeResolution, disambiguation: Disambiguation = 'reject'): LocalTimeChoice {
  if (resolution.status === 'unique') return resolution;
  if (disambiguation === 'reject') throw new LocalTimeError(resolution);
  // Choices come in time order.
  return resolution.choices[disambiguation === 'earlier' ? 0 : 1];
}

export function isoUtc(epochSeconds: number): string {
  return new Date(Math.round(epochSeconds * 1000)).toISOString();
}
