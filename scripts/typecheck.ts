import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm run typecheck`: the two tsc programs (decision 0204) side by side, one per core, each
// keeping its incremental state under node_modules/.cache so a run after a small edit re-checks
// only what changed. Exits non-zero when either finds an error.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'tsc');

const PROGRAMS = [
  { name: 'node', project: 'tsconfig.json' },
  { name: 'web', project: 'apps/web/tsconfig.json' },
];

function check(program: (typeof PROGRAMS)[number]): Promise<number> {
  const args = [
    TSC,
    '--noEmit',
    '--incremental',
    '--tsBuildInfoFile',
    path.join(CACHE, `${program.name}.tsbuildinfo`),
    '-p',
    program.project,
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const codes = await Promise.all(PROGRAMS.map(check));
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
