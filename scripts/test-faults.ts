import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fuzz } from './faults/fuzz.ts';
import { type Postgres, removeDir, startPostgres, stopEverything } from './faults/harness.ts';
import { llmCut } from './faults/llm-cut.ts';
import { paymentProvider } from './faults/payment-provider.ts';
import { postgresRestart } from './faults/postgres-restart.ts';
import { processKilled } from './faults/process-killed.ts';
import { redisRestart } from './faults/redis-restart.ts';
import { smtpDown } from './faults/smtp-down.ts';

// `npm run test:faults`: the product under faults, with real processes. A throwaway PostgreSQL
// cluster, a throwaway Redis where a scenario needs one, real server processes (from the source
// through tsx), an SMTP sink and protocol-level fakes of the payment and LLM providers, on loopback
// ports from FAULTS_PORT_BASE (4850) on, the 49 after it included. One line per scenario, then
// "N passed, N failed"; the exit code is non-zero when one failed. Everything started is stopped
// and every temp dir removed, also on failure or Ctrl-C.

type Scenario = (pg: Postgres, work: string) => Promise<string>;

const SCENARIOS: [string, Scenario][] = [
  ['postgres restart under writes', postgresRestart],
  ['smtp down for a while', smtpDown],
  ['a process killed mid-request', processKilled],
  ['redis stopped and started', redisRestart],
  ['payment provider slow or failing', paymentProvider],
  ['llm provider cut mid-stream', llmCut],
  ['fuzzed requests across every route', fuzz],
];

const work = mkdtempSync(path.join(tmpdir(), 'astro-faults-'));
let finishing = false;

async function finish(code: number): Promise<never> {
  if (!finishing) {
    finishing = true;
    await stopEverything();
    removeDir(work);
  }
  process.exit(code);
}

// A fault that escapes a scenario (an error event nobody heard) still ends in cleanup and a count.
for (const event of ['uncaughtException', 'unhandledRejection'] as const)
  process.on(event, (error) => {
    console.log(`FAIL unexpected error: ${(error as Error)?.stack ?? error}`);
    console.log('0 passed, 1 failed');
    void finish(1);
  });
process.on('SIGINT', () => void finish(130));
process.on('SIGTERM', () => void finish(143));

async function main(): Promise<void> {
  let passed = 0;
  let failed = 0;
  const only = process.env.FAULTS_ONLY;
  const pg = await startPostgres(work);
  for (const [name, scenario] of SCENARIOS) {
    if (only && !name.includes(only)) continue;
    const started = Date.now();
    try {
      await pg.reset();
      const figures = await scenario(pg, work);
      passed += 1;
      console.log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s): ${figures}`);
    } catch (error) {
      failed += 1;
      console.log(
        `FAIL ${name} (${((Date.now() - started) / 1000).toFixed(1)} s): ${(error as Error).message}`,
      );
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  await finish(failed > 0 ? 1 : 0);
}

main().catch(async (error) => {
  console.log(`FAIL setup: ${(error as Error).message}`);
  console.log('0 passed, 1 failed');
  await finish(1);
});
