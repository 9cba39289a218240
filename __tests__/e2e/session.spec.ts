import { expect, test, type Page } from '@playwright/test';
import { signSessionToken } from '../../lib/session-token';
import { E2E_JWT_SECRET } from '../../playwright.config';

async function setSession(page: Page, claims: { uid: number; libid: number; mexp: number }, secret = E2E_JWT_SECRET, lifetime = 3600) {
  const { token } = await signSessionToken({ ...claims, guest: false }, secret, lifetime);
  await page.context().addCookies([{ name: 'session', value: token, url: page.url() === 'about:blank' ? 'http://127.0.0.1' : page.url(), httpOnly: true }]);
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.clearCookies();
  await context.addCookies([{ name: 'probe', value: '1', url: baseURL! }]);
});

test('a new visitor reaches /login, continues as guest, and sees magazine covers loaded on the home page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/$/);
  const popular = page.getByRole('region', { name: 'Popular Magazines' }).or(page.locator('section', { has: page.getByRole('heading', { name: 'Popular Magazines' }) }));
  await expect(popular.first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cover Stories' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All' }).first()).toBeVisible();
  // The first covers are not lazy: they must have been fetched and decoded.
  const firstCover = page.locator('main img[srcset*="view/2.jpg"]').first();
  await expect(firstCover).toBeVisible();
  await expect.poll(() => firstCover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const loaded = await page.locator('main img[srcset*="view/2.jpg"]').evaluateAll((imgs) => imgs.slice(0, 4).filter((img) => (img as HTMLImageElement).naturalWidth > 0).length);
  expect(loaded).toBeGreaterThanOrEqual(4);
  // The page is marked noindex,nofollow and carries the spec's description.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /40\+ categories and 60\+ languages/);
});

test('a member whose membership has expired is sent to /validate-user?type=2', async ({ page, baseURL }) => {
  await page.goto(`${baseURL}/login`);
  await setSession(page, { uid: 2, libid: 1001, mexp: Math.floor(Date.now() / 1000) - 86_400 });
  await page.goto('/magazines/BS/en');
  await expect(page).toHaveURL(/\/validate-user\?type=2$/);
  await expect(page.getByRole('heading', { name: 'Your library membership has expired' })).toBeVisible();
});

test('a user with no library is sent to /validate-user?type=1', async ({ page, baseURL }) => {
  await page.goto(`${baseURL}/login`);
  await setSession(page, { uid: 3, libid: 0, mexp: 0 });
  await page.goto('/');
  await expect(page).toHaveURL(/\/validate-user\?type=1$/);
  await expect(page.getByRole('heading', { name: 'Your account is not linked to a library' })).toBeVisible();
});

test('a forged or expired session cookie is treated as no session', async ({ page, baseURL }) => {
  await page.goto(`${baseURL}/login`);
  await setSession(page, { uid: 1, libid: 1001, mexp: Math.floor(Date.now() / 1000) + 86_400 }, 'a-forged-secret-that-is-long-enough-to-sign-with');
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await setSession(page, { uid: 1, libid: 1001, mexp: Math.floor(Date.now() / 1000) + 86_400 }, E2E_JWT_SECRET, -60);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('the header dropdown and sidebar work with the keyboard', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Menu' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Stories' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
