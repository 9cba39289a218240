import { expect, type Page } from '@playwright/test';

/**
 * Waits for the reader's scripts to have run. They wait for its first page's picture (lib/held-scripts.ts), so the
 * picture on screen no longer means the keys work; the toolbar's buttons are disabled until they do.
 */
export async function toolbarWorks(reader: Page): Promise<void> {
  await expect(reader.getByRole('toolbar', { name: 'Reader' }).getByRole('button', { name: 'Pages', exact: true })).toBeEnabled({ timeout: 20_000 });
}
