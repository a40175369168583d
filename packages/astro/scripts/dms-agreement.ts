// How often the displayed degrees and minutes (D°M′ within the sign, truncated, as the CLI, the API
// and the web app show them) are identical to the Swiss Ephemeris's, per point and overall, on
// test/fixtures/swiss-dms.json (made by generate-dms-fixture.ts). Prints a Markdown table.
// Usage: node --import tsx packages/astro/scripts/dms-agreement.ts   (npm run accuracy:dms)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { computeNatalChart } from '../src/chart/natal-chart.ts';
import { degreeMinuteOf } from '../src/chart/zodiac.ts';
import { signedDelta } from '../src/ephemeris/angles.ts';
import { BODY_IDS } from '../src/ephemeris/body-ids.ts';
import { JD_UNIX_EPOCH } from '../src/time/civil.ts';

export const DMS_POINTS = [...BODY_IDS, 'ascendant', 'midheaven'] as const;
type DmsPoint = (typeof DMS_POINTS)[number];

export interface PointAgreement {
  point: DmsPoint | 'all';
  cases: number;
  /** Displayed D°M′ (and sign) identical to the reference's. */
  identical: number;
  signDifferences: number;
  /** Absolute longitude error, arcseconds. */
  p50: number;
  p99: number;
  max: number;
}

const FIXTURE = new URL('../test/fixtures/swiss-dms.json', import.meta.url);

const display = (longitude: number) => {
  const d = degreeMinuteOf(longitude);
  return `${d.sign} ${d.degree} ${d.minute}`;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;

function summarise(point: PointAgreement['point'], errors: number[], same: boolean[], signs: number) {
  const sorted = [...errors].sort((a, b) => a - b);
  return {
    point,
    cases: errors.length,
    identical: same.filter(Boolean).length,
    signDifferences: signs,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1]!,
  };
}

/** Agreement per point (bodies, then the Ascendant and the Midheaven) and, last, over all of them. */
export function measureDmsAgreement(fixture: URL = FIXTURE): PointAgreement[] {
  const { cases } = JSON.parse(readFileSync(fixture, 'utf8')) as { cases: number[][] };
  const errors = DMS_POINTS.map(() => [] as number[]);
  const same = DMS_POINTS.map(() => [] as boolean[]);
  const signs = DMS_POINTS.map(() => 0);
  for (const row of cases) {
    const [jdUt, latitude, longitude] = row as [number, number, number];
    const chart = computeNatalChart({
      moment: { utc: (jdUt - JD_UNIX_EPOCH) * 86_400_000 },
      latitude,
      longitude,
    });
    const ours = [...chart.bodies.map((b) => b.longitude), chart.angles!.ascendant, chart.angles!.midheaven];
    DMS_POINTS.forEach((point, k) => {
      const reference = row[3 + k]!;
      const mine = ours[k]!;
      if (point !== 'ascendant' && point !== 'midheaven' && chart.bodies[k]!.body !== point) {
        throw new Error(`chart body ${k} is ${chart.bodies[k]!.body}, expected ${point}`);
      }
      errors[k]!.push(Math.abs(signedDelta(mine, reference)) * 3600);
      same[k]!.push(display(mine) === display(reference));
      if (degreeMinuteOf(mine).sign !== degreeMinuteOf(reference).sign) signs[k]!++;
    });
  }
  const rows = DMS_POINTS.map((point, k) => summarise(point, errors[k]!, same[k]!, signs[k]!));
  rows.push(
    summarise(
      'all',
      errors.flat(),
      same.flat(),
      signs.reduce((a, b) => a + b, 0),
    ),
  );
  return rows;
}

function formatAgreementTable(rows: PointAgreement[]): string {
  const lines = [
    '| Point | D°M′ identical | Sign differences | p50 error | p99 error | max error |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    const pct = ((100 * r.identical) / r.cases).toFixed(2);
    lines.push(
      `| ${r.point} | ${pct} % (${r.identical}/${r.cases}) | ${r.signDifferences} | ${r.p50.toFixed(2)}″ | ${r.p99.toFixed(2)}″ | ${r.max.toFixed(2)}″ |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(formatAgreementTable(measureDmsAgreement()));
}
