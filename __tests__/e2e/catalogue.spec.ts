import { expect, test, type Page } from '@playwright/test';
import { signSessionToken } from '../../lib/session-token';
import { E2E_JWT_SECRET } from '../../playwright.config';
import { continueAsGuest } from './guest';

/** Demo members (server/seed/index.ts): their user ids in seed order, and their membership end. */
const MEMBERS = {
  school: { uid: 4, libid: 3001, ends: '2027-12-31T23:59:59Z' },
  temple: { uid: 5, libid: 2083, ends: '2027-12-31T23:59:59Z' },
} as const;

async function signInAs(page: Page, baseURL: string, member: (typeof MEMBERS)[keyof typeof MEMBERS]) {
  const { token } = await signSessionToken(
    { uid: member.uid, libid: member.libid, mexp: Math.floor(Date.parse(member.ends) / 1000), guest: false },
    E2E_JWT_SECRET,
    3600,
  );
  // The anti-forgery cookie the server sets at sign-in, so the page's own POSTs carry the matching header.
  await page.context().addCookies([
    { name: 'session', value: token, url: baseURL, httpOnly: true },
    { name: 'XSRF-TOKEN', value: `e2e-${member.uid}-xsrf`, url: baseURL },
  ]);
}

const titlesIn = (page: Page, list: string) => page.getByRole('list', { name: list }).getByRole('listitem');

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('a guest opens Magazines, filters a language, scrolls to the second page, opens a title, comes back to the same place, opens an issue and reads it in a new tab', async ({ page }) => {
  await continueAsGuest(page);
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Magazines' }).click();
  await expect(page).toHaveURL(/\/magazines\/BS\/en$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Most Popular' })).toBeVisible();

  const languages = page.getByRole('navigation', { name: 'Languages' });
  await languages.getByRole('link', { name: 'Hindi' }).click();
  await expect(page).toHaveURL(/\/magazines\/BS\/hi$/);
  await expect(languages.getByRole('link', { name: 'Hindi' })).toHaveAttribute('aria-current', 'page');
  const hindi = await titlesIn(page, 'Most Popular').count();
  expect(hindi).toBeGreaterThan(0);
  expect(hindi).toBeLessThan(20);

  await languages.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/magazines\/BS\/en$/);
  await expect(titlesIn(page, 'Most Popular')).toHaveCount(20);
  // Scrolling to the end of the list loads the second page (SPEC §9: pages of 20, 200px margin).
  await titlesIn(page, 'Most Popular').nth(19).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => titlesIn(page, 'Most Popular').count()).toBeGreaterThan(20);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  const fromSecondPage = titlesIn(page, 'Most Popular').nth(21).getByRole('link');
  await fromSecondPage.scrollIntoViewIfNeeded();
  const scrolledTo = await page.evaluate(() => window.scrollY);
  expect(scrolledTo).toBeGreaterThan(300);
  const href = await fromSecondPage.getAttribute('href');
  await fromSecondPage.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Back on the list: both pages are there again and the page is where it was left.
  await page.goBack();
  await expect(page).toHaveURL(/\/magazines\/BS\/en$/);
  await expect.poll(() => titlesIn(page, 'Most Popular').count()).toBeGreaterThan(20);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledTo - 50);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolledTo + 50);

  await titlesIn(page, 'Most Popular').nth(21).getByRole('link').click();
  await page.getByRole('link', { name: 'Open latest issue' }).click();
  await expect(page).toHaveURL(/\/magazine\/\d+\/\d+$/);
  const issueId = page.url().split('/').pop();
  const [reader] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Read', exact: true }).click()]);
  await expect.poll(() => reader.url()).toMatch(new RegExp(`/reader/[A-Za-z0-9._-]+/${issueId}\\?isLib=1(#page/\\d+)?$`));
  // The list page stays open behind the reader.
  await expect(page).toHaveURL(/\/magazine\/\d+\/\d+$/);
});

