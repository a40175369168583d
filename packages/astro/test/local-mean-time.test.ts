// Local mean time of the birthplace: before a zone's first change away from LMT, a wall-clock
// time is read at the birthplace's own meridian (longitude / 15 hours), not the zone's reference
// city's; from that change on, the zone's history applies as before.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { computeNatalChart } from '../src/chart/natal-chart.ts';
import { parseLocalDateTime, resolveMoment } from '../src/time/instant-input.ts';
import {
  birthplaceOffsetAt,
  localMeanTimeOffset,
  resolveBirthplaceTime,
} from '../src/time/local-mean-time.ts';
import { formatUtcOffset, parseUtcOffset } from '../src/time/utc-offset.ts';
import { LocalTimeError, localMeanTimeEnd, zoneOffsetAt } from '../src/time/zones.ts';

/** Places away from their zone's reference city, with a local time from the zone's LMT era. */
const PLACES = [
  { name: 'Bergen', zone: 'Europe/Oslo', lon: 5.3221, local: '1880-05-17T12:00' },
  { name: 'Buffalo', zone: 'America/New_York', lon: -78.8784, local: '1880-03-01T08:00' },
  { name: 'Cologne', zone: 'Europe/Berlin', lon: 6.9603, local: '1890-07-10T09:30' },
  { name: 'Osaka', zone: 'Asia/Tokyo', lon: 135.5023, local: '1885-02-03T06:00' },
  { name: 'Cork', zone: 'Europe/Dublin', lon: -8.4756, local: '1870-01-01T15:00' },
  { name: 'Milwaukee', zone: 'America/Chicago', lon: -87.9065, local: '1875-06-01T12:00' },
  { name: 'Geraldton', zone: 'Australia/Perth', lon: 114.6144, local: '1880-01-01T12:00' },
  { name: 'Trondheim', zone: 'Europe/Oslo', lon: 10.3951, local: '1890-01-01T00:30' },
  { name: 'Manchester', zone: 'Europe/London', lon: -2.2426, local: '1845-11-01T10:00' },
  { name: 'Kraków', zone: 'Europe/Warsaw', lon: 19.945, local: '1870-04-04T04:00' },
  { name: 'Bilbao', zone: 'Europe/Madrid', lon: -2.935, local: '1890-09-09T21:00' },
  { name: 'Montreal', zone: 'America/Toronto', lon: -73.5673, local: '1880-12-24T23:00' },
];

const civilSeconds = (local: string) => Date.parse(`${local}:00Z`) / 1000;
/** The wall-clock time ("YYYY-MM-DDTHH:mm:ss") at an instant on a clock with this offset. */
const wallAt = (epochSeconds: number, offset: number) =>
  new Date((epochSeconds + offset) * 1000).toISOString().slice(0, 19);

