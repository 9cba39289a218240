import { expect, test, type Page } from '@playwright/test';
import { continueAsGuest, openLatestIssuePage } from './guest';
import { toolbarWorks } from './reader-ready';

/** The page image shown for a page number, once fetched and decoded, and the reader's keys working. */
async function expectPageLoaded(reader: Page, pageNo: number) {
  const image = reader.locator(`img[data-page="${pageNo}"]`);
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await toolbarWorks(reader);
  return image;
}

test('a guest opens an issue from its page and reads it: page 1, page 5 by keyboard, reload stays, #page/9, zoom loads a sharper image, a tampered code is refused', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await continueAsGuest(page);
  await openLatestIssuePage(page);
  const issuePage = page.url();
  const issueId = issuePage.split('/').pop();

  const [reader] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Read', exact: true }).click()]);
  await reader.setViewportSize({ width: 800, height: 900 });
  await reader.waitForURL(new RegExp(`/reader/[A-Za-z0-9._-]+/${issueId}\\?isLib=1`));
  const first = await expectPageLoaded(reader, 1);
  // Its name: the page's words, or (once its text layer is drawn, which then carries the words) page, title and issue.
  await expect(first).toHaveAttribute('alt', /^Page 1[:,] .+/);
  await expect(reader.getByRole('status')).toHaveText(/^Page 1 of \d+$/);

  // Keyboard alone: four presses of ArrowRight from the cover reach page 5 (one page a view in portrait).
  for (let i = 0; i < 4; i += 1) await reader.keyboard.press('ArrowRight');
  await expectPageLoaded(reader, 5);
  await expect(reader.getByRole('status')).toHaveText(/^Page 5 of \d+$/);
  await expect(reader).toHaveURL(/#page\/5$/);
  await reader.reload();
  await expectPageLoaded(reader, 5);
  await expect(reader.getByRole('status')).toHaveText(/^Page 5 of \d+$/);

  // A shared link to page 9 opens there.
  const base = reader.url().split('#')[0];
  await reader.goto(`${base}#page/9`);
  await reader.reload();
  await expectPageLoaded(reader, 9);
  await expect(reader.getByRole('status')).toHaveText(/^Page 9 of \d+$/);
  // Home and End go to the ends.
  await reader.keyboard.press('End');
  await expect(reader).toHaveURL(/#page\/\d+$/);
  await reader.keyboard.press('Home');
  await expect(reader).toHaveURL(/#page\/1$/);
  await reader.keyboard.press('ArrowRight');
  await reader.keyboard.press('ArrowRight');
  await expectPageLoaded(reader, 3);

  // Zooming in asks for the 2x or 3x image of the page shown.
  const sharper = reader.waitForResponse((response) => /\/api\/reader\/page\/[^/]+\/p3x[23]-/.test(response.url()) && response.status() === 200);
  await reader.getByRole('button', { name: 'Zoom in' }).click();
  await reader.getByRole('button', { name: 'Zoom in' }).click();
  await sharper;
  await expect.poll(() => reader.locator('img[data-page="3"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 600)).toBe(true);

  // A page image answers 403 once the code is altered, and the altered reader address gets the refusal screen.
  const src = await reader.locator('img[data-page="3"]').getAttribute('src');
  const code = new URL(base).pathname.split('/')[2];
  const tampered = `${code.slice(0, -3)}${code.endsWith('AAA') ? 'BBB' : 'AAA'}`;
  const refusedImage = await reader.request.get(src!.replace(code, tampered));
  expect(refusedImage.status()).toBe(403);
  const response = await reader.goto(base.replace(code, tampered));
  expect(response?.status()).toBe(403);
  expect(response?.headers()['cache-control']).toContain('no-store');
  await expect(reader.getByRole('heading', { name: 'We can’t open this issue' })).toBeVisible();
  await expect(reader.getByText('This reading link has expired or is not valid.')).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Open the issue again' })).toHaveAttribute('href', new URL(issuePage).pathname);
});

test('on a wide screen the cover stands alone and the next pages face each other', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await continueAsGuest(page);
  await openLatestIssuePage(page);
  const [reader] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Read', exact: true }).click()]);
  await reader.setViewportSize({ width: 1400, height: 900 });
  await expectPageLoaded(reader, 1);
  await expect(reader.getByRole('status')).toHaveText(/^Page 1 of \d+$/);
  await reader.getByRole('button', { name: 'Next page' }).click();
  await expectPageLoaded(reader, 2);
  await expectPageLoaded(reader, 3);
  await expect(reader.getByRole('status')).toHaveText(/^Pages 2 and 3 of \d+$/);
});

test.describe('on a screen of pixel ratio 2', () => {
  test.use({ deviceScaleFactor: 2 });

  test('the page shown and the pages read ahead come at 2x; no page is read ahead at 1x and then again at 2x', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await continueAsGuest(page);
    await openLatestIssuePage(page);
    const asked: string[] = [];
    page.context().on('request', (request) => {
      const match = /\/api\/reader\/page\/[^/]+\/p(\d+)x(\d)-/.exec(request.url());
      if (match) asked.push(`${match[1]}x${match[2]}`);
    });
    const [reader] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Read', exact: true }).click()]);
    const first = await expectPageLoaded(reader, 1);
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => (img.currentSrc ? new URL(img.currentSrc).pathname : ''))).toMatch(/\/p1x2-/);
    await expect.poll(() => asked.filter((a) => a === '2x2' || a === '3x2').length).toBe(2);
    expect(asked.filter((a) => a === '2x1' || a === '3x1')).toEqual([]);
  });
});

