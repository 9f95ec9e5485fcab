import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/**
 * The base fixture for every spec: a page whose console errors and uncaught exceptions fail
 * the test (ARCHITECTURE rule 9), plus helpers shared by the specs.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        // A 4xx/404 the test provoked on purpose is logged by Chromium as a resource error; ignore those.
        if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
        errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Runs axe-core and returns the serious and critical violations (empty is the goal). */
export async function seriousAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((n) => n.target.join(' ')),
    }));
}

/** Waits until the full-screen logo loader has gone. */
export async function waitForApp(page: Page) {
  await expect(page.locator('main#main-content, main').first()).toBeVisible();
  await expect(page.getByRole('status', { name: /Loading MapleSource|Chargement/ })).toHaveCount(0);
}
