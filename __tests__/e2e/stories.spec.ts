import { expect, test } from '@playwright/test';
import { continueAsGuest } from './guest';

/**
 * A story of the demo library that ships with stored Hindi and Spanish translations (server/seed: the cover story of
 * the latest issue of the most read English titles). The seed is deterministic, so its address is fixed.
 */
const TRANSLATED_STORY = '/stories/travel/national-geographic-traveller/100205/the-people-behind-night-trains';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('a member opens Stories, scrolls a list, opens a story, reads it, switches its language and follows a keyword chip', async ({ page }) => {
  await continueAsGuest(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Stories' }).first().click();
  await expect(page).toHaveURL(/\/stories\/category\/Cover-Stories\/sec_60$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cover Stories' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Cover Stories' });
  await expect(list.getByRole('article')).toHaveCount(20);

  // Scrolling to the end of the list loads the next page.
  await list.getByRole('article').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect(list.getByRole('article')).toHaveCount(40);

  // Open a story from the list and read it.
  const card = list.getByRole('article').nth(21);
  const title = (await card.getByRole('heading').innerText()).trim();
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const article = page.getByRole('article', { name: title });
  await expect(article.getByRole('link', { name: /^Read the .+ issue of / })).toHaveAttribute('href', /^\/magazine\/\d+\/\d+$/);
  expect(await article.locator('p').count()).toBeGreaterThan(3);
  await expect(page.getByText('This is a preview')).toHaveCount(0);
  const measure = await article.locator('p').last().evaluate((p) => getComputedStyle(p.parentElement!).maxWidth);
  expect(measure).not.toBe('none');

  // A language with no translation to be had keeps the original text, with a short notice.
  const other = (await article.getAttribute('lang')) === 'ta' ? { code: 'te', name: 'Telugu' } : { code: 'ta', name: 'Tamil' };
  const languages = page.getByRole('navigation', { name: 'Read in another language' });
  await languages.getByRole('link', { name: new RegExp(other.name) }).click();
  await expect(page).toHaveURL(new RegExp(`\\?lang=${other.code}$`));
  await expect(page.getByRole('status').filter({ hasText: `isn’t available in ${other.name}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A story with a stored translation reads in Spanish, and back in the original.
  await page.goto(TRANSLATED_STORY);
  const original = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  await page.getByRole('navigation', { name: 'Read in another language' }).getByRole('link', { name: /Spanish/ }).click();
  await expect(page).toHaveURL(/\?lang=es$/);
  await expect(page.getByRole('status').filter({ hasText: 'Translated into Spanish' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(original);
  await expect(page.locator('article[lang="es"]')).toBeVisible();
  await page.getByRole('link', { name: 'Read the original' }).click();
  await expect(page.getByRole('heading', { level: 1, name: original })).toBeVisible();

  // A keyword chip leads to more stories carrying it.
  const chip = page.getByRole('list', { name: 'Story keywords' }).getByRole('link').first();
  const keyword = (await chip.innerText()).trim();
  await chip.click();
  await expect(page.getByRole('heading', { level: 1, name: `Stories on “${keyword}”` })).toBeVisible();
  await expect(page.getByRole('list', { name: `Stories on “${keyword}”` }).getByRole('article').first()).toBeVisible();
});

// A story link opened without a session: the gate sends the visitor to /login and back (rulings.spec.ts).

test('a member marks a favourite story category and finds it first', async ({ page }) => {
  await continueAsGuest(page);
  await page.goto('/stories/category/Cover-Stories/sec_60');
  await page.getByText('Choose favourite categories').click();
  await page.getByRole('button', { name: 'Travel' }).click();
  await expect(page.getByRole('button', { name: 'Travel' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  const chips = page.getByRole('navigation', { name: 'Story categories' }).getByRole('link');
  await expect(chips.nth(3)).toHaveText(/Travel/);
  await chips.nth(3).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Travel' })).toBeVisible();
});

test('/stories/details finds a story by its address or by magazine and story names', async ({ page }) => {
  await continueAsGuest(page);
  await page.goto(`/stories/details?category=travel&articleUrl=${encodeURIComponent(TRANSLATED_STORY)}`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  const name = (await title.innerText()).trim();
  await page.goto(`/stories/details?magazineName=national-geographic-traveller&articleName=the-people-behind-night-trains`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
