// Command-line front end: `astro chart`, `astro batch`, `astro transits`, `astro progressions`,
// `astro return`. Run `astro help`.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ASPECT_KINDS, type AspectKind } from '../src/chart/aspects.ts';
import { computeNatalChart, type NatalChartInput } from '../src/chart/natal-chart.ts';
import { computeProgressions, computeSolarReturn } from '../src/chart/progressions.ts';
import { parseZodiac } from '../src/chart/sidereal.ts';
import { BODY_IDS, type BodyId } from '../src/ephemeris/body-ids.ts';
import { AstroInputError } from '../src/errors.ts';
import type { MomentInput } from '../src/time/instant-input.ts';
import { parseUtcOffset } from '../src/time/utc-offset.ts';
import type { Disambiguation } from '../src/time/zones.ts';
import { natalPoints, searchTransit, transitAspects } from '../src/transits/transits.ts';
import { dms, dmsFull, formatChart, GLYPH_NAMES, position } from './format-chart.ts';

const HELP = `Usage:
  astro chart --date YYYY-MM-DD --time HH:MM --tz <IANA zone> --lat <deg> --lon <deg> [options]
  astro chart --utc <ISO instant> --lat <deg> --lon <deg> [options]
  astro chart --date YYYY-MM-DD --time HH:MM --place "Oslo" [--country NO] [options]
      --place takes coordinates and zone from the atlas (best match; refine with
      "Name, Region" or --country); --lat/--lon/--tz given as well win
      --house <P|K|W|E|O|R|C>   house system (default P, Placidus)
      --sidereal lahiri|fagan-bradley   sidereal zodiac with that ayanamsa (default tropical)
      --unknown-time            birth time unknown: no houses or angles
      --pick earlier|later      which instant to take when the local time happened twice or never
      --offset <±HH:MM>         the clock the birth record used (a railway or city time), e.g.
                                +01:00; wins over the zone. Without it, a time from before the
                                zone's standard time is read as the birthplace's local mean time
      --json                    machine-readable output
  astro batch [--house <letter>]
      reads JSON lines from standard input, each {"utc": ISO} or {"local": "YYYY-MM-DDTHH:MM",
      "zone": IANA}, plus "lat", "lon" and optionally "house", "sidereal", "pick" and "offset"
      ("+01:00" or seconds east); writes one JSON chart per line
      (or {"error", "code", "line"} for a bad line)
  astro transits <chart options> [--at <ISO instant>] [--json]
      aspects of the transiting bodies at --at (default: now) to the natal chart
  astro transits <chart options> --body <body> --aspect <kind> --point <natal point>
      --from <ISO> --to <ISO> [--orb <deg>] [--json]
      when the aspect enters orb, perfects and leaves orb
  astro progressions <chart options> (--age <years> | --at <ISO instant>) [--json]
      secondary progressions, a day for a year: the bodies age days after birth, the
      Midheaven moved by the solar arc, Ascendant and houses from it at the birthplace
  astro return <chart options> --year YYYY [--return-place "Name" | --return-lat <deg>
      --return-lon <deg> [--return-tz <IANA zone>]] [--json]
      solar return: the instant the Sun comes back to its natal longitude that year, and
      the chart for it at the birthplace or the return place
Bodies: ${BODY_IDS.join(', ')}
Aspects: ${ASPECT_KINDS.join(', ')}
`;

function fail(message: string): never {
  process.stderr.write(`astro: ${message}\n`);
  process.exit(2);
}

/** A stated offset as text ("+01:00") or seconds east of Greenwich; undefined when not given. */
function statedOffset(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  const seconds = typeof value === 'number' ? value : parseUtcOffset(String(value));
  if (seconds === undefined || !Number.isInteger(seconds))
    throw new AstroInputError(
      `An offset must look like +01:00 or -04:56:02, got "${String(value)}"`,
      'INVALID_OFFSET',
    );
  return seconds;
}

type Flags = Record<string, string | boolean | undefined>;

function chartInput(flags: Flags): NatalChartInput {
  const num = (name: string) => {
    const v = flags[name];
    if (typeof v !== 'string') fail(`--${name} is required`);
    const n = Number(v);
    if (!Number.isFinite(n)) fail(`--${name} must be a number, got "${v}"`);
    return n;
  };
  let moment: MomentInput;
  if (typeof flags.utc === 'string') moment = { utc: flags.utc };
  else {
    if (typeof flags.date !== 'string') fail('give --date and --time with --tz, or --utc');
    if (typeof flags.tz !== 'string') fail('--tz is required with --date (an IANA zone such as Europe/Oslo)');
    const time = typeof flags.time === 'string' ? flags.time : '12:00';
    const pick = flags.pick;
    if (pick !== undefined && pick !== 'earlier' && pick !== 'later') fail('--pick must be earlier or later');
    const offset = statedOffset(flags.offset);
    moment = {
      local: `${flags.date}T${time}`,
      zone: flags.tz,
      disambiguation: (pick as Disambiguation | undefined) ?? 'reject',
      ...(offset !== undefined && { utcOffsetSeconds: offset }),
    };
  }
  return {
    moment,
    latitude: num('lat'),
    longitude: num('lon'),
    houseSystem: typeof flags.house === 'string' ? flags.house : 'P',
    zodiac: siderealFlag(flags),
    options: { timeKnown: !flags['unknown-time'] },
  };
}

