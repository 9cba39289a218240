import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** What axe-core finds against WCAG 2.0, 2.1 and 2.2 A and AA on the page as it is now: the rule, its impact, and where (up to 3). */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    where: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
  }));
}
