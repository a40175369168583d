// Command-line front end: `astro chart`, `astro batch`, `astro transits`. Run `astro help`.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ASPECT_KINDS, type AspectKind } from '../src/chart/aspects.ts';
import { computeNatalChart, type NatalChart, type NatalChartInput } from '../src/chart/natal-chart.ts';
import { BODY_IDS, type BodyId } from '../src/ephemeris/body-ids.ts';
import { AstroInputError } from '../src/errors.ts';
import type { MomentInput } from '../src/time/instant-input.ts';
import { formatUtcOffset, parseUtcOffset } from '../src/time/utc-offset.ts';
import type { Disambiguation } from '../src/time/zones.ts';
import { natalPoints, searchTransit, transitAspects } from '../src/transits/transits.ts';

const HELP = `Usage:
  astro chart --date YYYY-MM-DD --time HH:MM --tz <IANA zone> --lat <deg> --lon <deg> [options]
  astro chart --utc <ISO instant> --lat <deg> --lon <deg> [options]
  astro chart --date YYYY-MM-DD --time HH:MM --place "Oslo" [--country NO] [options]
      --place takes coordinates and zone from the atlas (best match; refine with
      "Name, Region" or --country); --lat/--lon/--tz given as well win
      --house <P|K|W|E|O|R|C>   house system (default P, Placidus)
      --unknown-time            birth time unknown: no houses or angles
      --pick earlier|later      which instant to take when the local time happened twice or never
      --offset <±HH:MM>         the clock the birth record used (a railway or city time), e.g.
                                +01:00; wins over the zone. Without it, a time from before the
                                zone's standard time is read as the birthplace's local mean time
      --json                    machine-readable output
  astro batch [--house <letter>]
      reads JSON lines from standard input, each {"utc": ISO} or {"local": "YYYY-MM-DDTHH:MM",
      "zone": IANA}, plus "lat", "lon" and optionally "house", "pick" and "offset" ("+01:00"
      or seconds east); writes one JSON chart per line
      (or {"error", "code", "line"} for a bad line)
  astro transits <chart options> [--at <ISO instant>] [--json]
      aspects of the transiting bodies at --at (default: now) to the natal chart
  astro transits <chart options> --body <body> --aspect <kind> --point <natal point>
      --from <ISO> --to <ISO> [--orb <deg>] [--json]
      when the aspect enters orb, perfects and leaves orb
Bodies: ${BODY_IDS.join(', ')}
Aspects: ${ASPECT_KINDS.join(', ')}
`;

const GLYPH_NAMES: Record<string, string> = {
  sun: 'Sun',
  moon: 'Moon',
  mercury: 'Mercury',
  venus: 'Venus',
  mars: 'Mars',
  jupiter: 'Jupiter',
  saturn: 'Saturn',
  uranus: 'Uranus',
  neptune: 'Neptune',
  pluto: 'Pluto',
  meanNode: 'Mean Node',
  trueNode: 'True Node',
  lilith: 'Lilith',
  ascendant: 'Ascendant',
  midheaven: 'Midheaven',
};

function fail(message: string): never {
  process.stderr.write(`astro: ${message}\n`);
  process.exit(2);
}

function dms(longitude: number): string {
  // Degrees and minutes within the sign, truncated as ephemerides print them.
  const within = longitude % 30;
  const deg = Math.floor(within);
  const min = Math.floor((within - deg) * 60);
  return `${String(deg).padStart(2)}°${String(min).padStart(2, '0')}'`;
}

function signName(longitude: number): string {
  const names = [
    'Aries',
    'Taurus',
    'Gemini',
    'Cancer',
    'Leo',
    'Virgo',
    'Libra',
    'Scorpio',
    'Sagittarius',
    'Capricorn',
    'Aquarius',
    'Pisces',
  ];
  return names[Math.min(11, Math.floor(longitude / 30))]!;
}

const position = (longitude: number) => `${dms(longitude)} ${signName(longitude).padEnd(11)}`;

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

