// Local mean time of the birthplace: before a zone's first change away from LMT, a wall-clock
// time is read at the birthplace's own meridian (longitude / 15 hours), not the zone's reference
// city's; from that change on, the zone's history applies as before.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { computeNatalChart } from '../src/chart/natal-chart.ts';
import { parseLocalDateTime, resolveMoment } from '../src/time/instant-input.ts';
import { birthplaceMeanTime, formatUtcOffset, localMeanTimeOffset } from '../src/time/local-mean-time.ts';
import { zoneOffsetAt } from '../src/time/zones.ts';

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
    expect(new Date(change * 1000).getUTCFullYear()).toBe(1894);
    expect(zoneOffsetAt('Europe/Oslo', change).abbreviation).toBe('CET');
    const lon = 5.3221;
    const offset = localMeanTimeOffset(lon);
    const wallAt = (epoch: number) => new Date((epoch + offset) * 1000).toISOString().slice(0, 19);
    const before = resolveMoment({ local: wallAt(change - 1), zone: 'Europe/Oslo' }, lon);
    expect(before.timeBasis?.kind).toBe('local-mean-time');
    expect(before.epochSeconds).toBe(change - 1);
    // From the change on, the birthplace's mean time no longer applies (its clocks jumped to CET).
    expect(birthplaceMeanTime(parseLocalDateTime(wallAt(change)), 'Europe/Oslo', lon)).toBeNull();
    const after = resolveMoment({ local: '1895-06-01T12:00', zone: 'Europe/Oslo' }, lon);
    expect(after.timeBasis).toBeUndefined();
    expect(after.utc).toBe('1895-06-01T11:00:00.000Z');
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

  it('formats offsets with seconds only when there are some', () => {
    expect(formatUtcOffset(1277)).toBe('+0:21:17');
    expect(formatUtcOffset(-18000)).toBe('-5:00');
    expect(formatUtcOffset(-17762)).toBe('-4:56:02');
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
});
