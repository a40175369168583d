import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BuiltApp, buildInMemory } from './build-in-memory.ts';
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

let app: BuiltApp;

beforeAll(async () => {
  app = await buildInMemory(FILES, [compileHintsForAppStart()], { sourcemap: true });
}, 60_000);

afterAll(() => app.remove());

const chunkOf = (module: string) => app.chunkOf(module);

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
