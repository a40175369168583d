import type { Plugin } from 'vite';

type ResolveDependencies = (
  importedFile: string,
  dependencies: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
) => string[];

/**
 * Leaves the entry chunk's dynamic imports (the app's start after the first paint, decision 0220)
 * without Vite's preload links; every other dynamic import keeps them.
 *
 * The preload helper appends one `<link rel="modulepreload">` per chunk of the app's start, all in
 * one task: about 20 ms of main thread on this machine for 20 links, four times that on a slow
 * phone, right when the page has just painted. Without them the browser asks for the same chunks
 * itself once it reads the start chunk's imports, off the main thread. A page's own chunks, loaded
 * on navigation, still preload theirs so a page does not wait on a chain of requests.
 */
export function entryWithoutPreloads(): { plugin: Plugin; resolveDependencies: ResolveDependencies } {
  const entryChunks = new Set<string>();
  return {
    plugin: {
      name: 'entry-without-preloads',
      apply: 'build',
      // Before Vite's own generateBundle writes the preload lists; file names are final by now.
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          for (const item of Object.values(bundle)) {
            if (item.type === 'chunk' && item.isEntry) entryChunks.add(item.fileName);
          }
        },
      },
    },
    resolveDependencies: (_importedFile, dependencies, { hostId }) =>
      entryChunks.has(hostId) ? [] : dependencies,
  };
}
