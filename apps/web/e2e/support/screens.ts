import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from './axe.ts';

/** Where the walks leave their screenshots (test-results/e2e/screens). */
export const SCREENS = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  '../../../../test-results/e2e/screens',
);

/**
 * The page at a phone's and a desktop's width, light and dark: no sideways scroll, no serious axe
 * violation, and a full-page screenshot of each. `ready` waits for what must be drawn first.
 */
export async function checkScreens(page: Page, name: string, ready?: () => Promise<void>): Promise<void> {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await ready?.();
      await expectNoSidewaysScroll(page, `${name} at ${width} px, ${theme}`);
      await expectNoSeriousViolations(page, `${name} at ${width} px, ${theme}`);
      await page.screenshot({ path: path.join(SCREENS, `${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
}
