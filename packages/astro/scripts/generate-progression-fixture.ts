// Writes test/fixtures/swiss-progressions.json from swetest (a test reference only): for random
// births 1900–2050, the bodies at the secondary-progressed instant (birth + age days), the
// progressed angles by solar arc in longitude, and the solar return instant for a later year,
// tropical and sidereal (Lahiri), found to a hundredth of a second by Newton's method on Swiss Suns.
// Usage: node --import tsx packages/astro/scripts/generate-progression-fixture.ts [count] [seed]
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BODY_IDS } from '../src/ephemeris/body-ids.ts';
import { JD_1900, seededRandom, swetest, swetestVersion } from './swetest.ts';

const count = Number(process.argv[2] ?? 40);
const random = seededRandom(Number(process.argv[3] ?? 20261127));
const BODIES = '0123456789mtA';
const JD_2050 = 2469807.5;
const DEG = Math.PI / 180;
const jdArg = (jd: number) => `-bj${jd.toFixed(8)}`;
const norm = (x: number) => ((x % 360) + 360) % 360;
const signed = (x: number) => norm(x + 180) - 180;

/** Swiss Sun longitude and speed; `sid` adds e.g. '-sid1'. */
function sun(jdUt: number, sid: string[] = []): { longitude: number; speed: number } {
  const [row] = swetest([jdArg(jdUt), '-ut', ...sid, '-p0', '-fls']);
  return { longitude: row![0]!, speed: row![1]! };
}

/** Cusps 1..12, then Asc, MC, ARMC, Vertex. */
function houses(jdUt: number, latitude: number, longitude: number): number[] {
  return swetest([jdArg(jdUt), '-ut', '-p', `-house${longitude},${latitude},P`, '-fl']).map((r) => r[0]!);
}

function solarReturn(natalSun: number, guess: number, sid: string[] = []): number {
  let jd = guess;
  for (let i = 0; i < 8; i++) {
    const s = sun(jd, sid);
    const step = signed(natalSun - s.longitude) / s.speed;
    jd += step;
    if (Math.abs(step) < 1e-7) break;
  }
  return Number(jd.toFixed(8));
}

const cases = [];
for (let i = 0; i < count; i++) {
  const jdUt = Number((JD_1900 + random() * (JD_2050 - JD_1900)).toFixed(8));
  const latitude = Math.round((random() * 120 - 60) * 1e4) / 1e4;
  const longitude = Math.round((random() * 360 - 180) * 1e4) / 1e4;
  const age = Math.floor(1 + random() * 90);
  const progressedJd = jdUt + age;
  const rows = swetest([jdArg(progressedJd), '-ut', `-p${BODIES}`, '-fl']);
  const natalSun = sun(jdUt).longitude;
  const solarArc = norm(sun(progressedJd).longitude - natalSun);
  const natalMidheaven = houses(jdUt, latitude, longitude)[13]!;
  // Progressed MC by solar arc; the houses for it at the birth latitude come from swetest at the
  // geographic longitude where the local sidereal time equals its right ascension.
  const midheaven = norm(natalMidheaven + solarArc) * DEG;
  const [obliquity] = swetest([jdArg(progressedJd), '-ut', '-po', '-fl'])[0]!;
  const armc = norm(Math.atan2(Math.sin(midheaven) * Math.cos(obliquity! * DEG), Math.cos(midheaven)) / DEG);
  const gast = houses(progressedJd, latitude, 0)[14]!;
  const progressed = houses(progressedJd, latitude, signed(armc - gast));
  const years = Math.floor(1 + random() * 80);
  const guess = jdUt + years * 365.2422;
  const natalSunLahiri = sun(jdUt, ['-sid1']).longitude;
  cases.push({
    jdUt,
    latitude,
    longitude,
    age,
    progressed: {
      bodies: Object.fromEntries(rows.map((r, k) => [BODY_IDS[k]!, r[0]!])),
      solarArc,
      ascendant: progressed[12]!,
      midheaven: progressed[13]!,
      cusps: progressed.slice(0, 12),
    },
    years,
    solarReturnJdUt: solarReturn(natalSun, guess),
    lahiriSolarReturnJdUt: solarReturn(natalSunLahiri, guess, ['-sid1']),
  });
}

const target = join(dirname(fileURLToPath(import.meta.url)), '../test/fixtures/swiss-progressions.json');
writeFileSync(
  target,
  `${JSON.stringify({ source: `swetest ${swetestVersion()}, -eswe; Placidus; returns tropical and -sid1`, cases })}\n`,
);
console.log(`wrote ${cases.length} cases to ${target}`);
