import { expect, test, type Locator, type Page } from '@playwright/test';
import { COOKIE, SESSION_COOKIE, STORAGE, XSRF_HEADER } from '../../lib/cookies';
import { signSessionToken } from '../../lib/session-token';
import { NEWSPAPERS } from '../../server/seed/content/special';
import { E2E_JWT_SECRET } from '../../playwright.config';
import { withDatabase } from './database';
import { continueAsGuest } from './guest';

/**
 * The rulings on the spec of issue 13, walked as a person does at a phone's width and a desktop's: story pages follow
 * the gate, Newspapers is category 52, the library's flags decide the Newspapers and Journals links, the lists a person
 * scrolls come back where they were left, and Read with an ended membership goes to /validate-user?type=2.
 */

/** A story of the demo library (server/seed, deterministic: the cover story of a popular title's latest issue). */
const STORY = '/stories/travel/national-geographic-traveller/100205/the-people-behind-night-trains';
/** Tom Okafor (seed user 2): a member of Riverside Public Library (1001) whose membership ended on 31 January 2026. */
const TOM = { uid: 2, libid: 1001, ends: '2026-01-31T23:59:59Z' } as const;
const NEWSPAPER_TITLES = NEWSPAPERS.titles.map((title) => (typeof title === 'string' ? title : title[0]));
/** Any link to the newspapers (52) or the journals (154, /journals), wherever the page has one, shown or not. */
const NEWS_OR_JOURNAL_LINKS = 'a[href*="/magazines/52"], a[href*="/magazines/154"], a[href="/journals"], a[href^="/journals?"]';

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with email' }).click();
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Sign in with my password' }).click();
  await page.getByLabel('Password', { exact: true }).fill('reading-room-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The primary links where this width shows them: the header from 768px, else the sidebar (opened). */
async function primaryLinks(page: Page): Promise<Locator> {
  if ((page.viewportSize()?.width ?? 0) >= 768) return page.getByRole('navigation', { name: 'Primary' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  return page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Sections' });
}

/**
 * Gives the signed-in guest `count` favourite titles from the top lists (addmy_fav, as the hearts call it), so
 * My Favorites is a list a person scrolls at any width.
 */
async function addFavourites(page: Page, count: number) {
  // The first page after sign-in renews the session and its anti-forgery cookie; a call made meanwhile is refused.
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), STORAGE.accessCheck)).not.toBeNull();
  const { uid } = await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? '{}') as { uid: number }, STORAGE.userDetails);
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === COOKIE.xsrf)?.value ?? '';
  const mids = new Set<number>();
  // The fixed top lists of SPEC §2, a page of each, until there are enough titles.
  for (const list of ['BS', 'NA', 'F', 'TF', 'IF']) {
    const listing = await page.request.get(`/api/catalogue/magazine-filter?categoryID=${list}&lang=en&page=1`);
    for (const hit of ((await listing.json()) as { data: Array<{ mid: number }> }).data) mids.add(hit.mid);
    if (mids.size >= count) break;
  }
  expect(mids.size).toBeGreaterThanOrEqual(count);
  for (const mid of [...mids].slice(0, count)) {
    const added = await page.request.post('/api/user/addmy_fav', { data: { uid, mid, os: 'web' }, headers: { [XSRF_HEADER]: xsrf } });
    expect(added.status()).toBe(200);
  }
}

async function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

