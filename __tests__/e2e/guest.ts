import { expect, type Page } from '@playwright/test';

/**
 * Signs the browser in as a guest from /login, as a visitor would, and waits for the home page to load. Sign-in loads
 * home afresh from the server, and the address changes as soon as that load starts: a button clicked before the page's
 * code has run does nothing (the header's Search, say), so the helper waits for the load, as `page.goto` does.
 */
export async function continueAsGuest(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForLoadState('load');
}

/** From the Business listing, as a person goes: the first title's page, then its latest issue's page. */
export async function openLatestIssuePage(page: Page): Promise<void> {
  await page.goto('/magazines/BS/en');
  await page.locator('main a[href^="/magazine/"]').first().click();
  await expect(page).toHaveURL(/\/magazine\/\d+$/);
  await page.getByRole('link', { name: 'Open latest issue' }).click();
  await expect(page).toHaveURL(/\/magazine\/\d+\/\d+$/);
}
