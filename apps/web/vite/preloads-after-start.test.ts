import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BuiltApp, buildInMemory } from './build-in-memory.ts';
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

let app: BuiltApp;

beforeAll(async () => {
  const preloads = preloadsAfterStart();
  app = await buildInMemory(FILES, [preloads.plugin], {
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
  });
}, 60_000);

afterAll(() => app.remove());

const chunkOf = (module: string) => app.chunkOf(module);

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
