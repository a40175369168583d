/**
 * Renders the app icons (PNG) from their SVG sources in public/icons with Chromium, so the
 * pictures and the PNGs the manifest lists never drift apart. Run after changing an SVG:
 *   node --import tsx apps/web/src/features/pwa/render-icons.ts
 * The PNGs are committed: the build does not need a browser.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { ICON_RENDERS } from './icons.ts';

const iconsDir = fileURLToPath(new URL('../../../public/icons/', import.meta.url));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const { source, file, size: width, height = width } of ICON_RENDERS) {
    const svg = readFileSync(path.join(iconsDir, source), 'utf8');
    const page = await browser.newPage({ viewport: { width, height } });
    const html = `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:${width}px;height:${height}px}</style>${svg}`;
    await page.setContent(html);
    await page.screenshot({ path: path.join(iconsDir, file), omitBackground: true });
    await page.close();
    console.log(`${file} (${width}×${height}) from ${source}`);
  }
} finally {
  await browser.close();
}
