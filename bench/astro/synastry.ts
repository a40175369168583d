// Speed of one comparison of two charts (inter-aspects, both house overlays, the composite chart
// and the written reading) beside one full natal chart, in the same run, batches alternating.
// Usage: node --import tsx bench/astro/synastry.ts [pairs]
import { computeNatalChart } from '../../packages/astro/src/chart/natal-chart.ts';
import { compositeChart, houseOverlay, interAspects } from '../../packages/astro/src/chart/synastry.ts';
import { readSynastry } from '../../packages/interpretations/src/synastry-reading.ts';

const pairs = Number(process.argv[2] ?? 2000);
const BATCH = 50;
let seed = 7;
const random = () => {
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
};
const JAN_1940 = Date.UTC(1940, 0, 1);
const JAN_2010 = Date.UTC(2010, 0, 1);
const input = () => ({
  moment: { utc: JAN_1940 + random() * (JAN_2010 - JAN_1940) },
  latitude: random() * 120 - 60,
  longitude: random() * 360 - 180,
});
const inputs = Array.from({ length: pairs }, () => [input(), input()] as const);
const charts = inputs.map(([a, b]) => [computeNatalChart(a), computeNatalChart(b)] as const);

let sink = 0;
const compare = (i: number) => {
  const [first, second] = charts[i]!;
  const aspects = interAspects(first, second);
  const theirs = houseOverlay(second, first);
  const yours = houseOverlay(first, second);
  const composite = compositeChart(first, second);
  const reading = readSynastry({
    name: 'Alex',
    aspects,
    theirsInYourHouses: theirs,
    yoursInTheirHouses: yours,
    timeKnown: { yours: true, theirs: true },
    seed: String(i),
  });
  sink += aspects.length + composite.bodies.length + reading.sections.length;
};
const chart = (i: number) => {
  sink += computeNatalChart(inputs[i]![0]).bodies.length;
};

// Warm-up, then alternating batches so that both see the same load.
for (let i = 0; i < Math.min(200, pairs); i++) {
  compare(i);
  chart(i);
}
let compareMs = 0;
let chartMs = 0;
for (let start = 0; start < pairs; start += BATCH) {
  const end = Math.min(pairs, start + BATCH);
  let t = performance.now();
  for (let i = start; i < end; i++) compare(i);
  compareMs += performance.now() - t;
  t = performance.now();
  for (let i = start; i < end; i++) chart(i);
  chartMs += performance.now() - t;
}
const perCompare = (compareMs * 1000) / pairs;
const perChart = (chartMs * 1000) / pairs;
console.log(`${pairs} pairs of births, 1940-2010, both times known`);
console.log(`one natal chart: ${perChart.toFixed(0)} µs`);
console.log(
  `one comparison of two computed charts (inter-aspects, both overlays, composite, reading): ${perCompare.toFixed(0)} µs, ${(perCompare / perChart).toFixed(2)}× one natal chart (target ≤ 2×)`,
);
console.log(
  `a comparison from two births (both charts and the comparison): ${((2 * perChart + perCompare) / perChart).toFixed(2)}× one natal chart`,
);
if (sink === 0) console.log('');
