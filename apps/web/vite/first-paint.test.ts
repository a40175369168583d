import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { fontPreloads } from './first-paint.ts';

const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIRST_PAINT = fileURLToPath(new URL('./first-paint.ts', import.meta.url));
/** Once the pages are rendered, the process has this long to end on its own. */
const EXIT_GRACE_MS = 10_000;

// The build prerenders the public pages under browser globals (first-paint.ts). Anything that
// render leaves behind (a timer, a server, a watcher) keeps `vite build` alive after "built in":
// so the render runs in a process of its own, which must end by itself soon after.
it('leaves nothing running once the public pages are rendered', async () => {
  const script = `
    import { renderPages } from ${JSON.stringify(FIRST_PAINT)};
    const { paths } = await renderPages(${JSON.stringify(WEB_ROOT)});
    console.log('rendered ' + paths.length);
    setImmediate(() => console.log('open: ' + process.getActiveResourcesInfo().join(', ')));
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const rendered = new Promise<void>((resolve) => {
    child.stdout.on('data', () => {
      if (output.includes('rendered ')) resolve();
    });
  });
  const outcome = await Promise.race([
    exited.then(() => 'exited' as const),
    rendered.then(() => 'rendered' as const),
  ]);
  if (outcome === 'rendered') {
    const timer = new Promise<'still running'>((resolve) =>
      setTimeout(() => resolve('still running'), EXIT_GRACE_MS),
    );
    const ended = await Promise.race([exited.then(() => 'exited' as const), timer]);
    if (ended === 'still running') child.kill('SIGKILL');
    expect(ended, `the process outlived the render:\n${output}`).toBe('exited');
  }
  expect(await exited, output).toBe(0);
  expect(output).toMatch(/rendered [1-9]/);
}, 120_000);

it('preloads the Latin subsets of the two web fonts, and no other file', () => {
  const links = fontPreloads([
    'assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
    'assets/inter-latin-ext-wght-normal-DO1Apj_S.woff2',
    'assets/fraunces-latin-wght-normal-ukD16Tqj.woff2',
    'assets/fraunces-vietnamese-wght-normal-CnvboYUG.woff2',
    'assets/index-DI3hp7OE.css',
  ]);
  expect(links).toEqual([
    '<link rel="preload" href="/assets/inter-latin-wght-normal-Dx4kXJAl.woff2" as="font" type="font/woff2" crossorigin>',
    '<link rel="preload" href="/assets/fraunces-latin-wght-normal-ukD16Tqj.woff2" as="font" type="font/woff2" crossorigin>',
  ]);
});
