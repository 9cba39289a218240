import { expect, test } from '@playwright/test';
import { continueAsGuest } from './guest';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** Whether this build serves the reader code call (it arrives with the catalogue issue). */
test('a member finds a word printed only inside an issue, picks a page, reads the highlight and opens the reader there', async ({ page, context }) => {
  await continueAsGuest(page);
  await page.getByRole('button', { name: 'Search' }).click();
  const overlay = page.getByRole('dialog', { name: 'Search' });
  await expect(overlay).toBeVisible();
  // With no text: the library's popular titles and categories.
  await expect(overlay.getByRole('heading', { name: 'Popular Languages' })).toBeVisible();
  await expect(overlay.getByRole('heading', { name: 'Popular Categories' })).toBeVisible();

  await overlay.getByRole('searchbox').fill('quokka');
  const tile = overlay.getByRole('article').first();
  await expect(tile).toBeVisible();
  // 'quokka' is in no title, description or story: the tile is the only way to it.
  await expect(overlay.getByText('No results found for quokka')).toBeHidden();
  await expect(overlay.getByRole('region', { name: 'Magazines' })).toHaveCount(0);
  const pageButton = tile.getByRole('button', { name: /^Page \d+$/ }).last();
  const pageNumber = Number((await pageButton.textContent())?.trim());
  await pageButton.click();
  await expect(pageButton).toHaveAttribute('aria-pressed', 'true');
  const excerpt = tile.locator('p', { has: page.locator('mark') });
  await expect(excerpt.locator('mark')).toHaveText(/^quokka$/i);
  await expect(excerpt).toContainText(/photographs of a quokka grinning/i);

  const issueIdFrom = async () => {
    const more = page.waitForEvent('popup');
    await tile.getByRole('button', { name: /^Read More/ }).click();
    return more;
  };
  const reader = await issueIdFrom();
  // The reader opens at the page picked in the tile.
  await expect.poll(() => reader.url()).toMatch(new RegExp(`/reader/[^/]+/\\d+\\?isLib=1(&hl=[^#]*)?#page/${pageNumber}$`));
  await expect(reader.locator(`img[data-page="${pageNumber}"]`)).toBeVisible();
  expect(context.pages()).toHaveLength(2);
});

test('/search is the same search as a page, with its own address per query and tab', async ({ page }) => {
  await continueAsGuest(page);
  await page.goto('/search?q=quokka');
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveValue('quokka');
  await expect(page.getByRole('heading', { name: 'Found inside issues' })).toBeVisible();
  const tiles = page.getByRole('article');
  expect(await tiles.count()).toBeGreaterThan(1);

  await page.getByRole('tab', { name: 'Stories' }).click();
  await expect(page).toHaveURL(/\/search\?q=quokka&tab=1$/);
  await expect(page.getByText('No results found for quokka')).toBeVisible();

  await page.getByRole('searchbox').fill('election');
  await expect(page).toHaveURL(/\/search\?q=election&tab=1$/);
  // Reloaded, the address gives the same search, found on the server.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Stories' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox')).toHaveValue('election');
  const stories = page.getByRole('list', { name: 'Stories' });
  await expect(stories.getByRole('link').first()).toBeVisible();
  await expect(stories.locator('mark').first()).toHaveText(/^election/i);

  // A tab that does not exist is not an error: the search opens on the first tab.
  await page.goto('/search?q=quokka&tab=9');
  await expect(page).toHaveURL(/\/search\?q=quokka$/);
});

test('the overlay forgives a typo, closes with Escape, and is not offered to a visitor who is not signed in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('dialog', { name: 'Search' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Search' }).click();
  const overlay = page.getByRole('dialog', { name: 'Search' });
  await overlay.getByRole('searchbox').fill('quantm quartely');
  await expect(overlay.getByRole('link', { name: /Quantum Quarterly/ }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
});
