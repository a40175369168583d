import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

interface LockEntry {
  version: string;
  optionalDependencies?: Record<string, string>;
}
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

// A lock file written on one machine may leave out the native binaries of other systems (Biome,
// Rollup, Tailwind's engine): `npm ci` on a Mac, on Windows or on Alpine then has nothing to install.
it('lists every optional platform binary of every package', () => {
  const names = new Set(Object.keys(lock.packages).map((key) => key.replace(/^.*node_modules\//, '')));
  const missing = Object.entries(lock.packages).flatMap(([key, entry]) =>
    Object.keys(entry.optionalDependencies ?? {})
      // fsevents is macOS's file watcher, which chokidar declares but npm records only on macOS.
      .filter((name) => name !== 'fsevents' && !names.has(name))
      .map((name) => `${key} -> ${name}`),
  );
  expect(missing).toEqual([]);
  expect([...names].filter((name) => name.startsWith('@biomejs/cli-'))).toHaveLength(10);
});