describe('local mean time of the birthplace', () => {
  it.each(PLACES)('$name ($zone): read at its own meridian, to the second', ({ zone, lon, local }) => {
    const m = resolveMoment({ local, zone }, lon);
    const offset = localMeanTimeOffset(lon);
    expect(m.epochSeconds).toBe(civilSeconds(local) - offset);
    expect(m.utcOffsetSeconds).toBe(offset);
    expect(m.zoneAbbreviation).toBe('LMT');
    expect(m.timeBasis).toEqual({
      kind: 'local-mean-time',
      offsetSeconds: offset,
      label: `local mean time (${formatUtcOffset(offset)})`,
    });
    // The zone alone would have used its reference city's mean time: a different instant.
    const byZone = resolveMoment({ local, zone });
    expect(byZone.zoneAbbreviation).toBe('LMT');
    expect(byZone.epochSeconds).not.toBe(m.epochSeconds);
  });

  it("gives Bergen +0:21:17 where Oslo's mean time is +0:43, and moves its Ascendant", () => {
    const bergen = computeNatalChart({
      moment: { local: '1880-05-17T12:00', zone: 'Europe/Oslo' },
      latitude: 60.3913,
      longitude: 5.3221,
    });
    expect(formatUtcOffset(bergen.moment.utcOffsetSeconds ?? 0)).toBe('+0:21:17');
    expect(formatUtcOffset(zoneOffsetAt('Europe/Oslo', bergen.moment.epochSeconds).offset)).toBe('+0:43');
    const asIfOslo = computeNatalChart({
      moment: { utc: new Date((Date.parse('1880-05-17T12:00:00Z') / 1000 - 2580) * 1000) },
      latitude: 60.3913,
      longitude: 5.3221,
    });
    const gap = Math.abs((bergen.angles?.ascendant ?? 0) - (asIfOslo.angles?.ascendant ?? 0));
    expect(Math.min(gap, 360 - gap)).toBeGreaterThan(3);
  });

  it("stops at the zone's change to standard time: just before it LMT, just after the zone", () => {
    // Norway kept Oslo's mean time (+0:43) until it took CET (+1:00); find that instant in the data.
    let [lmt, cet] = [Date.parse('1880-01-01T00:00:00Z') / 1000, Date.parse('1900-01-01T00:00:00Z') / 1000];
    while (cet - lmt > 1) {
      const mid = Math.floor((lmt + cet) / 2);
      if (zoneOffsetAt('Europe/Oslo', mid).abbreviation === 'LMT') lmt = mid;
      else cet = mid;
    }
    const change = cet;
    expect(localMeanTimeEnd('Europe/Oslo')).toBe(change);
    expect(new Date(change * 1000).toISOString()).toBe('1894-12-31T23:17:00.000Z');
    const lon = 5.3221;
    const offset = localMeanTimeOffset(lon);
    const before = resolveMoment({ local: wallAt(change - 1, offset), zone: 'Europe/Oslo' }, lon);
    expect(before.timeBasis?.kind).toBe('local-mean-time');
    expect(before.epochSeconds).toBe(change - 1);
    // From the change on, Bergen's clocks showed CET: 00:17 on 1 January 1895.
    const at = resolveMoment({ local: '1895-01-01T00:17', zone: 'Europe/Oslo' }, lon);
    expect(at.epochSeconds).toBe(change);
    expect(at.timeBasis).toBeUndefined();
    expect(at.zoneAbbreviation).toBe('CET');
    const after = resolveMoment({ local: '1895-06-01T12:00', zone: 'Europe/Oslo' }, lon);
    expect(after.timeBasis).toBeUndefined();
    expect(after.utc).toBe('1895-06-01T11:00:00.000Z');
  });

  it("asks which reading is meant for a time Bergen's clocks skipped at the change (LMT to CET)", () => {
    // Bergen's clocks went from 23:38:17 LMT straight to 00:17:00 CET: 38 min 43 s never shown.
    const skipped = resolveBirthplaceTime(parseLocalDateTime('1894-12-31T23:50'), 'Europe/Oslo', 5.3221);
    expect(skipped).toEqual({
      status: 'skipped',
      choices: [
        // 23:50 read as CET: an instant before the change, when Bergen's clocks showed 23:11:17 LMT.
        {
          epochSeconds: Date.parse('1894-12-31T22:50:00Z') / 1000,
          offset: 1277,
          isDst: false,
          abbreviation: 'LMT',
          localTime: '1894-12-31T23:11:17',
        },
        // 23:50 read as Bergen's mean time: after the change, when the clocks showed 00:28:43 CET.
        {
          epochSeconds: Date.parse('1894-12-31T23:28:43Z') / 1000,
          offset: 3600,
          isDst: false,
          abbreviation: 'CET',
          localTime: '1895-01-01T00:28:43',
        },
      ],
    });
    expect(() => resolveMoment({ local: '1894-12-31T23:50', zone: 'Europe/Oslo' }, 5.3221)).toThrow(
      LocalTimeError,
    );
    const later = resolveMoment(
      { local: '1894-12-31T23:50', zone: 'Europe/Oslo', disambiguation: 'later' },
      5.3221,
    );
    expect(later.utc).toBe('1894-12-31T23:28:43.000Z');
    expect(later.timeBasis).toBeUndefined();
    const earlier = resolveMoment(
      { local: '1894-12-31T23:50', zone: 'Europe/Oslo', disambiguation: 'earlier' },
      5.3221,
    );
    expect(earlier.utc).toBe('1894-12-31T22:50:00.000Z');
    expect(earlier.timeBasis?.label).toBe('local mean time (+0:21:17)');
    // The zone alone (Oslo's mean time) never asked: it read 23:50 as +0:43.
    expect(resolveMoment({ local: '1894-12-31T23:50', zone: 'Europe/Oslo' }).utc).toBe(
      '1894-12-31T23:07:00.000Z',
    );
  });

  it('asks too where the change repeated times: Montreal put its clocks back to EST', () => {
    // Montreal's mean time (-4:54:16) is ahead of EST (-5:00): 5 min 44 s happened twice.
    const lon = -73.5673;
    const end = localMeanTimeEnd('America/Toronto')!;
    const lmt = localMeanTimeOffset(lon);
    expect(formatUtcOffset(lmt)).toBe('-4:54:16');
    const wall = wallAt(end - 60, lmt);
    const twice = resolveBirthplaceTime(parseLocalDateTime(wall), 'America/Toronto', lon);
    expect(twice.status).toBe('ambiguous');
    if (twice.status !== 'ambiguous') return;
    expect(twice.choices.map((c) => [c.epochSeconds - end, c.abbreviation])).toEqual([
      [-60, 'LMT'],
      [-60 + lmt + 18000, 'EST'],
    ]);
  });

  it.each(PLACES)('$name ($zone): the change instant, a second before and after', ({ zone, lon }) => {
    const end = localMeanTimeEnd(zone);
    expect(end).toBeDefined();
    const change = end as number;
    const lmt = localMeanTimeOffset(lon);
    const standard = zoneOffsetAt(zone, change);
    expect(standard.abbreviation).not.toBe('LMT');
    expect(birthplaceOffsetAt(zone, lon, change - 1)).toEqual({
      offset: lmt,
      isDst: false,
      abbreviation: 'LMT',
    });
    expect(birthplaceOffsetAt(zone, lon, change)).toEqual(standard);
    // Which reading a wall time at the change gets depends on the way the clocks moved; asking for
    // the earlier one before the change and the later one from it on gives the instant itself.
    const justBefore = resolveMoment(
      { local: wallAt(change - 1, lmt), zone, disambiguation: 'earlier' },
      lon,
    );
    expect(justBefore.epochSeconds).toBe(change - 1);
    expect(justBefore.timeBasis?.kind).toBe('local-mean-time');
    for (const instant of [change, change + 1]) {
      const reading = resolveMoment(
        { local: wallAt(instant, standard.offset), zone, disambiguation: 'later' },
        lon,
      );
      expect(reading.epochSeconds).toBe(instant);
      expect(reading.timeBasis).toBeUndefined();
      expect(reading.zoneAbbreviation).toBe(standard.abbreviation);
    }
    // A wall time inside the jump is skipped (clocks forward) or repeated (clocks back).
    if (lmt !== standard.offset) {
      const inside = wallAt(
        change,
        Math.min(lmt, standard.offset) + Math.floor(Math.abs(lmt - standard.offset) / 2),
      );
      const status = resolveBirthplaceTime(parseLocalDateTime(inside), zone, lon).status;
      expect(status).toBe(lmt < standard.offset ? 'skipped' : 'ambiguous');
    }
  });

  it("keeps the zone's calendar date across the date line: Tubou (Lakeba, Fiji) and Alaska before 1867", () => {
    // Tubou lies at 178.81° W, Suva (Fiji's reference city) at 178.42° E; Fiji kept one date.
    const tubou = resolveMoment({ local: '1900-03-01T12:00', zone: 'Pacific/Fiji' }, -178.81232);
    expect(formatUtcOffset(tubou.utcOffsetSeconds ?? 0)).toBe('+12:04:45');
    expect(tubou.utc).toBe('1900-02-28T23:55:15.000Z');
    // Unalaska kept the Russian (Asian) date until 1867, then the American one.
    const russian = resolveMoment({ local: '1850-06-01T12:00', zone: 'America/Nome' }, -166.53408);
    expect(formatUtcOffset(russian.utcOffsetSeconds ?? 0)).toBe('+12:53:52');
    const american = resolveMoment({ local: '1880-06-01T12:00', zone: 'America/Nome' }, -166.53408);
    expect(formatUtcOffset(american.utcOffsetSeconds ?? 0)).toBe('-11:06:08');
    expect(american.timeBasis?.kind).toBe('local-mean-time');
  });

  it('keeps a reference city within a few seconds of the tz database, and a stated offset wins', () => {
    const oslo = resolveMoment({ local: '1880-05-17T12:00', zone: 'Europe/Oslo' }, 10.7461);
    const tz = resolveMoment({ local: '1880-05-17T12:00', zone: 'Europe/Oslo' });
    expect(Math.abs(oslo.epochSeconds - tz.epochSeconds)).toBeLessThanOrEqual(5);
    const stated = resolveMoment(
      { local: '1880-05-17T12:00', zone: 'Europe/Oslo', utcOffsetSeconds: 3600 },
      5.3221,
    );
    expect(stated.utc).toBe('1880-05-17T11:00:00.000Z');
    expect(stated.timeBasis).toEqual({
      kind: 'stated-offset',
      offsetSeconds: 3600,
      label: 'stated offset UTC+1:00',
    });
    expect(() =>
      resolveMoment({ local: '1880-05-17T12:00', zone: 'Europe/Oslo', utcOffsetSeconds: 90_000 }),
    ).toThrow(/within ±18 hours/);
  });

  it('formats offsets with seconds only when there are some, and reads them back', () => {
    expect(formatUtcOffset(1277)).toBe('+0:21:17');
    expect(formatUtcOffset(-18000)).toBe('-5:00');
    expect(formatUtcOffset(-17762)).toBe('-4:56:02');
    expect(parseUtcOffset('+01:00')).toBe(3600);
    expect(parseUtcOffset('+0100')).toBe(3600);
    expect(parseUtcOffset('+1')).toBe(3600);
    expect(parseUtcOffset('-4:56:02')).toBe(-17762);
    expect(parseUtcOffset('UTC−05:30')).toBe(-19800);
    expect(parseUtcOffset('-00:00')).toBe(0);
    for (const bad of ['01:00', '+1:60', '+01:00:60', 'CET', '', '+123'])
      expect(parseUtcOffset(bad), bad).toBeUndefined();
  });
});

