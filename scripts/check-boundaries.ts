// Fails (exit 1) when code reaches into another part's internals:
//  - a server module (apps/server/src/modules/<name>/) imports another module other than through
//    its plugin.ts, which exposes the module's ports and types;
//  - a web feature (apps/web/src/features/<name>/) imports another feature (shared code goes to
//    lib or components);
//  - the web end-to-end support code imports the server's source.
// Run by `npm run lint`. Usage: node --import tsx scripts/check-boundaries.ts
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_MODULES = 'apps/server/src/modules';
const WEB_FEATURES = 'apps/web/src/features';
const E2E = 'apps/web/e2e';
const SERVER = 'apps/server';

// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`, across lines.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

export interface Violation {
  file: string;
  target: string;
  rule: string;
}

function sourceFiles(dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(path.join(ROOT, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(relative);
    return /\.(?:ts|tsx|mts)$/.test(entry.name) ? [relative] : [];
  });
}

/** The part (module or feature folder name) a repository path belongs to, if under `base`. */
function partOf(file: string, base: string): string | undefined {
  if (!file.startsWith(`${base}/`)) return undefined;
  return file.slice(base.length + 1).split('/')[0];
}

/** Checks one file's imports (given as source text) against the rules. */
export function checkFile(file: string, text: string): Violation[] {
  const violations: Violation[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? '';
    if (!specifier.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    const fromModule = partOf(file, SERVER_MODULES);
    const toModule = partOf(target, SERVER_MODULES);
    if (
      fromModule &&
      toModule &&
      fromModule !== toModule &&
      target !== `${SERVER_MODULES}/${toModule}/plugin.ts`
    ) {
      violations.push({
        file,
        target,
        rule: `module ${fromModule} may use ${toModule} only through its plugin.ts`,
      });
    }
    const fromFeature = partOf(file, WEB_FEATURES);
    const toFeature = partOf(target, WEB_FEATURES);
    if (fromFeature && toFeature && fromFeature !== toFeature) {
      violations.push({ file, target, rule: `feature ${fromFeature} may not import feature ${toFeature}` });
    }
    if (file.startsWith(`${E2E}/`) && target.startsWith(`${SERVER}/`)) {
      violations.push({ file, target, rule: 'end-to-end support may not import the server' });
    }
  }
  return violations;
}

export function checkRepository(): Violation[] {
  return [...sourceFiles(SERVER_MODULES), ...sourceFiles(WEB_FEATURES), ...sourceFiles(E2E)].flatMap((file) =>
    checkFile(file, readFileSync(path.join(ROOT, file), 'utf8')),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const violations = checkRepository();
  for (const v of violations) console.error(`${v.file}: imports ${v.target} (${v.rule})`);
  if (violations.length > 0) {
    console.error(`${violations.length} boundary violation(s)`);
    process.exit(1);
  }
  console.log('boundaries: no violations');
}
