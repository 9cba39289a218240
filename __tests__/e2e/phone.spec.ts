import { expect, test, type Page } from '@playwright/test';
import { continueAsGuest, openLatestIssuePage } from './guest';
import { toolbarWorks } from './reader-ready';

/**
 * What a member meets on a phone, measured in the browser at 375px (and the search box at 320px too): the favourite
 * heart leaves a cover's masthead alone, the reader's toolbar is one row and the page has the rest of the screen,
 * the search placeholder is readable whole, the overlay's rows share one edge, and the fixed languages' scripts
 * render in a real font (a browser without those fonts shows empty boxes otherwise).
 */

const PHONE = { width: 375, height: 667 };
/** A story with a stored Hindi translation (see stories.spec.ts); its language list names every fixed language. */
const HINDI_STORY = '/stories/travel/national-geographic-traveller/100205/the-people-behind-night-trains?lang=hi';

test.use({ viewport: PHONE });

test('a magazine card’s heart sits below the top quarter of its cover, a 44px target still named for its title', async ({ page }) => {
  await continueAsGuest(page);
  for (const path of ['/magazines/BS/en', '/']) {
    await page.goto(path);
    const hearts = page.getByRole('button', { name: /^Favourite / });
    await expect(hearts.first()).toBeEnabled();
    await expect(hearts.first()).toHaveAttribute('aria-pressed', /^(true|false)$/);
    const boxes = await hearts.evaluateAll((buttons) =>
      buttons.slice(0, 8).map((button) => {
        const cover = button.closest('li')?.querySelector('a img');
        const heart = button.getBoundingClientRect();
        const image = cover!.getBoundingClientRect();
        return { name: button.getAttribute('aria-label'), alt: cover!.getAttribute('alt'), heart: { top: heart.top, bottom: heart.bottom, left: heart.left, right: heart.right, width: heart.width, height: heart.height }, cover: { top: image.top, bottom: image.bottom, left: image.left, right: image.right, height: image.height } };
      }),
    );
    expect(boxes.length).toBeGreaterThan(0);
    for (const { name, alt, heart, cover } of boxes) {
      expect(name, path).toBe(`Favourite ${alt}`);
      expect(heart.width, `${path} ${name}`).toBeGreaterThanOrEqual(44);
      expect(heart.height, `${path} ${name}`).toBeGreaterThanOrEqual(44);
      // Over the cover, and clear of its top quarter, where a masthead is.
      expect(heart.top, `${path} ${name}`).toBeGreaterThanOrEqual(cover.top + cover.height / 4);
      expect(heart.bottom, `${path} ${name}`).toBeLessThanOrEqual(cover.bottom + 0.5);
      expect(heart.left, `${path} ${name}`).toBeGreaterThanOrEqual(cover.left - 0.5);
      expect(heart.right, `${path} ${name}`).toBeLessThanOrEqual(cover.right + 0.5);
    }
  }
});

