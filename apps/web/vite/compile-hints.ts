import type { Plugin } from 'vite';
import { initialChunks } from './initial-js-budget.ts';

/**
 * V8's explicit compile hint (Chromium 136 and later; a plain comment elsewhere): every function
 * of the file is compiled as the file streams in, on a background thread, instead of on the main
 * thread the first time it is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the app's start (main.tsx's dynamic imports and their static imports, decision 0220) for
 * eager compilation. Nearly all of that code runs while the first page renders, so the lazy
 * compiles would otherwise land in the main thread's longest tasks right after the first paint.
 * Pages loaded later are left to V8's lazy compilation: much of their code may never run.
 */
export function compileHintsForAppStart(): Plugin {
  return {
    name: 'compile-hints-for-app-start',
    apply: 'build',
    generateBundle: {
      // After Vite has written the preload lists into the chunks.
      order: 'post',
      handler(_options, bundle) {
        for (const fileName of initialChunks(bundle).app) {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk') continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // File names were hashed before this line is added: a file keeps its name whether or not
          // it carries the hint, and runs the same either way.
          // The added line has no source: the map's lines move down by one.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}
