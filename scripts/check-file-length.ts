// Fails (exit 1) when a tracked source file (.ts, .tsx, .js, .mjs, .css) is over 450 lines: a file
// that long does more than one job and should be split by what its parts do. Generated data
// (`*.generated.*`, `generated/` folders) and the legal texts are exempt: their length is their
// content.
// Run by `npm run lint`. Usage: node --import tsx scripts/check-file-length.ts
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MAX_LINES = 450;
const SOURCE = /\.(?:ts|tsx|js|mjs|css)$/;
const EXEMPT = [/\.generated\.[^/]+$/, /(?:^|\/)generated\//, /^apps\/web\/src\/features\/legal\/content\//];

export interface LongFile {
  file: string;
  lines: number;
}

/** Whether the length rule applies to a repository path at all. */
export function isChecked(file: string): boolean {
  return SOURCE.test(file) && !EXEMPT.some((pattern) => pattern.test(file));
}

/** Lines of a text as an editor shows them (a final newline does not start another line). */
export function countLines(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/** The file with its count when the rule applies to it and it is over the limit. */
export function checkFile(file: string, text: string): LongFile | null {
  if (!isChecked(file)) return null;
  const lines = countLines(text);
  return lines > MAX_LINES ? { file, lines } : null;
}

export function checkRepository(): LongFile[] {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && isChecked(file));
  return tracked.flatMap((file) => {
    const absolute = path.join(ROOT, file);
    // A tracked file deleted in the working tree is not there to be long.
    if (!existsSync(absolute)) return [];
    const long = checkFile(file, readFileSync(absolute, 'utf8'));
    return long ? [long] : [];
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const long = checkRepository();
  for (const { file, lines } of long) console.error(`${file}: ${lines} lines (at most ${MAX_LINES})`);
  if (long.length > 0) {
    console.error(`${long.length} file(s) over ${MAX_LINES} lines: split them by what their parts do`);
    process.exit(1);
  }
  console.log(`file length: no source file over ${MAX_LINES} lines`);
}