/** --sidereal names the ayanamsa; without it the zodiac is tropical. */
function siderealFlag(flags: Flags) {
  const v = flags.sidereal;
  if (v === undefined) return 'tropical';
  if (typeof v !== 'string' || v === 'tropical') fail('--sidereal must be lahiri or fagan-bradley');
  return parseZodiac(v);
}

const OPTIONS = {
  date: { type: 'string' },
  time: { type: 'string' },
  tz: { type: 'string' },
  utc: { type: 'string' },
  lat: { type: 'string' },
  lon: { type: 'string' },
  house: { type: 'string' },
  pick: { type: 'string' },
  offset: { type: 'string' },
  'unknown-time': { type: 'boolean' },
  json: { type: 'boolean' },
  at: { type: 'string' },
  body: { type: 'string' },
  aspect: { type: 'string' },
  point: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  orb: { type: 'string' },
  place: { type: 'string' },
  country: { type: 'string' },
  sidereal: { type: 'string' },
  age: { type: 'string' },
  year: { type: 'string' },
  'return-place': { type: 'string' },
  'return-lat': { type: 'string' },
  'return-lon': { type: 'string' },
  'return-tz': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface ResolvedPlace {
  id: number;
  name: string;
  region: string | null;
  country: string;
  timeZone: string;
}

/** Fills --lat, --lon and --tz from the atlas when --place is given (loaded only then). */
async function lookUpPlace(name: string, country?: string) {
  const { loadAtlas } = await import('@app/atlas/atlas.ts');
  const found = loadAtlas().search(name, country ? { country, limit: 1 } : { limit: 1 })[0];
  if (!found) fail(`no place matches "${name}"`);
  return found;
}

async function withPlace(flags: Flags): Promise<{ flags: Flags; place?: ResolvedPlace }> {
  if (typeof flags.place !== 'string') return { flags };
  const found = await lookUpPlace(flags.place, typeof flags.country === 'string' ? flags.country : undefined);
  return {
    flags: {
      ...flags,
      lat: flags.lat ?? String(found.lat),
      lon: flags.lon ?? String(found.lon),
      tz: flags.tz ?? found.timeZone,
    },
    place: {
      id: found.id,
      name: found.name,
      region: found.region,
      country: found.country,
      timeZone: found.timeZone,
    },
  };
}

async function batch(flags: Flags): Promise<void> {
  const rl = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0;
  for await (const raw of rl) {
    n++;
    const line = raw.trim();
    if (!line) continue;
    try {
      const row = JSON.parse(line) as Record<string, unknown>;
      const offset = statedOffset(row.offset);
      const moment: MomentInput =
        typeof row.utc === 'string'
          ? { utc: row.utc }
          : {
              local: String(row.local ?? ''),
              zone: String(row.zone ?? ''),
              disambiguation: (row.pick as Disambiguation) ?? 'reject',
              ...(offset !== undefined && { utcOffsetSeconds: offset }),
            };
      const chart = computeNatalChart({
        moment,
        latitude: Number(row.lat ?? row.latitude),
        longitude: Number(row.lon ?? row.longitude),
        houseSystem: String(row.house ?? row.houseSystem ?? flags.house ?? 'P'),
        zodiac: String(row.sidereal ?? row.zodiac ?? flags.sidereal ?? 'tropical'),
        options: { timeKnown: row.timeKnown !== false },
      });
      process.stdout.write(`${JSON.stringify(chart)}\n`);
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      const code =
        e instanceof AstroInputError ? e.code : e instanceof SyntaxError ? 'INVALID_JSON' : 'ERROR';
      process.stdout.write(`${JSON.stringify({ error, code, line: n })}\n`);
    }
  }
}

function transits(flags: Flags): void {
  const chart = computeNatalChart(chartInput(flags));
  if (typeof flags.body === 'string') {
    const body = flags.body as BodyId;
    if (!BODY_IDS.includes(body)) fail(`unknown body "${flags.body}"`);
    const kind = (flags.aspect ?? 'conjunction') as AspectKind;
    if (!ASPECT_KINDS.includes(kind)) fail(`unknown aspect "${String(flags.aspect)}"`);
    const pointId = typeof flags.point === 'string' ? flags.point : 'sun';
    const point = natalPoints(chart).find((p) => p.id === pointId);
    if (!point) fail(`unknown natal point "${pointId}"`);
    if (typeof flags.from !== 'string' || typeof flags.to !== 'string') fail('--from and --to are required');
    const windows = searchTransit({
      body,
      kind,
      point: { id: point.id, longitude: point.longitude },
      orb: typeof flags.orb === 'string' ? Number(flags.orb) : undefined,
      from: { utc: flags.from },
      to: { utc: flags.to },
    });
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(windows)}\n`);
      return;
    }
    if (windows.length === 0) console.log('No such transit in that period.');
    for (const w of windows) {
      console.log(
        `${GLYPH_NAMES[w.body]} ${w.kind} natal ${GLYPH_NAMES[w.point] ?? w.point}: enters ${w.enters?.utc ?? '(already in orb)'}, exact ${w.exact.map((x) => x.utc).join(', ') || '-'}, leaves ${w.leaves?.utc ?? '(still in orb)'}`,
      );
    }
    return;
  }
  const at = typeof flags.at === 'string' ? flags.at : new Date().toISOString();
  const aspects = transitAspects(chart, { utc: at });
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(aspects)}\n`);
    return;
  }
  console.log(`Transits at ${at}:`);
  for (const a of aspects) {
    console.log(
      `  ${GLYPH_NAMES[a.a]!.padEnd(10)} ${a.kind.padEnd(12)} natal ${GLYPH_NAMES[a.b]!.padEnd(10)} orb ${dms(Math.abs(a.deviation)).trim()} ${a.motion}`,
    );
  }
}

