import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { continueAsGuest, openLatestIssuePage } from './guest';

/**
 * Offline issues (issue 32), in Chromium: the site meets the install criteria (a linked, valid manifest with 192 and
 * 512 px icons; a service worker registered and controlling the page; Chromium's own installability check); a member
 * downloads an issue from its page, goes offline and reads pages 1 to 3 and the text view; logging out removes the
 * download; a download 7 days old is refused offline (the reader, by the page's clock moved on with Playwright's
 * clock), and the service worker refuses the files of one whose end has passed.
 */

// Portrait: one page at a time, so pages 1, 2 and 3 are each turned to.
test.use({ viewport: { width: 800, height: 1000 } });

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Waits for the service worker to be active and in control of the page. A page whose load began while the worker was
 * still installing stays outside it (the worker claims the pages open when it activates, not one loading then), as
 * in any browser: the next load is inside, so the page is loaded again.
 */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, { timeout: 30_000 });
}

/** Signs in as a guest and opens the latest issue's page (or opens the page given), and downloads it; answers the issue's id. */
async function downloadLatestIssue(page: Page, issuePage?: string): Promise<number> {
  if (issuePage) await page.goto(issuePage);
  else {
    await continueAsGuest(page);
    await controlled(page);
    await openLatestIssuePage(page);
  }
  const issueId = Number(/\/magazine\/\d+\/(\d+)$/.exec(page.url())?.[1]);
  expect(issueId).toBeGreaterThan(0);
  const section = page.getByRole('region', { name: 'Offline reading' });
  await expect(section.getByText(/This browser grants the site [\d.]+ [KMGT]?B of storage/)).toBeVisible();
  await section.getByRole('button', { name: 'Download for offline reading' }).click();
  await expect(section.getByRole('status')).toHaveText(/^Downloaded: \d+ pages, [\d.]+ [KM]?B\. You can read this issue with no connection\.$/, { timeout: 30_000 });
  await expect(section.getByText(/^Downloaded: [\d.]+ [KM]?B, readable offline until /)).toBeVisible();
  return issueId;
}

/** No connection for the page and its service worker (the walk checks the worker's own requests fail too). */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
}

async function pageShown(page: Page, n: number): Promise<void> {
  const image = page.locator(`img[data-page="${n}"]`);
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

async function storedFiles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const files: string[] = [];
    for (const name of names.filter((n) => n.startsWith('offline-issues'))) {
      for (const request of await (await caches.open(name)).keys()) files.push(new URL(request.url).pathname);
    }
    return files;
  });
}

test('the site meets the install criteria: a linked, valid manifest with its icons, and a service worker that controls the page', async ({ playwright, baseURL }) => {
  // A profile of its own: Chromium never offers to install from an off-the-record context (Playwright's usual kind).
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    baseURL,
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  });
  try {
    await installCriteria(context);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

async function installCriteria(context: BrowserContext): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as { name: string; short_name: string; start_url: string; scope: string; display: string; icons: Array<{ src: string; sizes: string; type: string; purpose: string }> };
  expect(manifest).toMatchObject({ name: 'Library Reader', short_name: 'Library Reader', start_url: '/', scope: '/', display: 'standalone' });
  for (const size of [192, 512]) expect(manifest.icons.some((icon) => icon.sizes === `${size}x${size}` && icon.type === 'image/png' && icon.purpose.split(' ').includes('any'))).toBe(true);
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status()).toBe(200);
    const meta = await sharp(await file.body()).metadata();
    expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    expect(meta.format).toBe('png');
  }

  await controlled(page);
  const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
  expect(new URL(worker).pathname).toBe('/sw.js');
  // Chromium's own check of what its install prompt asks.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
  expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
}