describe('astro command', () => {
  const bin = fileURLToPath(new URL('../bin/astro.js', import.meta.url));
  it('reads an old local time at the birthplace and says so; a batch line does the same', {
    timeout: 30_000,
  }, () => {
    const chart = spawnSync(
      process.execPath,
      [
        bin,
        'chart',
        '--date',
        '1880-05-17',
        '--time',
        '12:00',
        '--tz',
        'Europe/Oslo',
        '--lat',
        '60.3913',
        '--lon',
        '5.3221',
      ],
      { encoding: 'utf8' },
    );
    expect(chart.status).toBe(0);
    expect(chart.stdout).toContain(
      'Chart for 1880-05-17 12:00:00 LMT (Europe/Oslo) = 1880-05-17T11:38:43.000Z UT',
    );
    expect(chart.stdout).toContain('Time read as the local mean time of 60.39, 5.32 (+0:21:17)');
    const batch = spawnSync(process.execPath, [bin, 'batch'], {
      encoding: 'utf8',
      input: `${JSON.stringify({ local: '1880-05-17T12:00', zone: 'Europe/Oslo', lat: 60.3913, lon: 5.3221 })}\n`,
    });
    expect(batch.status).toBe(0);
    const line = JSON.parse(batch.stdout.trim().split('\n')[0] ?? '{}');
    expect(line.moment.utc).toBe('1880-05-17T11:38:43.000Z');
    expect(line.moment.timeBasis.label).toBe('local mean time (+0:21:17)');
  });

  it('names the place from --place, takes --offset and a batch "offset", and refuses a bad one', {
    timeout: 30_000,
  }, () => {
    const run = (args: string[], input?: string) =>
      spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', ...(input && { input }) });
    const bergen = [
      'chart',
      '--date',
      '1880-05-17',
      '--time',
      '12:00',
      '--place',
      'Bergen',
      '--country',
      'NO',
    ];
    const own = run(bergen);
    expect(own.status, own.stderr).toBe(0);
    expect(own.stdout).toContain('Time read as the local mean time of Bergen (+0:21:18)');
    const stated = run([...bergen, '--offset', '+01:00']);
    expect(stated.stdout).toContain(
      'Chart for 1880-05-17 12:00:00 UTC+1:00 (Europe/Oslo) = 1880-05-17T11:00:00.000Z UT',
    );
    expect(stated.stdout).toContain('Time read at the stated offset UTC+1:00');
    const bad = run([...bergen, '--offset', '1:00']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('An offset must look like +01:00');
    // The change to CET skipped 23:38:18-00:17 in Bergen: refused until --pick says which.
    const gap = run([
      'chart',
      '--date',
      '1894-12-31',
      '--time',
      '23:50',
      '--place',
      'Bergen',
      '--country',
      'NO',
    ]);
    expect(gap.status).toBe(2);
    expect(gap.stderr).toContain(
      'did not exist (clocks went forward): 1894-12-31T23:11:18 LMT or 1895-01-01T00:28:42 CET',
    );
    const row = { local: '1880-05-17T12:00', zone: 'Europe/Oslo', lat: 60.3913, lon: 5.3221 };
    const lines = run(
      ['batch'],
      [
        { ...row, offset: '+01:00' },
        { ...row, offset: 3600 },
        { ...row, offset: 'CET' },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n'),
    )
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0].moment.utc).toBe('1880-05-17T11:00:00.000Z');
    expect(lines[1].moment.timeBasis).toEqual({
      kind: 'stated-offset',
      offsetSeconds: 3600,
      label: 'stated offset UTC+1:00',
    });
    expect(lines[2]).toMatchObject({ code: 'INVALID_OFFSET', line: 3 });
  });
});
