import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BuildEnvironmentOptions, build, type Plugin, type Rolldown } from 'vite';

/** A small app built by the real bundler, in memory: its chunks, found by a module they hold. */
export interface BuiltApp {
  chunkOf: (module: string) => Rolldown.OutputChunk;
  /** Deletes the app's source folder. */
  remove: () => void;
}

/**
 * Builds `files` (name -> source; `main.js` is the entry) with `plugins`, for tests of the build's
 * own plugins. Not minified, so a test can read the output.
 */
export async function buildInMemory(
  files: Record<string, string>,
  plugins: Plugin[],
  build_: Partial<BuildEnvironmentOptions> = {},
): Promise<BuiltApp> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'build-in-memory-'));
  for (const [name, code] of Object.entries(files)) writeFileSync(path.join(folder, name), code);
  const result = await build({
    root: folder,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      minify: false,
      ...build_,
      modulePreload: {
        polyfill: false,
        ...(typeof build_.modulePreload === 'object' ? build_.modulePreload : {}),
      },
      rolldownOptions: { input: path.join(folder, 'main.js') },
    },
  });
  const [output] = Array.isArray(result) ? result : [result];
  if (!output || !('output' in output)) throw new Error('the test app did not build');
  const chunks = output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  return {
    chunkOf: (module) => {
      const found = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(`/${module}`)));
      if (!found) throw new Error(`no chunk for ${module}`);
      return found;
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