test("'Newspapers' opens the newspapers (52); /magazines/154/en, the journals, starts its languages with All Languages linking to /magazines/154; no cover moves the layout", async ({ page }) => {
  await continueAsGuest(page);
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Newspapers' }).click();
  await expect(page).toHaveURL(/\/magazines\/52\/en$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Newspapers' })).toBeVisible();
  await page.goto('/magazines/154/en');
  await expect(page.getByRole('heading', { level: 1, name: 'Journals' })).toBeVisible();
  const languages = page.getByRole('navigation', { name: 'Languages' }).getByRole('link');
  await expect(languages.first()).toHaveText('All Languages');
  await expect(languages.first()).toHaveAttribute('href', '/magazines/154');

  // No layout shift while covers and category pictures load as the page scrolls: their sizes are known before.
  for (const path of ['/magazines/BS', '/magazines/21']) {
    await page.goto(path);
    await page.evaluate(() => {
      const state = window as unknown as { shifts: number };
      state.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) state.shifts += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Far enough for dozens of pictures to load, not so far that the next page of titles is fetched.
    for (let step = 0; step < 4; step += 1) await page.mouse.wheel(0, 300);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts), path).toBeLessThan(0.01);
  }
});

test('unknown ids give the 404 page', async ({ page }) => {
  await continueAsGuest(page);
  for (const path of ['/magazine/999999', '/magazine/1001/1', '/magazines/999', '/magazines/127', '/all-issues/999999', '/magazines/BS/zz']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'We can’t find that page' })).toBeVisible();
  }
});

test('a library without newspapers never sees them', async ({ page, baseURL }) => {
  await page.goto('/login');
  await signInAs(page, baseURL!, MEMBERS.school);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Popular Magazines' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Newspapers' })).toHaveCount(0);

  await page.goto('/magazines/BS');
  await expect(page.getByRole('heading', { level: 1, name: 'All Categories' })).toBeVisible();
  const categories = page.getByRole('region', { name: 'Categories' });
  await expect(categories.getByRole('link', { name: 'Travel' })).toBeVisible();
  for (const hidden of ['Newspapers', 'Journals', 'Fashion']) await expect(categories.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);

  for (const path of ['/magazines/52', '/magazines/52/en', '/magazines/154/en', '/magazine/1315']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  const api = await page.request.get('/api/catalogue/magazine-filter?categoryID=52&page=1');
  expect((await api.json()).data).toEqual([]);
});

test('a library 2083 member stays under /q/temp', async ({ page, baseURL }) => {
  await page.goto('/login');
  await signInAs(page, baseURL!, MEMBERS.temple);
  await page.goto('/magazines/BS/en');
  await expect(page).toHaveURL(/\/q\/temp\/magazines\/BS\/en$/);
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Newspapers' }).click();
  await expect(page).toHaveURL(/\/q\/temp\/magazines\/52\/en$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Newspapers' })).toBeVisible();
  await page.goto('/journals');
  await expect(page).toHaveURL(/\/q\/temp\/magazines\/154$/);

  await page.goto('/q/temp/magazines/BS/en');
  const first = titlesIn(page, 'Most Popular').first().getByRole('link');
  await expect(first).toHaveAttribute('href', /^\/q\/temp\/magazine\/\d+$/);
  await first.click();
  await expect(page).toHaveURL(/\/q\/temp\/magazine\/\d+$/);
  await page.getByRole('link', { name: 'Open latest issue' }).click();
  await expect(page).toHaveURL(/\/q\/temp\/magazine\/\d+\/\d+$/);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/q\/temp\/magazines\/\d+$/);
  // Hide-profile mode: the logo leads to the temp catalogue.
  await expect(page.getByRole('banner').getByRole('link').first()).toHaveAttribute('href', '/q/temp/magazines/21');
});

test('an anonymous visitor reads the /q/temp catalogue under library 2083 and is asked to sign in to read', async ({ page }) => {
  const response = await page.goto('/q/temp/magazines/21');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Teens' })).toBeVisible();
  await titlesIn(page, 'Teens').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/q\/temp\/magazine\/\d+$/);
  await page.getByRole('link', { name: 'Open latest issue' }).click();
  await page.getByRole('button', { name: 'Sign in to read' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

// An expired member pressing Read lands on /validate-user?type=2 (rulings.spec.ts).
