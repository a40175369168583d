import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMPILE_HINT, compileHintsForAppStart } from './compile-hints.ts';

// The entry loads the app's start, which imports a shared module and loads a page; built with the
// real bundler, in memory, with source maps.
const FILES = {
  'main.js': `import('./renderer.js');
    import('./start.js').then((start) => start.run());`,
  'renderer.js': `export const render = (text) => text + Math.random();`,
  'start.js': `import { render } from './renderer.js';
    export function run() { return import('./page.js').then((page) => page.show(render('start'))); }`,
  'page.js': `export function show(text) { return '<p>' + text + '</p>'; }`,
};

let folder = '';
let chunks: Rolldown.OutputChunk[] = [];

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  for (const [name, code] of Object.entries(FILES)) writeFileSync(path.join(folder, name), code);
  const result = await build({
    root: folder,
    configFile: false,
    logLevel: 'silent',
    plugins: [compileHintsForAppStart()],
    build: {
      write: false,
      minify: false,
      sourcemap: true,
      modulePreload: { polyfill: false },
      rolldownOptions: { input: path.join(folder, 'main.js') },
    },
  });
  const [output] = Array.isArray(result) ? result : [result];
  if (!output || !('output' in output)) throw new Error('the test app did not build');
  chunks = output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
}, 60_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

const chunkOf = (module: string) => {
  const found = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(`/${module}`)));
  if (!found) throw new Error(`no chunk for ${module}`);
  return found;
};

it("hints the app's start, and what it imports, for eager compilation on their first line", () => {
  for (const module of ['start.js', 'renderer.js']) {
    expect(chunkOf(module).code.startsWith(`${COMPILE_HINT}\n`), module).toBe(true);
  }
});

it('leaves the entry and the pages loaded later to lazy compilation', () => {
  for (const module of ['main.js', 'page.js']) {
    expect(chunkOf(module).code, module).not.toContain(COMPILE_HINT);
  }
});

it("moves the source map's lines down with the code", () => {
  const start = chunkOf('start.js');
  const line = start.code.split('\n').findIndex((text) => text.includes('function run'));
  expect(line).toBeGreaterThan(0);
  // The map's line for `function run` is the code's line, counted from 0.
  const mappedLines = start.map?.mappings.split(';') ?? [];
  expect(mappedLines[0]).toBe('');
  expect(mappedLines[line]).not.toBe('');
});
