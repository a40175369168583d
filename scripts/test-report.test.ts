import { expect, it } from 'vitest';
import { firstLine, summarisePlaywright, summariseVitest } from './test-report.ts';

it('counts a Vitest report and names each failed test with its first error line', () => {
  const summary = summariseVitest('server-postgres', {
    numPassedTests: 3,
    numFailedTests: 1,
    numPendingTests: 1,
    numTodoTests: 0,
    numRuntimeErrorTestSuites: 0,
    testResults: [
      {
        name: `${process.cwd()}/apps/server/src/a.test.ts`,
        status: 'failed',
        assertionResults: [
          { status: 'passed', fullName: 'a works' },
          {
            status: 'failed',
            fullName: 'chat keeps the question',
            failureMessages: ['\u001b[31mAssertionError: expected 503 to be 200\u001b[39m\n    at stack'],
          },
        ],
      },
      // A file whose import failed: no tests, but one failure.
      {
        name: 'apps/server/src/b.test.ts',
        status: 'failed',
        message: 'Cannot find module x',
        assertionResults: [],
      },
    ],
  });
  expect(summary).toEqual({
    passed: 3,
    failed: 2,
    skipped: 1,
    failures: [
      'server-postgres › apps/server/src/a.test.ts › chat keeps the question — AssertionError: expected 503 to be 200',
      'server-postgres › apps/server/src/b.test.ts › (the file itself) — Cannot find module x',
    ],
  });
});

it('counts a Playwright report, flaky tests as passed, and names failed ones with their describe titles', () => {
  const summary = summarisePlaywright('e2e', {
    stats: { expected: 4, unexpected: 1, flaky: 1, skipped: 0 },
    suites: [
      {
        title: 'chat.spec.ts',
        specs: [],
        suites: [
          {
            title: 'with an assistant that streams slowly',
            specs: [
              {
                title: 'stop an answer',
                file: 'chat.spec.ts',
                tests: [{ status: 'unexpected', results: [{ error: { message: '\nError: timed out' } }] }],
              },
              { title: 'other', file: 'chat.spec.ts', tests: [{ status: 'flaky', results: [] }] },
            ],
          },
        ],
      },
    ],
  });
  expect(summary.passed).toBe(5);
  expect(summary.failed).toBe(1);
  expect(summary.failures).toEqual([
    'e2e › chat.spec.ts › with an assistant that streams slowly › stop an answer — Error: timed out',
  ]);
});

it('cuts a long error line', () => {
  expect(firstLine('x'.repeat(500))).toHaveLength(200);
  expect(firstLine(undefined)).toBe('');
});
