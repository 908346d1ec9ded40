import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core on the page as it is now: any serious or critical violation fails, listed with the rule,
 * the impact and the first elements it names. Every page must also have an h1.
 */
export async function expectAccessible(page: Page, what: string, options: { include?: string } = {}) {
  let builder = new AxeBuilder({ page });
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
  // Soft: one run lists every page's problems, and the test still fails.
  expect.soft(blocking, `axe on ${what}`).toEqual([]);
  if (!options.include) expect.soft(await page.locator('h1').count(), `h1 on ${what}`).toBeGreaterThan(0);
}