function progressions(flags: Flags): void {
  const input = chartInput(flags);
  const age = typeof flags.age === 'string' ? Number(flags.age) : undefined;
  if (age === undefined && typeof flags.at !== 'string') fail('give --age <years> or --at <ISO instant>');
  const p = computeProgressions({
    ...input,
    age,
    at: typeof flags.at === 'string' ? { utc: flags.at } : undefined,
  });
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(p, null, 2)}\n`);
    return;
  }
  console.log(
    `Secondary progressions to age ${p.age.toFixed(2)} (a day for a year), natal ${p.natal.moment.utc} UT`,
  );
  console.log(`Angles by solar arc in longitude: ${dmsFull(p.solarArc)}`);
  process.stdout.write(`${formatChart(p.progressed, { title: 'Progressed chart: sky of' })}\n`);
}

async function solarReturn(flags: Flags): Promise<void> {
  const input = chartInput(flags);
  const year = Number(flags.year);
  if (typeof flags.year !== 'string' || !Number.isInteger(year)) fail('--year YYYY is required');
  let place: { latitude: number; longitude: number; zone?: string } | undefined;
  if (typeof flags['return-place'] === 'string') {
    const found = await lookUpPlace(flags['return-place']);
    place = { latitude: found.lat, longitude: found.lon, zone: found.timeZone };
  } else if (flags['return-lat'] !== undefined || flags['return-lon'] !== undefined) {
    place = {
      latitude: Number(flags['return-lat']),
      longitude: Number(flags['return-lon']),
      zone: typeof flags['return-tz'] === 'string' ? flags['return-tz'] : undefined,
    };
  }
  const r = computeSolarReturn({ ...input, year, place });
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
    return;
  }
  console.log(`Solar return ${year}: the Sun back at ${position(r.sunLongitude).trim()}`);
  process.stdout.write(`${formatChart(r.chart, { title: 'Return chart for' })}\n`);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(HELP);
    return;
  }
  let flags: Flags;
  try {
    // Let negative coordinates follow their option with a space (--lon -0.12).
    const args: string[] = [];
    for (let i = 0; i < rest.length; i++) {
      const a = rest[i]!;
      const next = rest[i + 1];
      if (/^--[a-z-]+$/.test(a) && next !== undefined && /^-\d/.test(next)) {
        args.push(`${a}=${next}`);
        i++;
      } else args.push(a);
    }
    flags = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (e) {
    fail(`${(e as Error).message}\n${HELP}`);
  }
  try {
    if (command === 'chart') {
      const resolved = await withPlace(flags);
      const chart = computeNatalChart(chartInput(resolved.flags));
      const p = resolved.place;
      if (flags.json)
        process.stdout.write(`${JSON.stringify(p ? { place: p, ...chart } : chart, null, 2)}\n`);
      else {
        if (p)
          console.log(`Place: ${[p.name, p.region, p.country].filter(Boolean).join(', ')} (${p.timeZone})`);
        process.stdout.write(`${formatChart(chart, { placeName: p?.name })}\n`);
      }
    } else if (command === 'batch') {
      await batch(flags);
    } else if (command === 'transits') {
      transits((await withPlace(flags)).flags);
    } else if (command === 'progressions') {
      progressions((await withPlace(flags)).flags);
    } else if (command === 'return') {
      await solarReturn((await withPlace(flags)).flags);
    } else {
      fail(`unknown command "${command}"\n${HELP}`);
    }
  } catch (e) {
    if (e instanceof AstroInputError) fail(e.message);
    throw e;
  }
}

await main(process.argv.slice(2));
