// Writes test/fixtures/swiss-sidereal.json: the Lahiri and Fagan/Bradley ayanamsas and sidereal
// positions, angles and cusps from swetest (a test reference only) for random instants 1900–2100.
// Usage: node --import tsx packages/astro/scripts/generate-sidereal-fixture.ts [count] [seed]
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BODY_IDS } from '../src/ephemeris/body-ids.ts';
import { JD_1900, JD_2100, seededRandom, swetest, swetestRaw, swetestVersion } from './swetest.ts';

const count = Number(process.argv[2] ?? 150);
const random = seededRandom(Number(process.argv[3] ?? 20261126));
// swetest's body letters, in the order of BODY_IDS.
const BODIES = '0123456789mtA';
// swetest's -sid numbers (SE_SIDM_FAGAN_BRADLEY = 0, SE_SIDM_LAHIRI = 1).
const MODES = { lahiri: 1, faganBradley: 0 } as const;

/** `-ay` prints the true ayanamsa (nutation included) as degrees, minutes and seconds. */
function ayanamsa(jd: string, mode: number): number {
  const m = swetestRaw([jd, '-ut', `-ay${mode}`]).match(/(\d+)°\s*(\d+)'\s*([\d.]+)/);
  if (!m) throw new Error('no ayanamsa in swetest output');
  return Number(m[1]) + Number(m[2]) / 60 + Number(m[3]) / 3600;
}

function houses(jd: string, mode: number, latitude: number, longitude: number, system: string) {
  // With no bodies, -house prints cusps 1..12, then Asc, MC, ARMC, Vertex and further points.
  const h = swetest([jd, '-ut', `-sid${mode}`, '-p', `-house${longitude},${latitude},${system}`, '-fl']).map(
    (r) => r[0]!,
  );
  return { cusps: h.slice(0, 12), ascendant: h[12]!, midheaven: h[13]!, vertex: h[15]! };
}

const cases = [];
for (let i = 0; i < count; i++) {
  const jdUt = Number((JD_1900 + random() * (JD_2100 - JD_1900)).toFixed(8));
  const latitude = Math.round((random() * 132 - 66) * 1e4) / 1e4;
  const longitude = Math.round((random() * 360 - 180) * 1e4) / 1e4;
  const jd = `-bj${jdUt.toFixed(8)}`;
  const byMode: Record<string, unknown> = {};
  for (const [name, mode] of Object.entries(MODES)) {
    const rows = swetest([jd, '-ut', `-sid${mode}`, `-p${BODIES}`, '-fls']);
    byMode[name] = {
      ayanamsa: ayanamsa(jd, mode),
      bodies: Object.fromEntries(rows.map((r, k) => [BODY_IDS[k]!, { longitude: r[0]!, speed: r[1]! }])),
      placidus: houses(jd, mode, latitude, longitude, 'P'),
      wholeSign: houses(jd, mode, latitude, longitude, 'W'),
    };
  }
  cases.push({ jdUt, latitude, longitude, ...byMode });
}

const target = join(dirname(fileURLToPath(import.meta.url)), '../test/fixtures/swiss-sidereal.json');
writeFileSync(
  target,
  `${JSON.stringify({ source: `swetest ${swetestVersion()}, -eswe, -sid1 (Lahiri) and -sid0 (Fagan/Bradley)`, cases })}\n`,
);
console.log(`wrote ${cases.length} cases to ${target}`);
