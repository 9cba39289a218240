import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/seed/content/libraries';
import { rawRequest } from '../shared/raw-request';
import { E2E_DATABASE_URL } from './database';
import { SCALE_JWT_SECRET, startSite, type SiteInstance } from './site-instance';

/**
 * What a library meets on its first day with `npm run build && npm start` (issue 26): a site with no mail server still
 * lets a member in with their password, the header's name shows whole, and odd requests get a plain refusal with the
 * security headers, never a 500.
 */

test.describe('a site without SMTP_URL', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let site: SiteInstance;

  test.beforeAll(async () => {
    // The e2e server's seeded demo database, served by a second instance that has no mail server at all.
    const port = Number(process.env.E2E_PORT ?? 3100) + 7;
    site = await startSite(port, { DATABASE_URL: E2E_DATABASE_URL, DATABASE_POOL_MAX: '2', SMTP_URL: '', SMS_URL: '', JWT_SECRET: SCALE_JWT_SECRET });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test('the demo member signs in with their password from /login, and no email code is offered', async ({ page }) => {
    await page.goto(`${site.url}/login`);
    await page.getByRole('link', { name: 'Continue with email' }).click();
    await expect(page).toHaveURL(/\/login\/email$/);
    // Codes cannot be delivered here: the password is the way, and the page says so.
    await expect(page.getByRole('button', { name: 'Email me a code' })).toHaveCount(0);
    await expect(page.getByText('Sign in with your email address and password.')).toBeVisible();
    await page.getByLabel('Email address', { exact: true }).fill('reader@riverside.test');
    await page.getByRole('button', { name: 'Sign in with my password' }).click();
    await expect(page).toHaveURL(/\/login\/verify\/password\?e=/);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Password checking (scrypt) is slow on a loaded machine.
    await expect(page.getByRole('button', { name: 'Account menu for Asha Verma' })).toBeVisible({ timeout: 30_000 });
    expect(site.output()).not.toMatch(/Error:/);
  });
});

test.describe('the header for a visitor (no library logo)', () => {
  for (const width of [320, 390, 1440]) {
    test(`shows the product name whole at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/login');
      const name = page.locator('header .product-name');
      await expect(name).toHaveText('Library Reader home');
      const box = await name.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, right: element.getBoundingClientRect().right }));
      expect(box.client).toBeGreaterThan(0);
      expect(box.scroll).toBe(box.client);
      expect(box.right).toBeLessThanOrEqual(width);
      // The link's name is the product's, for a screen reader too.
      await expect(page.getByRole('link', { name: 'Library Reader home' })).toBeVisible();
    });
  }
});

test.describe('methods and targets the site does not serve', () => {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const cases: [string, string][] = [];
  for (const target of ['/', '/login', '/magazines/BS/en', '/api/health', '/api/user/logout', '/api/catalogue/v1/magazine/1']) {
    for (const method of ['TRACE', 'PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'SEARCH', 'PURGE', 'TRACK', 'CONNECT', 'OPTIONS']) cases.push([method, target]);
  }
  cases.push(['OPTIONS', '*'], ['TRACE', '*'], ['GET', 'http://evil.example/login']);

  test('never answer 5xx, answer 405 with Allow or 400 or 404, and carry the security headers', async () => {
    for (const [method, target] of cases) {
      const answer = await rawRequest(port, method, target);
      const what = `${method} ${target} answered ${answer.status}`;
      expect(answer.status, what).toBeLessThan(500);
      expect(answer.status, what).toBeGreaterThanOrEqual(200);
      if (answer.status === 405) expect(answer.headers.allow, what).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
      if (method !== 'OPTIONS' || target === '*') expect([400, 404, 405], what).toContain(answer.status);
      expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
      expect(answer.headers['x-frame-options'], what).toBe('DENY');
      expect(answer.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['permissions-policy'], what).toContain('camera=()');
      expect(answer.headers['x-robots-tag'], what).toBe('noindex,nofollow');
      if (!target.startsWith('/api/') && answer.status !== 405 && answer.status !== 400) expect(answer.headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
      expect(answer.body, what).not.toMatch(/at [\w.<>]+ \(|TypeError|Invalid URL/);
    }
  });
});
