import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { decide, hashInputs, TARGETS, type Target, writeStamp } from './build-if-changed.ts';

let root = '';
const target: Target = {
  name: 'app',
  inputs: ['package-lock.json', 'app'],
  output: 'app/dist/index.html',
  command: ['true'],
};

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

function built(): void {
  write('app/dist/index.html', '<html></html>');
  writeStamp(root, target, hashInputs(root, target.inputs), new Date('2026-11-24T10:00:00Z'));
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'build-if-changed-'));
  write('package-lock.json', '{"lockfileVersion":3}');
  write('app/src/main.ts', 'console.log(1);');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('builds when there is no previous build', () => {
  expect(decide(root, target, hashInputs(root, target.inputs))).toEqual({
    build: true,
    reason: 'no previous build',
  });
});

it('skips the build when nothing changed, naming when it was built', () => {
  built();
  expect(decide(root, target, hashInputs(root, target.inputs))).toEqual({
    build: false,
    builtAt: '2026-11-24T10:00:00.000Z',
  });
});

it('ignores what the build itself writes and installed modules', () => {
  built();
  write('app/dist/extra.js', 'new output');
  write('app/node_modules/x/index.js', 'installed');
  expect(decide(root, target, hashInputs(root, target.inputs)).build).toBe(false);
});

it.each([
  ['a source file is edited', () => write('app/src/main.ts', 'console.log(2);')],
  ['a source file is added', () => write('app/src/other.ts', '')],
  ['the lock file changes', () => write('package-lock.json', '{"lockfileVersion":3,"packages":{}}')],
  [
    'a file is renamed',
    () => {
      rmSync(path.join(root, 'app/src/main.ts'));
      write('app/src/renamed.ts', 'console.log(1);');
    },
  ],
])('builds again when %s', (_case, change) => {
  built();
  change();
  expect(decide(root, target, hashInputs(root, target.inputs))).toEqual({
    build: true,
    reason: 'sources changed',
  });
});

const STAMP = 'node_modules/.cache/build-stamps/app.json';

it('builds again when the output is gone or rebuilt elsewhere, or its record is missing or unreadable', () => {
  built();
  write('app/dist/index.html', '<html>built by hand</html>');
  expect(decide(root, target, hashInputs(root, target.inputs))).toEqual({
    build: true,
    reason: 'built elsewhere since',
  });
  built();
  rmSync(path.join(root, STAMP));
  expect(decide(root, target, hashInputs(root, target.inputs)).build).toBe(true);
  write(STAMP, '{not json');
  expect(decide(root, target, hashInputs(root, target.inputs))).toEqual({
    build: true,
    reason: 'unreadable build record',
  });
  built();
  rmSync(path.join(root, 'app/dist/index.html'));
  expect(decide(root, target, hashInputs(root, target.inputs))).toEqual({
    build: true,
    reason: 'no previous build',
  });
});

it("rebuilds the server when any workspace package's source changes (the bundle compiles them all in)", () => {
  const server = TARGETS.find((t) => t.name === 'server')!;
  const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  for (const name of readdirSync(path.join(repository, 'packages')))
    expect(server.inputs, name).toContain(`packages/${name}/src`);
});
