import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { STARTUP_FILE } from './first-paint.ts';

/** The parts of the build's output this measure reads. */
type BundleFile =
  | {
      type: 'chunk';
      fileName: string;
      code: string;
      isEntry: boolean;
      imports: readonly string[];
      dynamicImports: readonly string[];
    }
  | { type: 'asset'; fileName: string; source: string | Uint8Array };
export type Bundle = Readonly<Record<string, BundleFile>>;

/** A script and its gzipped size in bytes. */
export interface ScriptSize {
  fileName: string;
  gzipBytes: number;
}

/** What the home page loads, in two parts (decision 0220). */
export interface InitialJs {
  /** The scripts index.html loads: the start-up script, the entry chunk and its static imports. */
  page: ScriptSize[];
  /** The app's start (main.tsx's dynamic import after the first paint) and its static imports. */
  app: ScriptSize[];
}

const gzipSize = (source: string | Uint8Array) => gzipSync(source, { level: 9 }).length;

/** The chunks reached from `from` through static imports, skipping those already `seen`. */
function staticClosure(bundle: Bundle, from: readonly string[], seen: Set<string>): string[] {
  const names: string[] = [];
  const queue = [...from];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    const chunk = bundle[name];
    if (chunk?.type !== 'chunk' || seen.has(name)) continue;
    seen.add(name);
    names.push(name);
    queue.push(...chunk.imports);
  }
  return names;
}

/** What the home page loads, by file name, in the two parts of `InitialJs` (without the start-up script). */
export function initialChunks(bundle: Bundle): { page: string[]; app: string[] } {
  const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
  if (entry?.type !== 'chunk') return { page: [], app: [] };
  const seen = new Set<string>();
  const page = staticClosure(bundle, [entry.fileName], seen);
  return { page, app: staticClosure(bundle, entry.dynamicImports, seen) };
}

export function measureInitialJs(bundle: Bundle): InitialJs {
  const { page, app } = initialChunks(bundle);
  if (page.length === 0) return { page: [], app: [] };
  const sizeOf = (fileName: string): ScriptSize => {
    const file = bundle[fileName];
    return { fileName, gzipBytes: file?.type === 'chunk' ? gzipSize(file.code) : 0 };
  };
  const pageSizes = page.map(sizeOf);
  // The start-up script in <head> runs before anything else (vite/first-paint.ts).
  const startup = bundle[STARTUP_FILE];
  if (startup?.type === 'asset')
    pageSizes.push({ fileName: STARTUP_FILE, gzipBytes: gzipSize(startup.source) });
  return { page: pageSizes, app: app.map(sizeOf) };
}

const totalKb = (sizes: readonly ScriptSize[]) => sizes.reduce((sum, size) => sum + size.gzipBytes, 0) / 1024;

/** "index-abc.js 1.2 KB, startup.js 0.6 KB": the biggest first. */
export function biggestFiles(sizes: readonly ScriptSize[], count = 5): string {
  return [...sizes]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, count)
    .map((size) => `${size.fileName} ${(size.gzipBytes / 1024).toFixed(1)} KB`)
    .join(', ');
}

/**
 * Prints how much JavaScript the home page loads before it runs (the scripts index.html asks for,
 * gzipped) and fails the build above `budgetKb`. Also prints the app's own start-up code, loaded
 * after the first paint, so growth there shows in every build. Lazy pages are in neither.
 */
export function initialJsBudget(budgetKb: number): Plugin {
  return {
    name: 'initial-js-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { page, app } = measureInitialJs(bundle);
      if (page.length === 0) return;
      const kb = totalKb(page);
      const verdict = kb <= budgetKb ? 'within' : 'OVER';
      this.info(
        `Initial JavaScript for the home page: ${kb.toFixed(1)} KB gzipped in ${page.length} file(s), ${verdict} the ${budgetKb} KB budget`,
      );
      if (app.length > 0) {
        this.info(
          `App start-up after the first paint: ${totalKb(app).toFixed(1)} KB gzipped in ${app.length} file(s) (biggest: ${biggestFiles(app, 3)})`,
        );
      }
      if (kb > budgetKb) {
        this.error(
          `The home page's initial JavaScript is ${kb.toFixed(1)} KB gzipped, over the ${budgetKb} KB budget (INITIAL_JS_BUDGET_KB, decision 0220). Biggest files: ${biggestFiles(page)}. Move what the first paint does not need behind a dynamic import.`,
        );
      }
    },
  };
}
