import { describe, expect, it } from 'vitest';
import { STARTUP_FILE } from './first-paint.ts';
import { type Bundle, biggestFiles, measureInitialJs } from './initial-js-budget.ts';

type File = Bundle[string];

function chunk(fileName: string, code: string, links: Partial<Extract<File, { type: 'chunk' }>> = {}): File {
  return { type: 'chunk', fileName, code, isEntry: false, imports: [], dynamicImports: [], ...links };
}

function bundleOf(...files: File[]): Bundle {
  return Object.fromEntries(files.map((file) => [file.fileName, file]));
}

describe('measureInitialJs', () => {
  const bundle = bundleOf(
    chunk('index.js', 'import("./start.js")', {
      isEntry: true,
      imports: ['runtime.js'],
      dynamicImports: ['start.js'],
    }),
    chunk('runtime.js', 'export const runtime = 1;'),
    chunk('start.js', 'x'.repeat(5000), { imports: ['react.js', 'runtime.js'], dynamicImports: ['page.js'] }),
    chunk('react.js', 'react'),
    chunk('page.js', 'a lazy page'),
    { type: 'asset', fileName: STARTUP_FILE, source: 'theme();' },
  );

  it('counts what index.html loads: the start-up script, the entry and its static imports', () => {
    const { page } = measureInitialJs(bundle);
    expect(page.map((size) => size.fileName).sort()).toEqual(['index.js', 'runtime.js', STARTUP_FILE]);
  });

  it('counts the app loaded after the first paint apart, without lazy pages or files counted already', () => {
    const { app } = measureInitialJs(bundle);
    expect(app.map((size) => size.fileName).sort()).toEqual(['react.js', 'start.js']);
  });

  it('names the biggest files first', () => {
    const { app } = measureInitialJs(bundle);
    expect(biggestFiles(app, 1)).toMatch(/^start\.js \d+\.\d KB$/);
  });
});
