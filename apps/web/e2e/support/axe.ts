import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A/AA violations axe finds on the page as it is, as "rule: targets", with their impact. */
async function violations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.map((v) => ({
    impact: v.impact,
    text: `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  }));
}

/** Fails with each serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const found = await violations(page);
  expect(
    found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.text),
    where,
  ).toEqual([]);
}

/** Fails with any violation at all, minor ones included. */
export async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(
    (await violations(page)).map((v) => v.text),
    where,
  ).toEqual([]);
}

/** Fails when the page is wider than the viewport (a sideways scroll on a phone). */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(width);
}
