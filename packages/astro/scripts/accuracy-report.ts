// Prints error percentiles against the Swiss Ephemeris fixture (arcseconds), per body and house system.
// Usage: node --import tsx packages/astro/scripts/accuracy-report.ts
import { readFileSync } from 'node:fs';
import { signedDelta } from '../src/ephemeris/angles.ts';
import { bodyPosition } from '../src/ephemeris/bodies.ts';
import { BODY_IDS, type BodyId } from '../src/ephemeris/body-ids.ts';
import { makeInstant } from '../src/ephemeris/instant.ts';
import { computeAngles, computeHouses, HOUSE_SYSTEMS, type HouseSystemCode } from '../src/houses/houses.ts';

interface Case {
  jdUt: number;
  latitude: number;
  longitude: number;
  bodies: Record<BodyId, { longitude: number; latitude: number; speed: number }>;
  houses: Record<HouseSystemCode, { cusps: number[]; ascendant: number; midheaven: number; vertex: number }>;
}
const { cases } = JSON.parse(
  readFileSync(new URL('../test/fixtures/swiss-reference.json', import.meta.url), 'utf8'),
) as { cases: Case[] };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!;
};
const row = (name: string, xs: number[], signed?: number[]) =>
  console.log(
    `${name.padEnd(16)} p50 ${pct(xs, 0.5).toFixed(2).padStart(6)}  p95 ${pct(xs, 0.95).toFixed(2).padStart(6)}  p99 ${pct(xs, 0.99).toFixed(2).padStart(6)}  max ${Math.max(
      ...xs,
    )
      .toFixed(2)
      .padStart(
        6,
      )}${signed ? `  mean ${(signed.reduce((a, b) => a + b, 0) / signed.length).toFixed(2)}` : ''}`,
  );

console.log(`${cases.length} cases; errors in arcseconds`);
const insts = cases.map((c) => makeInstant(c.jdUt));
for (const b of BODY_IDS) {
  const lon: number[] = [];
  const lat: number[] = [];
  cases.forEach((c, i) => {
    const p = bodyPosition(b, insts[i]!);
    lon.push(signedDelta(p.longitude, c.bodies[b].longitude) * 3600);
    lat.push((p.latitude - c.bodies[b].latitude) * 3600);
  });
  row(`${b} lon`, lon.map(Math.abs), lon);
  row(`${b} lat`, lat.map(Math.abs), lat);
}
for (const code of Object.keys(HOUSE_SYSTEMS) as HouseSystemCode[]) {
  const cusps: number[] = [];
  const angles: number[] = [];
  cases.forEach((c, i) => {
    const inst = insts[i]!;
    const a = computeAngles(inst.gast + c.longitude, c.latitude, inst.trueObliquity);
    const h = computeHouses(HOUSE_SYSTEMS[code], a, c.latitude, inst.trueObliquity);
    h.cusps.forEach((x, k) => {
      cusps.push(Math.abs(signedDelta(x, c.houses[code].cusps[k]!)) * 3600);
    });
    if (code === 'P') {
      angles.push(Math.abs(signedDelta(a.ascendant, c.houses.P.ascendant)) * 3600);
      angles.push(Math.abs(signedDelta(a.midheaven, c.houses.P.midheaven)) * 3600);
    }
  });
  row(`cusps ${HOUSE_SYSTEMS[code]}`, cusps);
  if (angles.length) row('asc+mc', angles);
}