test('moving focus back up a listing never leaves the focused cover under the sticky header (WCAG 2.2 focus not obscured)', async ({ page }) => {
  await continueAsGuest(page);
  await page.goto('/magazines/BS/en');
  const covers = page.getByRole('list', { name: 'Most Popular' }).locator('a.cover');
  await expect(covers.nth(11)).toBeVisible();
  await covers.nth(11).focus();
  await page.evaluate(() => window.scrollBy(0, window.innerHeight));
  const headerBottom = (await page.getByRole('banner').boundingBox())!.height;
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Shift+Tab');
    const top = await page.evaluate(() => document.activeElement!.getBoundingClientRect().top);
    expect(top, await page.evaluate(() => document.activeElement!.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(headerBottom);
  }
});

test('the reader’s toolbar is one row of at most 56px and the page fills the rest of the screen without bands; zoom and fit, and the text tools, are in menus the keyboard reaches', async ({ page }) => {
  await continueAsGuest(page);
  await openLatestIssuePage(page);
  const [reader] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Read', exact: true }).click()]);
  await reader.setViewportSize(PHONE);
  // A new guest opens at the cover, with nothing to go back to.
  const image = reader.locator('img[data-page="1"]');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await toolbarWorks(reader);

  const toolbar = reader.getByRole('toolbar', { name: 'Reader' });
  const bar = (await toolbar.boundingBox())!;
  expect(bar.height).toBeLessThanOrEqual(56);
  for (const name of ['Next page', 'Pages', 'Zoom and fit', 'Text tools', 'Bookmarks and clippings']) {
    const button = (await toolbar.getByRole('button', { name }).boundingBox())!;
    expect(button.y + button.height / 2, name).toBeGreaterThan(bar.y);
    expect(button.y + button.height / 2, name).toBeLessThan(bar.y + bar.height);
  }

  const layout = await image.evaluate((img: HTMLImageElement) => {
    const stage = img.closest('[data-zoom]')!.getBoundingClientRect();
    const box = img.getBoundingClientRect();
    return { stage: { top: stage.top, bottom: stage.bottom, left: stage.left, right: stage.right, width: stage.width, height: stage.height }, box: { top: box.top, bottom: box.bottom, left: box.left, right: box.right, width: box.width, height: box.height }, shape: img.naturalWidth / img.naturalHeight, viewport: window.innerHeight };
  });
  // The stage is everything below the toolbar.
  expect(layout.stage.top).toBeCloseTo(bar.y + bar.height, 0);
  expect(layout.stage.bottom).toBeCloseTo(layout.viewport, 0);
  // The picture is the image's whole box (no letterbox bands inside it), as wide as the screen in portrait.
  expect(layout.box.width / layout.box.height).toBeCloseTo(layout.shape, 2);
  expect(layout.box.width).toBeCloseTo(layout.stage.width, 0);
  expect(layout.box.top).toBeGreaterThanOrEqual(layout.stage.top - 0.5);
  expect(layout.box.bottom).toBeLessThanOrEqual(layout.stage.bottom + 0.5);
  // Centred: what the page's shape leaves of the height is shared evenly above and below it.
  expect(layout.box.top - layout.stage.top).toBeCloseTo(layout.stage.bottom - layout.box.bottom, 0);

  // The keyboard path: Next, Pages, then the menu's button; Enter opens it, Tab reaches its items, Escape closes it.
  await toolbar.getByRole('button', { name: 'Next page' }).focus();
  await reader.keyboard.press('Tab');
  await expect(toolbar.getByRole('button', { name: 'Pages' })).toBeFocused();
  await reader.keyboard.press('Tab');
  const menuButton = toolbar.getByRole('button', { name: 'Zoom and fit' });
  await expect(menuButton).toBeFocused();
  expect(await menuButton.evaluate((button) => getComputedStyle(button).outlineStyle)).not.toBe('none');
  await expect(toolbar.getByRole('button', { name: 'Zoom in' })).toBeHidden();
  await reader.keyboard.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await reader.keyboard.press('Tab');
  await expect(toolbar.getByRole('button', { name: 'Fit width' })).toBeFocused();
  await reader.keyboard.press('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton).toBeFocused();
  await expect(toolbar.getByRole('button', { name: 'Fit width' })).toBeHidden();

  // The text tools: the next button, a menu of their own with the same keyboard path.
  await reader.keyboard.press('Tab');
  const textButton = toolbar.getByRole('button', { name: 'Text tools' });
  await expect(textButton).toBeFocused();
  await expect(textButton).toHaveAttribute('aria-controls', 'reader-text-tools');
  const textTools = toolbar.getByRole('group', { name: 'Text tools' });
  await expect(textTools).toBeHidden();
  await reader.keyboard.press('Enter');
  await expect(textButton).toHaveAttribute('aria-expanded', 'true');
  await expect(textTools.getByRole('button')).toHaveText(['Text', 'Find', 'Read aloud']);
  await reader.keyboard.press('Tab');
  await expect(textTools.getByRole('button', { name: 'Text', exact: true })).toBeFocused();
  await reader.keyboard.press('Escape');
  await expect(textButton).toHaveAttribute('aria-expanded', 'false');
  await expect(textButton).toBeFocused();
  // Choosing one closes the menu: the text view, its settings button added to the menu, focus back on the button.
  await reader.keyboard.press('Enter');
  await reader.keyboard.press('Tab');
  await reader.keyboard.press('Enter');
  await expect(reader.getByLabel('Text view')).toBeVisible();
  await expect(textTools).toBeHidden();
  await expect(textButton).toBeFocused();
  expect((await toolbar.boundingBox())!.height).toBeLessThanOrEqual(56);
  await textButton.click();
  await expect(textTools.getByRole('button')).toHaveText(['Text', 'Aa Text settings', 'Find', 'Read aloud']);
  await textTools.getByRole('button', { name: 'Text', exact: true }).click();
  await expect(reader.getByLabel('Text view')).toBeHidden();

  // Zoom from the menu; a press outside closes it.
  await menuButton.click();
  await toolbar.getByRole('button', { name: 'Zoom in' }).click();
  await expect(reader.locator('[data-zoom]')).toHaveAttribute('data-zoom', '1.50');
  await reader.getByRole('heading', { level: 1 }).click();
  await expect(toolbar.getByRole('button', { name: 'Zoom in' })).toBeHidden();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
});

/** The placeholder as it is painted: the input's own (one line) and the element drawn over it, each checked to fit. */
async function placeholderFit(page: Page) {
  return page.getByRole('dialog', { name: 'Search' }).getByRole('searchbox').evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const own = getComputedStyle(input, '::placeholder');
    const content = input.getBoundingClientRect();
    const room = {
      left: content.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
      right: content.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight),
      top: content.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop),
      bottom: content.bottom - parseFloat(style.borderBottomWidth) - parseFloat(style.paddingBottom),
    };
    const ownPainted = !/rgba\(.*,\s*0\)$|transparent/.test(own.color);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = own.font || style.font;
    const ownWidth = context.measureText(input.placeholder).width;
    const hint = input.parentElement?.querySelector<HTMLElement>('[data-placeholder]');
    const hintPainted = Boolean(hint && getComputedStyle(hint).display !== 'none' && getComputedStyle(hint).visibility !== 'hidden');
    let hintLines: DOMRect[] = [];
    if (hint && hintPainted) {
      const range = document.createRange();
      range.selectNodeContents(hint);
      hintLines = [...range.getClientRects()];
    }
    const inside = (line: DOMRect) => line.left >= room.left - 0.5 && line.right <= room.right + 0.5 && line.top >= room.top - 0.5 && line.bottom <= room.bottom + 0.5;
    return {
      placeholder: input.placeholder,
      own: { painted: ownPainted, fits: ownWidth <= room.right - room.left, width: ownWidth, room: room.right - room.left },
      hint: { painted: hintPainted, text: hint?.textContent ?? null, lines: new Set(hintLines.map((line) => Math.round(line.top))).size, fits: hintLines.length > 0 && hintLines.every(inside) },
    };
  });
}

