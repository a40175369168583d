import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// `npm start` builds the web app and the server only when their inputs changed since the last
// build: each build leaves a stamp (a hash of its inputs) inside its output folder, so a start with
// nothing changed skips straight to the migrations, and a missing or half-written output (no stamp)
// is always rebuilt. `npm run build` still builds unconditionally.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const STAMP_FILE = '.build-stamp.json';
/** Folders never read as inputs: outputs, installed modules and test leftovers. */
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage']);
/** What every build depends on: the installed versions and the compiler settings. */
const SHARED_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json'];

export interface Target {
  name: string;
  /** Files and folders (relative to the root) whose content the build reads. */
  inputs: string[];
  /** The output folder; the stamp lives in it. */
  outDir: string;
  /** The file whose absence means there is no usable build. */
  output: string;
  command: string[];
}

export const TARGETS: Target[] = [
  {
    name: 'web app',
    inputs: [...SHARED_INPUTS, 'apps/web', 'packages/contracts'],
    outDir: 'apps/web/dist',
    output: 'apps/web/dist/index.html',
    command: ['npm', 'run', '-s', 'build', '-w', 'apps/web'],
  },
  {
    name: 'server',
    inputs: [
      ...SHARED_INPUTS,
      'scripts/build-server.ts',
      'apps/server',
      ...['contracts', 'astro', 'atlas'].flatMap((name) => [
        `packages/${name}/src`,
        `packages/${name}/package.json`,
      ]),
    ],
    outDir: 'apps/server/dist',
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
  if (!existsSync(path.join(root, target.output))) return { build: true, reason: 'no previous build' };
  const stampPath = path.join(root, target.outDir, STAMP_FILE);
  if (!existsSync(stampPath)) return { build: true, reason: 'no record of what it was built from' };
  try {
    const stamp = JSON.parse(readFileSync(stampPath, 'utf8')) as { hash?: unknown; builtAt?: unknown };
    if (stamp.hash === hash && typeof stamp.builtAt === 'string')
      return { build: false, builtAt: stamp.builtAt };
  } catch {
    return { build: true, reason: 'unreadable build record' };
  }
  return { build: true, reason: 'sources changed' };
}

export function writeStamp(root: string, target: Target, hash: string, builtAt = new Date()): void {
  writeFileSync(
    path.join(root, target.outDir, STAMP_FILE),
    `${JSON.stringify({ hash, builtAt: builtAt.toISOString() })}\n`,
  );
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