test('a member downloads an issue, reads pages 1 to 3 and the text view with no connection, and logging out removes it', async ({ page, context }) => {
  test.setTimeout(120_000);
  const issueId = await downloadLatestIssue(page);
  const stored = await storedFiles(page);
  expect(stored).toEqual(expect.arrayContaining([`/offline-store/${issueId}/page/1`, `/offline-store/${issueId}/text/1`, `/offline-store/${issueId}/page/3`]));

  await goOffline(context);
  expect(await page.evaluate(() => fetch('/api/health').then(() => 'online', () => 'offline'))).toBe('offline');
  // Any page with no connection: the offline screen in its place, listing the download with its size.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  const listed = page.getByRole('list', { name: 'Downloaded issues' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(/\d+ pages · [\d.]+ [KM]?B · readable offline until /);
  await listed.getByRole('link', { name: /^Read .* offline$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/offline\\?issue=${issueId}#page/1$`));
  await pageShown(page, 1);
  await page.getByRole('button', { name: 'Next page' }).click();
  await pageShown(page, 2);
  await expect(page).toHaveURL(/#page\/2$/);
  await page.getByRole('button', { name: 'Next page' }).click();
  await pageShown(page, 3);
  await expect(page).toHaveURL(/#page\/3$/);
  // The text view of page 3, from the stored text: the words the page carries, as its picture's text alternative or,
  // once its text layer is drawn (the picture then named by page and title), as that layer.
  const alt = (await page.locator('img[data-page="3"]').getAttribute('alt')) ?? '';
  const layer = (await page.locator('svg[data-text-layer="3"] text').allTextContents()).join(' ');
  const carried = alt.startsWith('Page 3: ') ? alt : `Page 3: ${layer}`;
  // On a narrow screen the text tools sit behind the Text tools button.
  const textTools = page.getByRole('button', { name: 'Text tools' });
  if (await textTools.isVisible()) await textTools.click();
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  const text = page.getByRole('region', { name: 'Page 3' });
  await expect(text).toBeVisible();
  await expect(text.getByText(/could not be loaded|Loading the text/)).toHaveCount(0);
  const shown = ((await text.textContent()) ?? '').replace(/\s+/g, ' ');
  const words = carried.replace(/^Page 3: /, '').split(/\s+/).filter(Boolean).slice(0, 12);
  expect(words.length).toBe(12);
  for (const word of words) expect(shown).toContain(word);

  await context.setOffline(false);
  await page.goto('/dashboard');
  const row = page.getByRole('list', { name: 'Downloaded issues' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedFiles(page)).toEqual([]);
  await goOffline(context);
  await page.goto(`/offline?issue=${issueId}`);
  await expect(page.getByRole('heading', { name: 'This issue is not downloaded' })).toBeVisible();
  await context.setOffline(false);
});

test('a download not renewed for 7 days is refused offline, and the service worker refuses the pages of an expired one', async ({ page, context }) => {
  test.setTimeout(150_000);
  await page.clock.install();
  const issueId = await downloadLatestIssue(page);
  const issuePage = new URL(page.url()).pathname;

  await goOffline(context);
  await page.goto(`/offline?issue=${issueId}`);
  await pageShown(page, 1);
  // Eight days on, with no connection to renew it.
  await page.clock.setSystemTime(Date.now() + 8 * DAY_MS);
  await page.goto(`/offline?issue=${issueId}`);
  await expect(page.getByRole('heading', { name: 'This download has expired' })).toBeVisible();
  await expect(page.locator('img[data-page]')).toHaveCount(0);
  expect(await storedFiles(page)).toEqual([]);
  await page.goto('/offline');
  await expect(page.getByText('No issues downloaded.')).toBeVisible();

  // The service worker keeps its own clock (Playwright's does not reach it): a record whose end has passed, as the
  // server set it, is refused by the worker itself, and its files go.
  await page.clock.setSystemTime(Date.now());
  await context.setOffline(false);
  const again = await downloadLatestIssue(page, issuePage);
  await goOffline(context);
  const answer = await page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('offline-issues', 1);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('issues', 'readwrite');
      const store = tx.objectStore('issues');
      const get = store.get(id);
      get.onsuccess = () => store.put({ ...get.result, expiresAt: 1 });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    const response = await fetch(`/offline-store/${id}/page/1`);
    return { status: response.status, body: (await response.json()) as { message: string } };
  }, again);
  expect(answer.status).toBe(410);
  expect(answer.body.message).toMatch(/^This download has expired/);
  await expect.poll(() => storedFiles(page)).toEqual([]);
  await context.setOffline(false);
});

test('a download that would not fit in the storage the browser grants is refused before it starts, with words that say so', async ({ page }) => {
  test.setTimeout(120_000);
  // A browser granting 200 KB, 50 KB of it in use: less than any issue's pages and texts.
  await page.addInitScript(() => {
    const estimate = () => Promise.resolve({ quota: 200 * 1024, usage: 50 * 1024 });
    Object.defineProperty(navigator.storage, 'estimate', { value: estimate, configurable: true });
  });
  const pageFiles: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/reader/text' || pathname.startsWith('/api/reader/page/')) pageFiles.push(pathname);
  });
  await continueAsGuest(page);
  await controlled(page);
  await openLatestIssuePage(page);
  const section = page.getByRole('region', { name: 'Offline reading' });
  await expect(section.getByText('This browser grants the site 200 KB of storage; 50 KB is in use.')).toBeVisible();
  pageFiles.length = 0;
  await section.getByRole('button', { name: 'Download for offline reading' }).click();
  await expect(section.getByRole('alert')).toHaveText('There is not enough room in this browser’s storage for this issue. Remove a downloaded issue and try again.');
  // Nothing fetched for the download's pages, nothing stored, and the button is there to try again.
  expect(pageFiles).toEqual([]);
  expect(await storedFiles(page)).toEqual([]);
  await expect(section.getByRole('button', { name: 'Download for offline reading' })).toBeEnabled();
  await page.goto('/dashboard');
  await expect(page.getByText('No issues downloaded.')).toBeVisible();
});

test('a member removes a download at will: from the issue’s page, and from the list on the dashboard', async ({ page, context }) => {
  test.setTimeout(150_000);
  const issueId = await downloadLatestIssue(page);
  const issuePage = new URL(page.url()).pathname;
  const section = page.getByRole('region', { name: 'Offline reading' });
  await section.getByRole('button', { name: 'Remove download' }).click();
  await expect(section.getByRole('status')).toHaveText('The download was removed.');
  await expect(section.getByRole('button', { name: 'Download for offline reading' })).toBeVisible();
  expect(await storedFiles(page)).toEqual([]);

  await downloadLatestIssue(page, issuePage);
  await page.goto('/dashboard');
  const row = page.getByRole('list', { name: 'Downloaded issues' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Removed / })).toBeVisible();
  await expect(page.getByText('No issues downloaded.')).toBeVisible();
  expect(await storedFiles(page)).toEqual([]);
  // Gone for the offline reader too.
  await goOffline(context);
  await page.goto(`/offline?issue=${issueId}`);
  await expect(page.getByRole('heading', { name: 'This issue is not downloaded' })).toBeVisible();
  await context.setOffline(false);
});
