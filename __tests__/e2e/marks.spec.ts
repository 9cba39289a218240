import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { toolbarWorks } from './reader-ready';
import { continueAsGuest, openLatestIssuePage } from './guest';

/**
 * Bookmarks and clippings (issue 31), at a desktop's width and a phone's: a member bookmarks a page in the reader with
 * the keyboard alone, finds it in My Bookmarks, opens it at its page and deletes it; clips a region with the keyboard
 * (the region moved with arrow keys and typed in percent), sees its picture and text, and finds it in My Clippings.
 * axe checks the dashboard pages with items and the reader with the clip dialog open.
 */

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

/** Presses Tab until the focused element's name (its aria-label, its label's text, else its text) matches; fails after 40. */
async function tabTo(page: Page, name: RegExp): Promise<string> {
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      if (!el || el === document.body) return '';
      return (el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent ?? '').trim();
    });
    if (name.test(focused)) return focused;
  }
  throw new Error(`Tab never reached ${name}`);
}

async function openReader(page: Page): Promise<Page> {
  await openLatestIssuePage(page);
  const [reader] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Read', exact: true }).click()]);
  await reader.waitForURL(/\/reader\/[^/]+\/\d+\?isLib=1/);
  await expect(reader.getByRole('button', { name: 'Bookmarks and clippings' })).toBeVisible();
  await toolbarWorks(reader);
  return reader;
}

/** On a phone, Bookmark and Clip sit in the Marks panel: opened with the keyboard first. */
async function reachTools(reader: Page, phone: boolean) {
  if (!phone) return;
  await reader.locator('body').focus();
  await tabTo(reader, /^Bookmarks and clippings$/);
  await reader.keyboard.press('Enter');
  await expect(reader.getByRole('region', { name: 'Bookmarks and clippings' })).toBeVisible();
}

