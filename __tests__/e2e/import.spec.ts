import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { writeDemoPdfs } from '../../scripts/demo-pdfs';
import { continueAsGuest } from './guest';
import { toolbarWorks } from './reader-ready';

/**
 * The operator's two commands against the running e2e site (its embedded database found through
 * .data/e2e/embedded-db.json, its media folder beside it), then what a member does with what came in.
 */
test.beforeAll(async () => {
  test.setTimeout(300_000);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pdfs-'));
  await writeDemoPdfs(folder);
  // As the operator runs it: no DATABASE_URL or MEDIA_DIR, only the site's data folder.
  const environment: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '.data/e2e' };
  delete environment.DATABASE_URL;
  delete environment.MEDIA_DIR;
  const run = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', folder], {
      env: environment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
  expect(run.output).toContain("Database: the running site's embedded database");
  expect(run.output).toMatch(/Summary: \d+ imported, \d+ updated, \d+ unchanged, 0 failed/);
  expect(run.code).toBe(0);
});

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('a member finds an imported issue by a word inside it, reads page 2, and opens one of its stories', async ({ page }) => {
  await continueAsGuest(page);
  await page.getByRole('button', { name: 'Search' }).click();
  const overlay = page.getByRole('dialog', { name: 'Search' });
  // 'marmalade' is printed on page 5 of the imported Riverside Review of 14 May 2026, and nowhere in the demo seed.
  await overlay.getByRole('searchbox').fill('marmalade');
  const tile = overlay.getByRole('article').first();
  await expect(tile).toContainText('Riverside Review');
  await expect(tile.getByRole('button', { name: 'Page 5', exact: true })).toBeVisible();

  const [reader] = await Promise.all([page.waitForEvent('popup'), tile.getByRole('button', { name: /^Read More/ }).click()]);
  // Portrait, one page a view (wider, pages face each other).
  await reader.setViewportSize({ width: 800, height: 900 });
  // Opened from a search, the reader is told the words, and marks them.
  await expect.poll(() => reader.url()).toMatch(/\/reader\/[^/]+\/\d+\?isLib=1&hl=marmalade#page\/5$/);
  await expect(reader.getByRole('status')).toHaveText('Page 5 of 8');
  await toolbarWorks(reader);
  await reader.keyboard.press('Home');
  await reader.keyboard.press('ArrowRight');
  await expect(reader).toHaveURL(/#page\/2$/);
  await expect(reader.getByRole('status')).toHaveText('Page 2 of 8');
  const second = reader.locator('img[data-page="2"]');
  await expect(second).toBeVisible();
  // Page 2 is the PDF's page, drawn at import: its words come in the text layer laid over it (loaded after the
  // picture, so the alternative is the page's text until then and its short name after), and the image has the
  // page's shape.
  const layer = reader.locator('svg[data-text-layer="2"]');
  await expect(layer).toHaveAttribute('aria-label', 'Text of page 2');
  await expect.poll(async () => (await layer.locator('text').allTextContents()).join(' ')).toMatch(/The Lighthouse Keepers\s+Lanterns and foghorns appear on page 2\./);
  await expect(second).toHaveAttribute('alt', 'Page 2, Riverside Review · 14 May 2026');
  await expect.poll(() => second.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && Math.abs(img.naturalHeight / img.naturalWidth - 842 / 595) < 0.01)).toBe(true);
  await reader.close();

  await overlay.getByRole('tab', { name: 'Stories' }).click();
  await overlay.getByRole('searchbox').fill('kingfishers');
  const story = overlay.getByRole('link', { name: /Floating Market Mornings/ }).first();
  await expect(story).toBeVisible();
  await story.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Floating Market Mornings' })).toBeVisible();
  await expect(page.getByText(/Kingfishers and marmalade appear on page 5\./)).toBeVisible();
});