for (const width of [375, 320]) {
  test(`at ${width}px the search placeholder is readable whole, and the overlay’s rows start at one left edge`, async ({ page }) => {
    await page.setViewportSize({ width, height: PHONE.height });
    await continueAsGuest(page);
    await page.getByRole('button', { name: 'Search' }).click();
    const overlay = page.getByRole('dialog', { name: 'Search' });
    await expect(overlay.getByRole('heading', { name: 'Popular Categories' })).toBeVisible();

    const fit = await placeholderFit(page);
    expect(fit.placeholder).toBe('Search Magazines, newspapers, journals');
    expect(fit.own.painted || fit.hint.painted).toBe(true);
    if (fit.own.painted) expect(fit.own, 'the input’s own placeholder').toMatchObject({ fits: true });
    if (fit.hint.painted) expect(fit.hint).toMatchObject({ text: fit.placeholder, fits: true });

    // Every heading and every row's first item share one left edge.
    const lefts = await overlay.evaluate((dialog) => {
      const body = dialog.querySelector('[data-scroll-area]')!;
      const firsts = [...body.querySelectorAll('h2'), ...[...body.querySelectorAll('ul')].map((list) => list.querySelector('li')).filter((item) => item !== null)];
      return firsts.map((element) => ({ what: element.textContent?.slice(0, 30), left: Math.round(element.getBoundingClientRect().left) }));
    });
    expect(lefts.length).toBeGreaterThanOrEqual(4);
    expect(new Set(lefts.map((row) => row.left)), JSON.stringify(lefts)).toHaveProperty('size', 1);

    // Typing hides the placeholder; the box keeps its name.
    await overlay.getByRole('searchbox').fill('sleep');
    expect((await placeholderFit(page)).hint.painted).toBe(false);
    await expect(overlay.getByRole('searchbox', { name: fit.placeholder })).toHaveValue('sleep');
  });
}

const SCRIPTS = [
  { language: 'Bengali', face: 'Noto Sans Bengali' },
  { language: 'Gujarati', face: 'Noto Sans Gujarati' },
  { language: 'Hindi', face: 'Noto Sans Devanagari' },
  { language: 'Malayalam', face: 'Noto Sans Malayalam' },
  { language: 'Tamil', face: 'Noto Sans Tamil' },
  { language: 'Telugu', face: 'Noto Sans Telugu' },
];

test('the Hindi story page names its languages in their own scripts with Noto faces, which a Latin page never downloads', async ({ page }) => {
  await continueAsGuest(page);
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (/\/noto-sans-[a-z]+-[a-z]+-\d00-normal\.[^/]+\.woff2$/.test(request.url())) fonts.push(request.url());
  });
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fonts).toEqual([]);

  await page.goto(HINDI_STORY);
  await expect(page.locator('article[lang="hi"]')).toBeVisible();
  const languages = page.getByRole('navigation', { name: 'Read in another language' });
  await expect(languages.getByRole('link', { name: /Hindi/ })).toBeVisible();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  for (const { language, face } of SCRIPTS) {
    const link = languages.getByRole('link', { name: new RegExp(`\\(${language}\\)`) });
    await expect(link).not.toHaveText(new RegExp(`^${language}`));
    const marker = `font-${language}`;
    await link.evaluate((element, id) => element.setAttribute('data-font-probe', id), marker);
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `[data-font-probe="${marker}"]` });
    // Until the face has loaded (font-display: swap), the text is drawn in whatever the platform has.
    const glyphsIn = async () => {
      const { fonts: used } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      return used;
    };
    await expect.poll(async () => (await glyphsIn()).find((font) => font.familyName === face)?.glyphCount ?? 0, language).toBeGreaterThanOrEqual(2);
  }
  await cdp.detach();
  expect(fonts.some((url) => url.includes('noto-sans-devanagari-devanagari-400'))).toBe(true);
});
