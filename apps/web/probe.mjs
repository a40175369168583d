import { chromium } from '@playwright/test';
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (let i = 0; i < 3; i++) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const t0 = Date.now();
  await page.goto(`${base}/`);
  await page.getByRole('heading', { name: 'Read the sky as it speaks to you.' }).waitFor();
  const t1 = Date.now();
  await page.waitForFunction(() => document.querySelectorAll('[data-prerendered]').length === 0);
  const t2 = Date.now();
  console.log('heading after', t1 - t0, 'ms; app over it after', t2 - t0, 'ms');
  await page.close();
}
await browser.close();