/** Clicks `link` scrolled into view, comes back with the browser's Back, and expects the page where it was left. */
async function leaveAndComeBack(page: Page, link: Locator, listed: () => Promise<number>) {
  await link.scrollIntoViewIfNeeded();
  const left = await scrollY(page);
  const count = await listed();
  expect(left).toBeGreaterThan(300);
  const from = page.url();
  await link.click();
  await expect(page).not.toHaveURL(from);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(from);
  await expect.poll(listed).toBeGreaterThanOrEqual(count);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(left - 50);
  expect(await scrollY(page)).toBeLessThan(left + 50);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a visitor opening a story address signs in first and, after guest sign-in, lands on the story', async ({ page }) => {
      await page.goto(STORY);
      await expect(page).toHaveURL(/\/login$/);
      await page.getByRole('button', { name: 'Continue as guest' }).click();
      await expect(page).toHaveURL(STORY);
      await expect(page.getByRole('heading', { level: 1, name: 'The people behind night trains' })).toBeVisible();
      // The whole story, not the preview.
      await expect(page.getByText('This is a preview')).toHaveCount(0);
    });

    test('the school library’s member (Lee Chen) is offered no Newspapers or Journals link anywhere', async ({ page }) => {
      await signInWithPassword(page, 'school@northfield.test');
      for (const path of ['/', '/magazines/BS', '/magazines/BS/en', '/stories/category/Cover-Stories/sec_60', '/dashboard/myFavorites']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator(NEWS_OR_JOURNAL_LINKS), path).toHaveCount(0);
        await expect(page.getByRole('link', { name: /^(Newspapers|Journals)$/ }), path).toHaveCount(0);
      }
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Popular Magazines' })).toBeVisible();
      const links = await primaryLinks(page);
      await expect(links.getByRole('link', { name: 'Magazines' })).toBeVisible();
      await expect(links.getByRole('link', { name: 'Stories' })).toBeVisible();
      await expect(links.getByRole('link', { name: /Newspapers|Journals/ })).toHaveCount(0);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Search' }).click();
      const overlay = page.getByRole('dialog', { name: 'Search' });
      await expect(overlay.getByRole('heading', { name: 'Popular Categories' })).toBeVisible();
      await expect(overlay.getByRole('heading', { name: 'Popular Journals' })).toHaveCount(0);
      await expect(overlay.locator(NEWS_OR_JOURNAL_LINKS)).toHaveCount(0);
      await expect(overlay.getByRole('link', { name: /^(Newspapers|Journals)$/ })).toHaveCount(0);
    });

    test('Newspapers shows the newspapers to a member whose library has them', async ({ page }) => {
      await continueAsGuest(page);
      const links = await primaryLinks(page);
      await links.getByRole('link', { name: 'Newspapers' }).click();
      await expect(page).toHaveURL(/\/magazines\/52\/en$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Newspapers' })).toBeVisible();
      const names = await page
        .getByRole('list', { name: 'Newspapers' })
        .getByRole('listitem')
        .evaluateAll((items) => items.map((item) => item.querySelector('.name')?.textContent?.trim() ?? ''));
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(NEWSPAPER_TITLES).toContain(name);
      // The journals stay at /journals and at 154.
      await (await primaryLinks(page)).getByRole('link', { name: 'Journals' }).click();
      await expect(page).toHaveURL(/\/journals$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Journals' })).toBeVisible();
    });

    test('a story list, search results and My Favorites come back at the scroll position they were left', async ({ page }) => {
      await continueAsGuest(page);

      await page.goto('/stories/category/Latest-Stories/RC');
      const stories = page.getByRole('list', { name: 'Latest Stories' }).getByRole('article');
      await expect(stories).toHaveCount(20);
      await stories.last().scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 4000);
      await expect(stories).toHaveCount(40);
      await leaveAndComeBack(page, stories.nth(27).getByRole('link').first(), () => stories.count());
      await expect(stories).toHaveCount(40);

      await page.goto('/search?q=city&tab=1');
      const results = page.getByRole('list', { name: 'Stories' }).getByRole('listitem');
      await expect(results.first()).toBeVisible();
      const firstPage = await results.count();
      await results.last().scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 4000);
      await expect.poll(() => results.count()).toBeGreaterThan(firstPage);
      await leaveAndComeBack(page, results.nth(firstPage + 2).getByRole('link').first(), () => results.count());

      await addFavourites(page, 30);
      await page.goto('/dashboard/myFavorites');
      const favourites = page.getByRole('list', { name: 'Your favourite magazines' }).getByRole('listitem');
      await expect(favourites).toHaveCount(30);
      await leaveAndComeBack(page, favourites.nth(24).getByRole('link').first(), () => favourites.count());
    });

    test('an expired member (Tom Okafor) pressing Read is verified again and lands on /validate-user?type=2', async ({ page, baseURL }) => {
      // payments.spec renews Tom's membership earlier in the run: put back the seed's ended one.
      await withDatabase((db) => db.query('UPDATE memberships SET expires_at = $1 WHERE user_id = $2 AND library_id = $3', [TOM.ends, TOM.uid, TOM.libid]));
      const { token } = await signSessionToken({ uid: TOM.uid, libid: TOM.libid, mexp: Math.floor(Date.parse(TOM.ends) / 1000), guest: false }, E2E_JWT_SECRET, 3600);
      await page.context().addCookies([
        { name: SESSION_COOKIE, value: token, url: baseURL!, httpOnly: true },
        { name: COOKIE.xsrf, value: 'e2e-rulings-tom-xsrf', url: baseURL! },
      ]);
      // The /q/temp screens are open to anyone, so the expired member reaches an issue there.
      const listing = await page.request.get('/api/catalogue/magazine-filter?categoryID=BS&lang=en&page=1');
      const { mid, issueId } = (await listing.json()).data[0] as { mid: number; issueId: number };
      await page.goto(`/q/temp/magazine/${mid}/${issueId}`);
      await page.getByRole('button', { name: 'Read', exact: true }).click();
      await expect(page).toHaveURL(/\/validate-user\?type=2$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Your library membership has expired' })).toBeVisible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    });
  });
}
