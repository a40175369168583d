// The command-line front end, run as a real process.
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/astro.js', import.meta.url));
const run = (args: string[], input?: string) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', input });

describe('astro command', () => {
  it('prints a readable chart for a local time, zone and coordinates', { timeout: 30_000 }, () => {
    const r = run([
      'chart',
      '--date',
      '1990-04-21',
      '--time',
      '14:30',
      '--tz',
      'Europe/Oslo',
      '--lat',
      '59.9139',
      '--lon',
      '10.7522',
    ]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(
      'Chart for 1990-04-21 14:30:00 CEST (Europe/Oslo) = 1990-04-21T12:30:00.000Z UT',
    );
    expect(r.stdout).toMatch(/Sun\s+1°08' Taurus\s+9/);
    expect(r.stdout).toContain('Houses (placidus):');
    expect(r.stdout).toContain('Chart ruler: Mercury');
  });

  it('prints JSON with --json and takes negative coordinates', { timeout: 30_000 }, () => {
    const out = execFileSync(
      process.execPath,
      [
        bin,
        'chart',
        '--utc',
        '2000-01-01T12:00:00Z',
        '--lat',
        '-33.87',
        '--lon',
        '-70.65',
        '--house',
        'W',
        '--json',
      ],
      {
        encoding: 'utf8',
      },
    );
    const chart = JSON.parse(out);
    expect(chart.latitude).toBe(-33.87);
    expect(chart.longitude).toBe(-70.65);
    expect(chart.houses.system).toBe('whole-sign');
    expect(chart.bodies).toHaveLength(13);
  });

  it('takes coordinates and zone from the atlas with --place', { timeout: 60_000 }, () => {
    const r = run([
      'chart',
      '--date',
      '1930-03-01',
      '--time',
      '12:00',
      '--place',
      'Amsterdam',
      '--country',
      'NL',
      '--json',
    ]);
    expect(r.status).toBe(0);
    const chart = JSON.parse(r.stdout);
    expect(chart.place).toMatchObject({ name: 'Amsterdam', timeZone: 'Europe/Amsterdam' });
    // Amsterdam Mean Time (+00:19:32) was in force, as the zone history says.
    expect(chart.moment.utc).toBe('1930-03-01T11:40:28.000Z');
    expect(chart.latitude).toBeCloseTo(52.37, 1);
  });

  it('explains a local time that happened twice and exits non-zero', { timeout: 30_000 }, () => {
    const r = run([
      'chart',
      '--date',
      '2024-10-27',
      '--time',
      '02:30',
      '--tz',
      'Europe/Berlin',
      '--lat',
      '52.5',
      '--lon',
      '13.4',
    ]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('happened twice');
    const picked = run([
      'chart',
      '--date',
      '2024-10-27',
      '--time',
      '02:30',
      '--tz',
      'Europe/Berlin',
      '--lat',
      '52.5',
      '--lon',
      '13.4',
      '--pick',
      'later',
    ]);
    expect(picked.status).toBe(0);
    expect(picked.stdout).toContain('CET (Europe/Berlin) = 2024-10-27T01:30:00.000Z');
  });

  it('turns JSON lines into one chart or one error per line', { timeout: 30_000 }, () => {
    const input = [
      '{"utc":"2000-01-01T12:00:00Z","lat":51.5,"lon":-0.12,"house":"K"}',
      '{"local":"1930-03-01T12:00","zone":"Europe/Amsterdam","lat":52.37,"lon":4.89,"house":"R"}',
      '{"local":"2024-03-31T02:30","zone":"Europe/Berlin","lat":52.5,"lon":13.4}',
      'not json',
      '{"utc":"2000-01-01T12:00:00Z","lat":95,"lon":0}',
    ].join('\n');
    const r = run(['batch'], input);
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(5);
    expect(lines[0].houses.system).toBe('koch');
    expect(lines[1].moment.utc).toBe('1930-03-01T11:40:28.000Z');
    expect(lines[1].houses.system).toBe('regiomontanus');
    expect(lines[2]).toMatchObject({ code: 'SKIPPED_LOCAL_TIME', line: 3 });
    expect(lines[3]).toMatchObject({ code: 'INVALID_JSON', line: 4 });
    expect(lines[4]).toMatchObject({ code: 'INVALID_COORDINATES', line: 5 });
  });

  it('finds transit windows', { timeout: 30_000 }, () => {
    const r = run([
      'transits',
      '--utc',
      '1990-04-21T12:30:00Z',
      '--lat',
      '59.9',
      '--lon',
      '10.75',
      '--body',
      'saturn',
      '--aspect',
      'conjunction',
      '--point',
      'mars',
      '--from',
      '2022-06-01T00:00:00Z',
      '--to',
      '2024-06-01T00:00:00Z',
      '--json',
    ]);
    expect(r.status).toBe(0);
    const windows = JSON.parse(r.stdout);
    expect(windows.length).toBeGreaterThanOrEqual(1);
    expect(windows[0].exact[0].utc).toMatch(/^2023-03-/);
  });

  const BIRTH = ['--utc', '1990-04-21T12:30:00Z', '--lat', '59.9139', '--lon', '10.7522'];

  it('prints a sidereal chart with --sidereal and rejects an unknown ayanamsa', { timeout: 30_000 }, () => {
    const r = run(['chart', ...BIRTH, '--sidereal', 'lahiri']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Zodiac: sidereal \(Lahiri\), ayanamsa 23°43'\d\d"/);
    // The tropical Sun at 1°08' Taurus, less the ayanamsa.
    expect(r.stdout).toMatch(/Sun\s+7°24' Aries\s+9/);
    const fagan = JSON.parse(run(['chart', ...BIRTH, '--sidereal', 'fagan-bradley', '--json']).stdout);
    expect(fagan.zodiac).toEqual({ sidereal: 'fagan-bradley' });
    expect(fagan.ayanamsa).toBeCloseTo(24.6, 1);
    const bad = run(['chart', ...BIRTH, '--sidereal', 'raman']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Unknown zodiac "raman"');
    expect(run(['help']).stdout).toContain('--sidereal lahiri|fagan-bradley');
  });

  it('progresses a chart to an age', { timeout: 30_000 }, () => {
    const r = run(['progressions', ...BIRTH, '--age', '36']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Secondary progressions to age 36.00');
    expect(r.stdout).toContain('Progressed chart: sky of 1990-05-27T12:30:00.000Z UT');
    expect(r.stdout).toMatch(/Angles by solar arc in longitude: 34°49'\d\d"/);
    const json = JSON.parse(run(['progressions', ...BIRTH, '--age', '36', '--json']).stdout);
    expect(json.angleMethod).toBe('solar-arc-in-longitude');
    expect(json.progressed.bodies).toHaveLength(13);
    const missing = run(['progressions', ...BIRTH]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('give --age <years> or --at <ISO instant>');
  });

  it('finds the solar return of a year, at another place when asked', { timeout: 60_000 }, () => {
    const r = run([
      'return',
      ...BIRTH,
      '--year',
      '2026',
      '--return-lat',
      '40.7143',
      '--return-lon',
      '-74.006',
      '--return-tz',
      'America/New_York',
    ]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Solar return 2026: the Sun back at 1°08' Taurus");
    expect(r.stdout).toMatch(/Return chart for 2026-04-21 01:41:\d\d EDT \(America\/New_York\)/);
    const bad = run(['return', ...BIRTH, '--year', '1980']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('The return year must be a whole year from the birth year (1990)');
  });
});
