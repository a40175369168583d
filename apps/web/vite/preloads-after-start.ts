import type { Plugin } from 'vite';
import { initialChunks } from './initial-js-budget.ts';

type ResolveDependencies = (
  importedFile: string,
  dependencies: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
) => string[];

/**
 * Trims Vite's preload lists to chunks the browser does not have yet.
 *
 * - The entry's dynamic imports (the app's start after the first paint, decision 0220) get none:
 *   the helper would append one `<link rel="modulepreload">` per chunk of the start, about 20 in
 *   one task right after the first paint (a few milliseconds each on a slow phone). The browser
 *   asks for the same chunks itself once it reads the start chunk's imports, off the main thread.
 * - A page's dynamic import keeps its own chunks but not those of the page or the app's start,
 *   which are always loaded before any page is: the helper cannot tell they are loaded (no link
 *   names them) and would append a link for each again.
 */
export function preloadsAfterStart(): { plugin: Plugin; resolveDependencies: ResolveDependencies } {
  const entryChunks = new Set<string>();
  const loadedAtStart = new Set<string>();
  return {
    plugin: {
      name: 'preloads-after-start',
      apply: 'build',
      // Before Vite's own generateBundle writes the preload lists; file names are final by now.
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          for (const item of Object.values(bundle)) {
            if (item.type === 'chunk' && item.isEntry) entryChunks.add(item.fileName);
          }
          const { page, app } = initialChunks(bundle);
          for (const fileName of [...page, ...app]) loadedAtStart.add(fileName);
        },
      },
    },
    resolveDependencies: (_importedFile, dependencies, { hostId }) =>
      entryChunks.has(hostId) ? [] : dependencies.filter((fileName) => !loadedAtStart.has(fileName)),
  };
}
