// Writes test/fixtures/swiss-dms.json, a compact reference for the displayed degrees and minutes:
// for random instants 1900–2100 (UT) and places within ±66° of latitude, the Swiss Ephemeris
// (swetest, .se1 files, a test reference only) longitudes of the 13 points, the Ascendant and the
// Midheaven. One row per case: [jdUt, latitude, longitude, ...13 bodies, ascendant, midheaven].
// Usage: node --import tsx packages/astro/scripts/generate-dms-fixture.ts [count] [seed]
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BODY_IDS } from '../src/ephemeris/body-ids.ts';
import { JD_1900, JD_2100, seededRandom, swetest, swetestVersion } from './swetest.ts';

const count = Number(process.argv[2] ?? 4000);
const seed = Number(process.argv[3] ?? 20261126);
const random = seededRandom(seed);
// swetest's body letters, in the order of BODY_IDS.
const BODIES = '0123456789mtA';

const rows: number[][] = [];
for (let i = 0; i < count; i++) {
  const jdUt = Number((JD_1900 + random() * (JD_2100 - JD_1900)).toFixed(8));
  const latitude = Math.round((random() * 132 - 66) * 1e4) / 1e4;
  const longitude = Math.round((random() * 360 - 180) * 1e4) / 1e4;
  // Bodies first, then cusps 1–12, the Ascendant and the Midheaven.
  const out = swetest([
    `-bj${jdUt.toFixed(8)}`,
    '-ut',
    `-p${BODIES}`,
    `-house${longitude},${latitude},P`,
    '-fl',
  ]);
  const values = out.map((r) => r[0]!);
  const bodies = values.slice(0, BODY_IDS.length);
  const ascendant = values[BODY_IDS.length + 12]!;
  const midheaven = values[BODY_IDS.length + 13]!;
  if (bodies.length !== BODY_IDS.length || !Number.isFinite(ascendant) || !Number.isFinite(midheaven)) {
    throw new Error(`unexpected swetest output for JD ${jdUt}`);
  }
  rows.push([jdUt, latitude, longitude, ...bodies, ascendant, midheaven]);
}

const target = join(dirname(fileURLToPath(import.meta.url)), '../test/fixtures/swiss-dms.json');
const source = `swetest ${swetestVersion()}, -eswe, apparent geocentric, true equinox of date; Placidus angles; seed ${seed}`;
writeFileSync(
  target,
  `{"source":${JSON.stringify(source)},"columns":${JSON.stringify(['jdUt', 'latitude', 'longitude', ...BODY_IDS, 'ascendant', 'midheaven'])},"cases":[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`,
);
console.log(`wrote ${rows.length} cases to ${target}`);
