import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

// Compiles the server into plain JavaScript under apps/server/dist so that `npm start` runs on bare
// Node: no TypeScript loader in the process (it costs about 45 MB of memory and start-up time).
// npm dependencies stay external; the workspace packages, which ship TypeScript source, are bundled.
// Migrations are imported by the modules that own them, so they are inside the bundle.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_SRC = path.join(ROOT, 'apps/server/src');
export const SERVER_DIST = path.join(ROOT, 'apps/server/dist');

/** Bare npm imports stay imports; `@app/*` workspace packages are compiled in. */
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Files of the workspace packages find their data next to their source (`new URL('../data/…',
 * import.meta.url)`); inside a bundle import.meta.url would name the bundle, so it is pinned to
 * the source file's own URL.
 */
const sourceRelativeUrls: Plugin = {
  name: 'source-relative-urls',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]packages[\\/][^\\/]+[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      };
    });
  },
};

/** Bundles the given entry points (name -> source file) into outdir. */
export async function bundleServer(entries: Record<string, string>, outdir: string): Promise<void> {
  await build({
    entryPoints: Object.entries(entries).map(([out, entry]) => ({ in: entry, out })),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [externalDependencies, sourceRelativeUrls],
  });
}

export function serverEntries(): Record<string, string> {
  return {
    main: path.join(SERVER_SRC, 'main.ts'),
    'migrate-cli': path.join(SERVER_SRC, 'migrate-cli.ts'),
    'admin-cli': path.join(SERVER_SRC, 'admin-cli.ts'),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rmSync } = await import('node:fs');
  rmSync(SERVER_DIST, { recursive: true, force: true });
  await bundleServer(serverEntries(), SERVER_DIST);
  console.log(`server built into ${path.relative(ROOT, SERVER_DIST)}`);
}
