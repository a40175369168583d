import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { preloadsAfterStart } from './preloads-after-start.ts';

// A small app shaped like ours: the entry loads the renderer and the app's start side by side; the
// start imports the renderer and loads two pages, which import the renderer too (as pages import
// React) and share code of their own. Built with the real bundler, in memory.
const FILES = {
  'main.js': `import('./renderer.js');
    import('./start.js').then((start) => start.run());`,
  'renderer.js': `export const render = (text) => text + Math.random();`,
  'start.js': `import { render } from './renderer.js';
    import { shared } from './shared.js';
    export function run() { return Promise.all([import('./page.js'), import('./other-page.js')]).then(([page]) => page.show(render(shared))); }`,
  'shared.js': `export const shared = 'shared ' + Math.random();`,
  'page.js': `import { shared } from './shared.js';
    import { render } from './renderer.js';
    import { widget } from './widget.js';
    export function show(text) { return render(widget(text + shared)); }`,
  'other-page.js': `import { shared } from './shared.js';
    import { widget } from './widget.js';
    export function show(text) { return widget(shared + text); }`,
  'widget.js': `export function widget(text) { return '<p>' + text + '</p>' + Math.random(); }`,
};

let folder = '';
let chunks: Rolldown.OutputChunk[] = [];

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'preloads-after-start-'));
  for (const [name, code] of Object.entries(FILES)) writeFileSync(path.join(folder, name), code);
  const preloads = preloadsAfterStart();
  const result = await build({
    root: folder,
    configFile: false,
    logLevel: 'silent',
    plugins: [preloads.plugin],
    build: {
      write: false,
      minify: false,
      rolldownOptions: { input: path.join(folder, 'main.js') },
      modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
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

it('leaves the entry without preload links for the app it loads', () => {
  const entry = chunkOf('main.js');
  expect(entry.isEntry).toBe(true);
  expect(entry.code).not.toContain('__vite__mapDeps');
  // The start's own imports are still there for the browser to find.
  expect(chunkOf('start.js').imports.length).toBeGreaterThan(0);
});

it("keeps a page's own chunks in its preload list, without those loaded at the start", () => {
  const start = chunkOf('start.js');
  const list = start.code.match(/__vite__mapDeps=.*?\[(.*?)\]/)?.[1] ?? '';
  expect(list).toContain(chunkOf('page.js').fileName);
  expect(list).toContain(chunkOf('widget.js').fileName);
  for (const loaded of ['start.js', 'renderer.js', 'main.js']) {
    expect(list, loaded).not.toContain(chunkOf(loaded).fileName);
  }
});
