// Time-zone history: generated data against the system tz database, backzone history, DST edges.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readZoneSource } from '../scripts/zone-source.ts';
import { civilToEpochSeconds, epochSecondsToCivil } from '../src/time/civil.ts';
import { TZ_VERSION, ZONES } from '../src/time/zone-data.generated.ts';
import {
  canonicalZoneName,
  LocalTimeError,
  localToEpochSeconds,
  resolveLocalTime,
  zoneNames,
  zoneOffsetAt,
} from '../src/time/zones.ts';
import { rawOffsetAt, referenceOffsetAt, zdumpZone } from './zone-reference.ts';

const source = readZoneSource();
const at = (iso: string) => Date.parse(iso) / 1000;
const local = (s: string) => {
  const [d, t] = s.split('T') as [string, string];
  const [year, month, day] = d.split('-').map(Number) as [number, number, number];
  const [hour, minute] = t.split(':').map(Number) as [number, number];
  return { year, month, day, hour, minute, second: 0 };
};

describe('generated zone data', () => {
  it('was generated from the tz release installed on this system', () => {
    // If this fails the system tzdata changed: run packages/astro/scripts/generate-zones.ts.
    expect(TZ_VERSION).toBe(source.version);
    expect(Object.keys(ZONES).sort()).toEqual(source.zones);
  });

  it('gives the same offset as the system TZif files around every transition', () => {
    const mismatches: string[] = [];
    for (const name of source.zones) {
      const raw = source.read(name);
      const probes = [at('1800-01-01T00:00:00Z'), at('2050-07-01T00:00:00Z'), at('2099-12-31T00:00:00Z')];
      for (const t of raw.transitions) probes.push(t - 1, t, t + 43200);
      for (const t of probes) {
        const ours = zoneOffsetAt(name, t).offset;
        const theirs = rawOffsetAt(raw, t);
        if (ours !== theirs)
          mismatches.push(`${name} at ${new Date(t * 1000).toISOString()}: ${ours} vs ${theirs}`);
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it.each([
    'Europe/Oslo',
    'Europe/Stockholm',
    'Europe/Amsterdam',
    'Atlantic/Reykjavik',
    'Europe/Copenhagen',
    'Europe/Luxembourg',
    'Europe/Monaco',
    'Asia/Kolkata',
    'America/Havana',
    'America/Sao_Paulo',
    'Australia/Lord_Howe',
    'Africa/Casablanca',
    'Asia/Tehran',
    'Pacific/Apia',
  ])('%s matches zdump at every transition 1800-2100', (name) => {
    const ref = zdumpZone(name);
    for (const [t] of ref.transitions) {
      for (const probe of [t - 1, t]) {
        expect(zoneOffsetAt(name, probe).offset, new Date(probe * 1000).toISOString()).toBe(
          referenceOffsetAt(ref, probe),
        );
      }
    }
  });
});

describe('history kept only in backzone', () => {
  it.each([
    ['Europe/Amsterdam', '1930-01-01T00:00:00Z', 1172, 'AMT'], // Amsterdam Mean Time, +00:19:32
    ['Europe/Amsterdam', '1938-01-01T00:00:00Z', 1200, '+0020'],
    ['Europe/Oslo', '1890-06-01T00:00:00Z', 2580, 'LMT'],
    ['Europe/Stockholm', '1890-06-01T00:00:00Z', 3614, 'SET'],
    ['Atlantic/Reykjavik', '1905-06-01T00:00:00Z', -5280, 'LMT'],
    ['Atlantic/Reykjavik', '1950-06-01T00:00:00Z', 0, '+00'],
  ])('%s at %s is %i s east of UT', (zone, iso, offset, abbreviation) => {
    const o = zoneOffsetAt(zone, at(iso));
    expect(o.offset).toBe(offset);
    expect(o.abbreviation).toBe(abbreviation);
  });

  it('differs from the merged zone that the main tz data uses for Oslo', () => {
    // Without backzone Europe/Oslo is a link to Europe/Berlin, which kept CET in 1890.
    expect(zoneOffsetAt('Europe/Oslo', at('1890-06-01T00:00:00Z')).offset).not.toBe(
      zoneOffsetAt('Europe/Berlin', at('1890-06-01T00:00:00Z')).offset,
    );
  });

  it('converts a pre-war Amsterdam birth time with the local mean time offset', () => {
    const ut = localToEpochSeconds(local('1930-03-01T12:00'), 'Europe/Amsterdam');
    expect(new Date(ut * 1000).toISOString()).toBe('1930-03-01T11:40:28.000Z');
  });
});

describe('clock changes', () => {
  it.each([
    ['Europe/Berlin', '2024-03-31T02:30'],
    ['America/New_York', '2024-03-10T02:30'],
    ['Australia/Sydney', '2024-10-06T02:30'],
    ['Europe/Amsterdam', '1930-05-15T02:30'],
    ['Australia/Lord_Howe', '2024-10-06T02:15'],
  ])('%s %s never happened: reported as skipped with both readings', (zone, wall) => {
    const r = resolveLocalTime(local(wall), zone);
    expect(r.status).toBe('skipped');
    if (r.status !== 'skipped') return;
    const [a, b] = r.choices;
    expect(a.epochSeconds).toBeLessThan(b.epochSeconds);
    // The two readings lie the length of the gap apart: the earlier one falls before the change.
    expect(b.epochSeconds - a.epochSeconds).toBe(b.offset - a.offset);
    expect(b.offset).toBeGreaterThan(a.offset);
    // Each choice reads the wall time with one side's offset, so neither shows the asked-for time.
    expect(a.localTime).not.toBe(`${wall}:00`);
    expect(b.localTime).not.toBe(`${wall}:00`);
    expect(() => localToEpochSeconds(local(wall), zone)).toThrow(LocalTimeError);
  });

  it.each([
    ['Europe/Berlin', '2024-10-27T02:30', 3600],
    ['America/New_York', '2024-11-03T01:30', 3600],
    ['Australia/Sydney', '2024-04-07T02:30', 3600],
    ['Australia/Lord_Howe', '2024-04-07T01:45', 1800],
  ])('%s %s happened twice: reported as ambiguous with both instants', (zone, wall, gap) => {
    const r = resolveLocalTime(local(wall), zone);
    expect(r.status).toBe('ambiguous');
    if (r.status !== 'ambiguous') return;
    const [a, b] = r.choices;
    expect(b.epochSeconds - a.epochSeconds).toBe(gap);
    expect(a.localTime).toBe(`${wall}:00`);
    expect(b.localTime).toBe(`${wall}:00`);
    expect(a.isDst).toBe(true);
    expect(b.isDst).toBe(false);
    expect(localToEpochSeconds(local(wall), zone, 'earlier')).toBe(a.epochSeconds);
    expect(localToEpochSeconds(local(wall), zone, 'later')).toBe(b.epochSeconds);
    try {
      localToEpochSeconds(local(wall), zone);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(LocalTimeError);
      expect((e as LocalTimeError).code).toBe('AMBIGUOUS_LOCAL_TIME');
      expect((e as LocalTimeError).resolution.choices).toHaveLength(2);
    }
  });

  it('a minute before and after a change are unique', () => {
    expect(resolveLocalTime(local('2024-03-31T01:59'), 'Europe/Berlin').status).toBe('unique');
    expect(resolveLocalTime(local('2024-03-31T03:00'), 'Europe/Berlin').status).toBe('unique');
    expect(resolveLocalTime(local('2024-10-27T01:59'), 'Europe/Berlin').status).toBe('unique');
    expect(resolveLocalTime(local('2024-10-27T03:00'), 'Europe/Berlin').status).toBe('unique');
  });
});

describe('names and bad input', () => {
  it('resolves links and letter case', () => {
    expect(canonicalZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalZoneName('europe/oslo')).toBe('Europe/Oslo');
    expect(canonicalZoneName('Mars/Olympus_Mons')).toBeUndefined();
    expect(zoneNames().length).toBeGreaterThan(550);
  });

  it('rejects unknown zones and impossible dates', () => {
    expect(() => zoneOffsetAt('Nowhere/City', 0)).toThrow(/Unknown time zone/);
    expect(() => resolveLocalTime(local('2023-02-29T12:00'), 'UTC')).toThrow(/does not exist/);
    expect(() => resolveLocalTime({ ...local('2023-02-28T12:00'), hour: 24 }, 'UTC')).toThrow(/hour/);
  });
});

describe('properties over random zones and dates', () => {
  const names = source.zones;
  const rawCache = new Map<string, ReturnType<typeof source.read>>();
  const raw = (z: string) => {
    let r = rawCache.get(z);
    if (!r) {
      r = source.read(z);
      rawCache.set(z, r);
    }
    return r;
  };
  const zone = fc.constantFrom(...names);

  it('after 1970 the offset agrees with the runtime (Intl) zone data', () => {
    // Intl and the system files can differ by tz release; compare against the files where they do.
    const fmt = new Map<string, Intl.DateTimeFormat>();
    // "Factory" is a placeholder zone that Intl does not know.
    const intlZone = fc.constantFrom(...names.filter((n) => n !== 'Factory'));
    let disagreements = 0;
    fc.assert(
      fc.property(
        intlZone,
        fc.integer({ min: at('1970-01-01T00:00:00Z'), max: at('2037-12-31T00:00:00Z') }),
        (z, t) => {
          let f = fmt.get(z);
          if (!f) {
            f = new Intl.DateTimeFormat('en-US', { timeZone: z, timeZoneName: 'longOffset' });
            fmt.set(z, f);
          }
          const name = f.formatToParts(new Date(t * 1000)).find((p) => p.type === 'timeZoneName')!.value;
          const m = /GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(name)!;
          const intl = m[1]
            ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0))
            : 0;
          const ours = zoneOffsetAt(z, t).offset;
          if (ours !== intl) {
            disagreements++;
            expect(ours).toBe(rawOffsetAt(raw(z), t));
          }
        },
      ),
      { numRuns: 5000 },
    );
    expect(disagreements).toBeLessThan(25);
  });

  it('before 1970 the offset agrees with the system zone files', () => {
    fc.assert(
      fc.property(
        zone,
        fc.integer({ min: at('1800-01-01T00:00:00Z'), max: at('1970-01-01T00:00:00Z') }),
        (z, t) => {
          expect(zoneOffsetAt(z, t).offset).toBe(rawOffsetAt(raw(z), t));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('every instant a local time resolves to shows that local time', () => {
    fc.assert(
      fc.property(
        zone,
        fc.integer({ min: at('1850-01-01T00:00:00Z'), max: at('2060-01-01T00:00:00Z') }),
        (z, t) => {
          const wall = epochSecondsToCivil(Math.floor(t / 60) * 60);
          const r = resolveLocalTime(wall, z);
          const choices = r.status === 'unique' ? [r] : r.choices;
          for (const c of choices) {
            const shown = civilToEpochSeconds(
              epochSecondsToCivil(c.epochSeconds + zoneOffsetAt(z, c.epochSeconds).offset),
            );
            if (r.status === 'skipped') expect(shown).not.toBe(civilToEpochSeconds(wall));
            else expect(shown).toBe(civilToEpochSeconds(wall));
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