export function formatChart(chart: NatalChart, placeName?: string): string {
  const lines: string[] = [];
  const m = chart.moment;
  lines.push(
    m.localTime
      ? `Chart for ${m.localTime.replace('T', ' ')} ${m.zoneAbbreviation} (${m.zone}) = ${m.utc} UT`
      : `Chart for ${m.utc} UT`,
  );
  // Before standard time the clock was the birthplace's own: say so, with its offset.
  const where = placeName ?? `${chart.latitude.toFixed(2)}, ${chart.longitude.toFixed(2)}`;
  if (m.timeBasis?.kind === 'local-mean-time')
    lines.push(
      `Time read as the local mean time of ${where} (${formatUtcOffset(m.timeBasis.offsetSeconds)})`,
    );
  else if (m.timeBasis?.kind === 'stated-offset')
    lines.push(`Time read at the stated offset UTC${formatUtcOffset(m.timeBasis.offsetSeconds)}`);
  lines.push(
    `Coordinates: latitude ${chart.latitude.toFixed(4)}, longitude ${chart.longitude.toFixed(4)}; ΔT ${m.deltaTSeconds.toFixed(1)} s`,
  );
  lines.push('');
  lines.push('Body         Position             House  Motion      Dignity');
  for (const b of chart.bodies) {
    lines.push(
      `${GLYPH_NAMES[b.body]!.padEnd(12)} ${position(b.longitude)}  ${b.house === null ? '  -' : String(b.house).padStart(3)}    ${(b.retrograde ? 'retrograde' : '').padEnd(10)}  ${b.dignities.join(', ')}`,
    );
  }
  if (chart.angles && chart.houses) {
    lines.push('');
    lines.push(`Ascendant    ${position(chart.angles.ascendant)}`);
    lines.push(`Midheaven    ${position(chart.angles.midheaven)}`);
    lines.push(`Vertex       ${position(chart.angles.vertex)}`);
    lines.push('');
    lines.push(`Houses (${chart.houses.system}):`);
    if (chart.houses.fallbackReason) lines.push(`  ${chart.houses.fallbackReason}`);
    chart.houses.cusps.forEach((c, i) => {
      lines.push(`  ${String(i + 1).padStart(2)}  ${position(c)}`);
    });
  } else if (chart.housesOmittedReason) {
    lines.push('');
    lines.push(chart.housesOmittedReason);
  }
  lines.push('');
  lines.push('Aspects:');
  for (const a of chart.aspects) {
    lines.push(
      `  ${GLYPH_NAMES[a.a]!.padEnd(10)} ${a.kind.padEnd(12)} ${GLYPH_NAMES[a.b]!.padEnd(10)} orb ${dms(Math.abs(a.deviation)).trim()} ${a.motion}`,
    );
  }
  lines.push('');
  const e = chart.elements;
  const q = chart.modalities;
  lines.push(`Elements: fire ${e.fire}, earth ${e.earth}, air ${e.air}, water ${e.water}`);
  lines.push(`Modalities: cardinal ${q.cardinal}, fixed ${q.fixed}, mutable ${q.mutable}`);
  if (chart.chartRuler) {
    const r = chart.chartRuler;
    lines.push(
      `Chart ruler: ${GLYPH_NAMES[r.modern]}${r.traditional !== r.modern ? ` (traditional: ${GLYPH_NAMES[r.traditional]})` : ''}`,
    );
  }
  if (chart.moonPhase) {
    lines.push(
      `Moon phase: ${chart.moonPhase.name.replace('-', ' ')}, ${Math.round(chart.moonPhase.illumination * 100)}% lit`,
    );
  }
  return lines.join('\n');
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
    options: { timeKnown: !flags['unknown-time'] },
  };
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
async function withPlace(flags: Flags): Promise<{ flags: Flags; place?: ResolvedPlace }> {
  if (typeof flags.place !== 'string') return { flags };
  const { loadAtlas } = await import('@app/atlas/atlas.ts');
  const options = typeof flags.country === 'string' ? { country: flags.country, limit: 1 } : { limit: 1 };
  const found = loadAtlas().search(flags.place, options)[0];
  if (!found) fail(`no place matches "${flags.place}"`);
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
        process.stdout.write(`${formatChart(chart, p?.name)}\n`);
      }
    } else if (command === 'batch') {
      await batch(flags);
    } else if (command === 'transits') {
      transits((await withPlace(flags)).flags);
    } else {
      fail(`unknown command "${command}"\n${HELP}`);
    }
  } catch (e) {
    if (e instanceof AstroInputError) fail(e.message);
    throw e;
  }
}

await main(process.argv.slice(2));
