import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// `npm start` builds the web app and the server only when their inputs changed since the last
// build: each build here leaves a stamp (a hash of its inputs and the time of its output) under
// node_modules/.cache, not in the output, which the server serves. A start with nothing changed
// skips straight to the migrations; a missing output, or one written since by another build
// (`npm run build`, which always builds), is built again.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP_DIR = 'node_modules/.cache/build-stamps';
/** Folders never read as inputs: outputs, installed modules and test leftovers. */
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage']);
/** What every build depends on: the installed versions and the compiler settings. */
const SHARED_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json'];

export interface Target {
  name: string;
  /** Files and folders (relative to the root) whose content the build reads. */
  inputs: string[];
  /** A file of the output: missing, or with another time than the stamp's, means build again. */
  output: string;
  command: string[];
}

export const TARGETS: Target[] = [
  {
    name: 'web app',
    inputs: [...SHARED_INPUTS, 'apps/web', 'packages/contracts'],
    output: 'apps/web/dist/index.html',
    command: ['npm', 'run', '-s', 'build', '-w', 'apps/web'],
  },
  {
    name: 'server',
    inputs: [
      ...SHARED_INPUTS,
      'scripts/build-server.ts',
      'apps/server',
      // Every workspace package: the server bundle compiles in all that it imports (the
      // interpretations' text is read from library/ at run time, so it needs no rebuild).
      ...readdirSync(path.join(ROOT, 'packages')).flatMap((name) => [
        `packages/${name}/src`,
        `packages/${name}/package.json`,
      ]),
    ],
    output: 'apps/server/dist/main.js',
    command: [process.execPath, '--import', 'tsx', 'scripts/build-server.ts'],
  },
];

function listFiles(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full)
    .filter((name) => !SKIPPED.has(name))
    .flatMap((name) => listFiles(root, path.posix.join(relative, name)));
}

/** One hash over the names and contents of every input file, in a fixed order. */
export function hashInputs(root: string, inputs: readonly string[]): string {
  const hash = createHash('sha256');
  const files = [...new Set(inputs.flatMap((input) => listFiles(root, input)))].sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export type Decision = { build: false; builtAt: string } | { build: true; reason: string };

/** Whether the target needs building, given its inputs' current hash. */
export function decide(root: string, target: Target, hash: string): Decision {
  const output = path.join(root, target.output);
  if (!existsSync(output)) return { build: true, reason: 'no previous build' };
  const stampPath = stampFile(root, target);
  if (!existsSync(stampPath)) return { build: true, reason: 'no record of what it was built from' };
  let stamp: { hash?: unknown; builtAt?: unknown; outputMtimeMs?: unknown };
  try {
    stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
  } catch {
    return { build: true, reason: 'unreadable build record' };
  }
  if (stamp.outputMtimeMs !== statSync(output).mtimeMs)
    return { build: true, reason: 'built elsewhere since' };
  if (stamp.hash !== hash || typeof stamp.builtAt !== 'string')
    return { build: true, reason: 'sources changed' };
  return { build: false, builtAt: stamp.builtAt };
}

function stampFile(root: string, target: Target): string {
  return path.join(root, STAMP_DIR, `${target.name.replaceAll(' ', '-')}.json`);
}

export function writeStamp(root: string, target: Target, hash: string, builtAt = new Date()): void {
  const outputMtimeMs = statSync(path.join(root, target.output)).mtimeMs;
  mkdirSync(path.join(root, STAMP_DIR), { recursive: true });
  const stamp = { hash, builtAt: builtAt.toISOString(), outputMtimeMs };
  writeFileSync(stampFile(root, target), `${JSON.stringify(stamp)}\n`);
}

function main(): void {
  for (const target of TARGETS) {
    const hash = hashInputs(ROOT, target.inputs);
    const decision = decide(ROOT, target, hash);
    if (!decision.build) {
      console.log(`${target.name}: up to date (built ${decision.builtAt})`);
      continue;
    }
    console.log(`${target.name}: building (${decision.reason})`);
    const started = Date.now();
    const [command, ...args] = target.command as [string, ...string[]];
    const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`${target.name}: the build failed`);
      process.exit(result.status ?? 1);
    }
    // The hash taken before the build: an edit made while it ran makes the next start build again.
    writeStamp(ROOT, target, hash);
    console.log(`${target.name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
