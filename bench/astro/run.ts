// Speed of a full natal chart: 13 bodies, angles, 12 Placidus cusps and all aspects.
// Usage: node --import tsx bench/astro/run.ts [charts]
import { Body, Ecliptic, GeoVector, MakeTime } from 'astronomy-engine';
import { computeNatalChart } from '../../packages/astro/src/chart/natal-chart.ts';

const total = Number(process.argv[2] ?? 5000);
const BATCH = 50;
let seed = 42;
const random = () => {
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
};
const JAN_1900 = Date.UTC(1900, 0, 1);
const JAN_2100 = Date.UTC(2100, 0, 1);
const inputs = Array.from({ length: total }, () => ({
  moment: { utc: JAN_1900 + random() * (JAN_2100 - JAN_1900) },
  latitude: random() * 120 - 60,
  longitude: random() * 360 - 180,
}));

let sink = 0;
// Native Swiss Ephemeris in the same run, when the optional `sweph` package (a C addon) is
// installed and built: the 13 points with speeds and the Placidus houses from its .se1 files.
// Its batches alternate with ours, so that both see the same load on a shared machine.
const SWISS_EPHE = process.env.SWISS_EPHE_PATH ?? '/usr/share/libswe/ephe';
/** The part of sweph's interface used here (the package is not a dependency: see the note below). */
interface NativeSwiss {
  set_ephe_path(path: string): void;
  constants: { SEFLG_SWIEPH: number; SEFLG_SPEED: number };
  calc_ut(jdUt: number, body: number, flags: number): { data: number[] };
  houses_ex2(
    jdUt: number,
    flags: number,
    lat: number,
    lon: number,
    system: string,
  ): { data: { houses: number[] } };
}
// A variable, so that neither the type checker nor a bundler looks for a package that is absent.
const SWEPH_PACKAGE = 'sweph';
const sweph = (await import(SWEPH_PACKAGE).catch(() => null)) as
  | (NativeSwiss & { default?: NativeSwiss })
  | null;
const swe = sweph && (sweph.default ?? sweph);
swe?.set_ephe_path(SWISS_EPHE);
const swissChart = (k: number) => {
  if (!swe) return;
  const flags = swe.constants.SEFLG_SWIEPH | swe.constants.SEFLG_SPEED;
  const input = inputs[k]!;
  const jdUt = input.moment.utc / 86_400_000 + 2440587.5;
  for (let p = 0; p <= 12; p++) sink += swe.calc_ut(jdUt, p, flags).data[0]!;
  sink += swe.houses_ex2(jdUt, 0, input.latitude, input.longitude, 'P').data.houses[0]!;
};
const swissCpu: number[] = [];

// Warm up the JIT on other charts than the measured ones.
for (let i = 0; i < 500; i++) {
  sink += computeNatalChart(inputs[i % total]!).aspects.length;
  swissChart(i % total);
}

// Wall time per batch, and the process's own CPU time per batch: on a busy machine the wall
// clock also counts time spent waiting for a core, the CPU time does not.
const wall: number[] = [];
const cpu: number[] = [];
for (let i = 0; i + BATCH <= total; i += BATCH) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let k = i; k < i + BATCH; k++) sink += computeNatalChart(inputs[k]!).aspects.length;
  const c1 = process.cpuUsage(c0);
  wall.push(((performance.now() - t0) * 1000) / BATCH);
  cpu.push((c1.user + c1.system) / BATCH);
  if (swe) {
    const s0 = process.cpuUsage();
    for (let k = i; k < i + BATCH; k++) swissChart(k);
    const s1 = process.cpuUsage(s0);
    swissCpu.push((s1.user + s1.system) / BATCH);
  }
}
// Our batches alone (the Swiss ones run in between).
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const elapsed = (sum(wall) * BATCH) / 1e6;
const cpuSeconds = (sum(cpu) * BATCH) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const charts = wall.length * BATCH;
console.log(`charts: ${charts} (13 bodies, angles, 12 Placidus cusps, all aspects; batches of ${BATCH})`);
console.log(`median: ${median(wall).toFixed(1)} µs per chart (wall clock)`);
console.log(`median: ${median(cpu).toFixed(1)} µs per chart (CPU time of this process)`);
console.log(`throughput: ${Math.round(charts / elapsed)} charts per second (wall clock)`);
console.log(`throughput: ${Math.round(charts / cpuSeconds)} charts per second of CPU`);

// Baseline in the same run: astronomy-engine's own geocentric ecliptic longitudes of the ten
// bodies it knows (no nodes, Lilith, houses or aspects, and mean rather than apparent frame
// corrections): what the machine does with the bare engine, so the ratio travels between machines.
const ENGINE_BODIES = [
  Body.Sun,
  Body.Moon,
  Body.Mercury,
  Body.Venus,
  Body.Mars,
  Body.Jupiter,
  Body.Saturn,
  Body.Uranus,
  Body.Neptune,
  Body.Pluto,
];
const baselineCpu: number[] = [];
for (let i = 0; i + BATCH <= total; i += BATCH) {
  const c0 = process.cpuUsage();
  for (let k = i; k < i + BATCH; k++) {
    const time = MakeTime(new Date(inputs[k]!.moment.utc));
    for (const body of ENGINE_BODIES) sink += Ecliptic(GeoVector(body, time, true)).elon;
  }
  const c1 = process.cpuUsage(c0);
  baselineCpu.push((c1.user + c1.system) / BATCH);
}
console.log(
  `baseline: ${median(baselineCpu).toFixed(1)} µs CPU per instant for astronomy-engine's ten bare longitudes; full chart / baseline = ${(median(cpu) / median(baselineCpu)).toFixed(2)}`,
);

if (swissCpu.length) {
  console.log(
    `native Swiss Ephemeris: ${median(swissCpu).toFixed(1)} µs CPU per chart (13 points with speeds, Placidus houses, batches interleaved with ours); ours / Swiss = ${(median(cpu) / median(swissCpu)).toFixed(2)}`,
  );
} else {
  console.log(
    'native Swiss Ephemeris: skipped (to compare, install its Node addon for this run only: npm install --no-save --allow-scripts=sweph sweph; it is AGPL-licensed and never part of the product)',
  );
}
if (sink < 0) console.log(sink);