for (const size of SIZES) {
  test.describe(`${size.name} (${size.width}px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    const phone = size.width < 768;

    test('a member bookmarks a page from the reader with the keyboard alone, finds it in My Bookmarks, opens it there and deletes it', async ({ page }) => {
      test.setTimeout(120_000);
      await continueAsGuest(page);
      const reader = await openReader(page);
      // Two pages on with the arrow key, then Tab to Bookmark and press it.
      await reader.keyboard.press('ArrowRight');
      await reader.keyboard.press('ArrowRight');
      await expect(reader).toHaveURL(/#page\/[3-9]$/);
      await reachTools(reader, phone);
      if (!phone) await reader.locator('body').focus();
      const label = await tabTo(reader, /^Bookmark page \d+$/);
      const pageNo = Number(/\d+/.exec(label)![0]);
      await reader.keyboard.press('Enter');
      const bookmark = reader.getByRole('button', { name: `Bookmark page ${pageNo}`, exact: true });
      await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
      await expect(reader.getByText(`Page ${pageNo} bookmarked`)).toBeAttached();
      // The reader's panel lists it.
      if (!phone) await reader.getByRole('button', { name: 'Bookmarks and clippings' }).press('Enter');
      await expect(reader.getByRole('region', { name: 'Bookmarks and clippings' }).getByRole('button', { name: `Page ${pageNo} (page ${pageNo})` })).toBeVisible();
      await reader.close();

      // The account menu leads to My Bookmarks.
      await page.goto('/');
      await page.getByRole('button', { name: /profile|account/i }).first().click();
      await page.getByRole('link', { name: 'My Bookmarks' }).first().click();
      await expect(page).toHaveURL(/\/dashboard\/myBookmarks$/);
      await expect(page.getByRole('heading', { level: 1, name: 'My Bookmarks' })).toBeVisible();
      const list = page.getByRole('list', { name: 'Your bookmarks' });
      await expect(list.getByRole('heading', { name: `Page ${pageNo}` })).toBeVisible();
      await expect(list).toContainText(`page ${pageNo}`);
      expect(await axeViolations(page)).toEqual([]);

      // Open it at its page, from the keyboard.
      await page.locator('body').focus();
      await tabTo(page, new RegExp(`^Open page ${pageNo} of Page ${pageNo}$`));
      const [opened] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
      await opened.waitForURL(new RegExp(`#page/${pageNo}$`));
      await expect(opened.locator(`img[data-page="${pageNo}"]`)).toBeVisible();
      await opened.close();

      // Delete it, from the keyboard.
      await page.locator('body').focus();
      await tabTo(page, new RegExp(`^Delete bookmark Page ${pageNo}$`));
      await page.keyboard.press('Enter');
      await expect(page.getByText(`Deleted Page ${pageNo}.`)).toBeVisible();
      await expect(page.getByText('No bookmarks yet.')).toBeVisible();
      await page.reload();
      await expect(page.getByText('No bookmarks yet.')).toBeVisible();
    });

    test('a member clips a region with the keyboard, sees its picture and text, and finds it in My Clippings', async ({ page }) => {
      test.setTimeout(120_000);
      await continueAsGuest(page);
      const reader = await openReader(page);
      await reachTools(reader, phone);
      if (!phone) await reader.locator('body').focus();
      const label = await tabTo(reader, /^Clip a region of page \d+$/);
      const pageNo = Number(/\d+/.exec(label)![0]);
      await reader.keyboard.press('Enter');
      const dialog = reader.getByRole('dialog', { name: `Clip a region of page ${pageNo}` });
      await expect(dialog).toBeVisible();
      expect(await axeViolations(reader)).toEqual([]);

      // The region: moved 5% right with the arrow key, made 10% taller with Shift, then its left edge typed.
      const region = dialog.getByRole('group', { name: /^Region:/ });
      await tabTo(reader, /^Region:/);
      for (let i = 0; i < 5; i += 1) await reader.keyboard.press('ArrowRight');
      for (let i = 0; i < 10; i += 1) await reader.keyboard.press('Shift+ArrowDown');
      await expect(region).toHaveAttribute('aria-label', 'Region: 15% from the left, 10% from the top, 80% wide, 40% high');
      await reader.keyboard.press('Tab');
      await reader.keyboard.press('Control+A');
      await reader.keyboard.type('5');
      await expect(region).toHaveAttribute('aria-label', 'Region: 5% from the left, 10% from the top, 80% wide, 40% high');
      await tabTo(reader, /^Name \(optional\)$/);
      await reader.keyboard.type('Opening lines');
      await tabTo(reader, /^Save clipping$/);
      await reader.keyboard.press('Enter');

      await expect(dialog.getByText('Saved “Opening lines”. It is in My Clippings.')).toBeVisible();
      const picture = dialog.getByRole('img', { name: /^Picture of the clipped region: Opening lines$/ });
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      // 80% by 40% of the page: wider than tall, as the page is taller than wide by 1.3.
      const shape = await picture.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight);
      expect(shape).toBeGreaterThan(1.3);
      expect(shape).toBeLessThan(1.7);
      const text = (await dialog.locator('.clipping-text').textContent()) ?? '';
      expect(text.split(/\s+/).length).toBeGreaterThan(5);
      await tabTo(reader, /^Done$/);
      await reader.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await reader.close();

      await page.goto('/dashboard/myClippings');
      const list = page.getByRole('list', { name: 'Your clippings' });
      await expect(list.getByRole('heading', { name: 'Opening lines' })).toBeVisible();
      const shown = list.getByRole('img', { name: /^Picture of the clipped region: Opening lines$/ });
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(list.locator('.clipping-text')).toHaveText(text);
      // Shared: the link it gives opens the clipping for this member of the library.
      await list.getByRole('button', { name: 'Share clipping Opening lines' }).click();
      const link = await list.getByLabel('Share link (opens for members of your library)').inputValue();
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Opening lines' })).toBeVisible();
      await expect(page.locator('.clipping-text')).toHaveText(text);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