test('no stylesheet holds the first paint: the fonts’ rules are written into the page, and the font files they name are served', async ({ page, request }) => {
  const response = await page.goto('/');
  const html = await response!.text();
  expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
  const rules = await page.locator('style[data-n-href]').allTextContents();
  const fonts = [...rules.join('\n').matchAll(/url\(([^)]+\.woff2)\)/g)].map((m) => m[1].replace(/["']/g, ''));
  expect(fonts.length).toBeGreaterThanOrEqual(12);
  for (const font of fonts.slice(0, 3)) {
    expect(font).toMatch(/^\/_next\/static\/media\//);
    const file = await request.get(font);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 4).toString('latin1')).toBe('wOF2');
  }
});

test('the reader’s first page comes before its scripts: the picture is asked for from the headers, no script is asked for before it has arrived, and then the reader works', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await continueAsGuest(page);
  await openLatestIssuePage(page);
  const [reader] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Read', exact: true }).click()]);
  await reader.setViewportSize({ width: 800, height: 900 });
  await expectPageLoaded(reader, 1);
  // The scripts have run: the keyboard turns the page.
  await reader.keyboard.press('ArrowRight');
  await expect(reader.getByRole('status')).toHaveText(/^Page 2 of \d+$/);
  const { picture, scripts } = await reader.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const first = entries.find((entry) => /\/api\/reader\/page\/[^/]+\/p1x1-/.test(entry.name));
    return {
      picture: first ? { asked: first.startTime, received: first.responseEnd } : null,
      scripts: entries.filter((entry) => /\/_next\/static\/.+\.js$/.test(entry.name)).map((entry) => ({ name: entry.name, asked: entry.startTime })),
    };
  });
  expect(picture).not.toBeNull();
  expect(scripts.length).toBeGreaterThanOrEqual(5);
  for (const script of scripts) expect(script.asked).toBeGreaterThanOrEqual(picture!.received);
  // The HTML holds its scripts as placeholders, and its response names the picture in a Link header.
  const response = await reader.reload();
  expect(response!.headers().link).toMatch(/^<\/api\/reader\/page\/[^>]+\/p\d+x1-[^>]+>; rel=preload; as=image; fetchpriority=high$/);
  expect(await response!.text()).not.toMatch(/<script[^>]*\ssrc=/);
});
