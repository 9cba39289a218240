import { expect, type Page } from '@playwright/test';

/** Signs the browser in as a guest from /login, as a visitor would, and waits for the home page. */
export async function continueAsGuest(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/$/);
}
