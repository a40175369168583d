// The library's check and coverage table.
//   node --import tsx packages/interpretations/scripts/library.ts            problems and coverage
//   node --import tsx packages/interpretations/scripts/library.ts --write    also rewrites the README's table
// Exits 1 when any entry breaks the style guide's checkable rules.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkLibrary, type KindCoverage } from '../src/library/check.ts';
import { readLibraryFiles } from '../src/library/library.ts';

const README = fileURLToPath(new URL('../README.md', import.meta.url));
const START = '<!-- coverage:start -->';
const END = '<!-- coverage:end -->';

function coverageTable(coverage: KindCoverage[]): string {
  const rows = coverage.map(
    (c) => `| ${c.kind} | ${c.covered} / ${c.possible} | ${((100 * c.covered) / c.possible).toFixed(1)} % |`,
  );
  return ['| kind | entries | coverage |', '| --- | --- | --- |', ...rows].join('\n');
}

const report = checkLibrary(readLibraryFiles());
for (const problem of report.problems) console.log(problem);
const table = coverageTable(report.coverage);
console.log(`\n${table}\n\n${report.words} words, ${report.problems.length} problems`);
if (process.argv.includes('--write')) {
  const readme = readFileSync(README, 'utf8');
  const [before, rest] = readme.split(START);
  const after = rest?.split(END)[1];
  if (before === undefined || after === undefined) throw new Error(`README has no ${START} … ${END} block`);
  writeFileSync(
    README,
    `${before}${START}\n${table}\n\n${report.words} words in the library.\n${END}${after}`,
  );
}
if (report.problems.length > 0) process.exitCode = 1;
