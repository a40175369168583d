// Reads a Vitest or Playwright JSON report for `npm test`: prints "passed failed skipped" and
// appends one line per failed test (step, file, name, the first line of its error) to a file, so
// the run's last lines say which tests failed and not only which step.
// Usage: node --import tsx scripts/test-report.ts <vitest|playwright> <step> <report> <failures-file>
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numRuntimeErrorTestSuites?: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}

interface PlaywrightSpec {
  title: string;
  file: string;
  tests: { status: string; results: { error?: { message?: string } }[] }[];
}
interface PlaywrightSuite {
  title: string;
  specs?: PlaywrightSpec[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}

/** The first non-empty line of an error, without colour codes, cut to a readable length. */
export function firstLine(message: string | undefined): string {
  const lines = stripVTControlCharacters(message ?? '').split('\n');
  const line = lines.find((text) => text.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > 200 ? `${trimmed.slice(0, 199)}…` : trimmed;
}

function relative(file: string): string {
  return path.isAbsolute(file) ? path.relative(process.cwd(), file) : file;
}

function failureLine(step: string, file: string, name: string, message: string | undefined): string {
  const reason = firstLine(message);
  return `${step} › ${relative(file)} › ${name}${reason ? ` — ${reason}` : ''}`;
}

export function summariseVitest(step: string, report: VitestReport): Summary {
  const failures: string[] = [];
  let crashedFiles = 0;
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'failed')
        failures.push(failureLine(step, file.name, test.fullName, test.failureMessages?.[0]));
    }
    // A file that failed before any of its tests ran (an import error, a failing hook).
    if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')) {
      crashedFiles += file.assertionResults.length === 0 ? 1 : 0;
      failures.push(failureLine(step, file.name, '(the file itself)', file.message));
    }
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0) + crashedFiles,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

export function summarisePlaywright(step: string, report: PlaywrightReport): Summary {
  const failures: string[] = [];
  const visit = (suite: PlaywrightSuite, titles: string[]): void => {
    const inside = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const error = test.results.map((result) => result.error?.message).find(Boolean);
        failures.push(failureLine(step, spec.file, [...inside, spec.title].join(' › '), error));
      }
    }
    for (const child of suite.suites ?? []) visit(child, inside);
  };
  for (const suite of report.suites) visit(suite, []);
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected + flaky, failed: unexpected, skipped, failures };
}

function main(): void {
  const [kind, step, reportFile, failuresFile] = process.argv.slice(2);
  if ((kind !== 'vitest' && kind !== 'playwright') || !step || !reportFile || !failuresFile) {
    console.error('usage: test-report.ts <vitest|playwright> <step> <report> <failures-file>');
    process.exit(2);
  }
  const report: unknown = JSON.parse(readFileSync(reportFile, 'utf8'));
  const summary =
    kind === 'vitest'
      ? summariseVitest(step, report as VitestReport)
      : summarisePlaywright(step, report as PlaywrightReport);
  if (summary.failures.length > 0) appendFileSync(failuresFile, `${summary.failures.join('\n')}\n`);
  console.log(`${summary.passed} ${summary.failed} ${summary.skipped}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
