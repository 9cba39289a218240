import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeSamplePdf } from '../../bench/samples';
import { axeViolations } from './axe';
import { continueAsGuest, openLatestIssuePage } from './guest';

/**
 * The reader's text: a two-column page imported from a PDF reads column one before column two in the text view;
 * the view's settings survive a reload; text on the page picture selects and copies; find in this issue lists the
 * pages holding a word; a keyboard-only member gets there; read-aloud speaks sentence by sentence.
 */

// Words printed nowhere in the demo seed: the search finds the imported issue by them.
const LEFT = 'Quillwort grows in the first column and the sentence ends there.';
const RIGHT = 'Bladderwrack begins the second column and finishes it.';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-columns-'));
  const title = path.join(folder, 'column-gazette');
  fs.mkdirSync(title);
  fs.writeFileSync(path.join(title, 'title.json'), JSON.stringify({ title: 'Column Gazette', publisher: 'Column Press', category: 'Travel', language: 'en', ageRating: 3 }));
  const pdf = await makeSamplePdf({ pages: [{ lines: ['Column Gazette', 'A front page set in two columns.'], columns: [[LEFT], [RIGHT]] }, { lines: ['Second page', 'Quillwort again, on page two.'] }] });
  fs.writeFileSync(path.join(title, 'Column Gazette - 2026-03-01.pdf'), pdf);
  const environment: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '.data/e2e' };
  delete environment.DATABASE_URL;
  delete environment.MEDIA_DIR;
  const output = await new Promise<string>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', folder], { env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('close', () => resolve(text));
  });
  expect(output).toMatch(/Summary: \d+ imported, \d+ updated, \d+ unchanged, 0 failed/);
});

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** Opens the reader from the search overlay, at the page holding the words. */
async function openFromSearch(page: Page, words: string): Promise<Page> {
  await continueAsGuest(page);
  await page.getByRole('button', { name: 'Search' }).click();
  const overlay = page.getByRole('dialog', { name: 'Search' });
  await overlay.getByRole('searchbox').fill(words);
  const tile = overlay.getByRole('article').first();
  await expect(tile).toContainText('Column Gazette');
  const [reader] = await Promise.all([page.waitForEvent('popup'), tile.getByRole('button', { name: /^Read More/ }).click()]);
  return reader;
}

async function openSeededIssue(page: Page): Promise<Page> {
  await continueAsGuest(page);
  await openLatestIssuePage(page);
  const [reader] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Read' }).click()]);
  await expect(reader.getByRole('status')).toHaveText(/^Page 1 of \d+$/);
  return reader;
}

for (const viewport of [
  { width: 375, height: 800 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test('an imported two-column page: search marks its words, the text view reads column one first, settings survive a reload, axe is clean', async ({ page }) => {
      const reader = await openFromSearch(page, 'bladderwrack');
      await reader.setViewportSize(viewport);
      await expect(reader).toHaveURL(/&hl=bladderwrack#page\/1$/);
      // Opened from search: find is open with the words, and they are marked on the page picture.
      const find = reader.getByRole('search', { name: 'Find in this issue' });
      await expect(find.getByRole('searchbox')).toHaveValue('bladderwrack');
      await expect(find).toContainText('“bladderwrack” is on 1 page');
      await expect(reader.locator('svg[data-text-layer="1"] rect[data-found]')).toHaveCount(1);
      expect(await axeViolations(reader)).toEqual([]);

      await reader.getByRole('button', { name: 'Close find' }).click();
      await reader.getByRole('button', { name: 'Text', exact: true }).click();
      const text = reader.getByLabel('Text view');
      await expect(text).toContainText('Quillwort grows');
      const content = (await text.textContent()) ?? '';
      // pdf.js gives the lines across the page, row by row; the text view reads down one column, then the other.
      expect(content).toContain(LEFT);
      expect(content).toContain(RIGHT);
      expect(content.indexOf(LEFT)).toBeLessThan(content.indexOf(RIGHT));
      await expect(text.getByRole('heading', { name: 'Column Gazette' })).toBeVisible();
      // The image view and the text view are on one page.
      await expect(reader.getByRole('status')).toHaveText('Page 1 of 2');

      await reader.getByRole('button', { name: /Text settings/ }).click();
      const settings = reader.getByRole('group', { name: 'Text settings' });
      await settings.getByText('28px').click();
      await settings.getByText('Dark').click();
      await settings.getByText('Wide').click();
      expect(await axeViolations(reader)).toEqual([]);
      await reader.reload();
      // The key works once the reader's code has run: wait for the page to settle after the reload.
      await reader.waitForLoadState('networkidle');
      await reader.keyboard.press('t');
      await expect(reader.getByLabel('Text view')).toHaveAttribute('data-theme', 'dark');
      expect(await reader.locator('#reader-text > div').evaluate((el) => getComputedStyle(el).fontSize)).toBe('28px');
      // Nothing wider than the screen: the text reflows.
      expect(await reader.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await axeViolations(reader)).toEqual([]);
    });
  });
}

test('selecting text on a page picture and copying gives its words', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const reader = await openSeededIssue(page);
  // Portrait: one page a view.
  await reader.setViewportSize({ width: 800, height: 900 });
  // The arrows work once the reader's code has run.
  await reader.waitForLoadState('networkidle');
  for (let i = 0; i < 4; i += 1) await reader.keyboard.press('ArrowRight');
  await expect(reader.getByRole('status')).toHaveText(/^Page 5 of \d+$/);
  const lines = reader.locator('svg[data-text-layer="5"] text');
  await expect(lines.nth(3)).toBeAttached();
  // The line with the most words.
  const longest = await lines.evaluateAll((all) => all.reduce((best, el, i) => ((el.textContent ?? '').split(' ').length > (all[best].textContent ?? '').split(' ').length ? i : best), 0));
  const line = lines.nth(longest);
  const printed = ((await line.textContent()) ?? '').trim();
  const box = (await line.boundingBox())!;
  await reader.mouse.move(box.x + 1, box.y + box.height / 2);
  await reader.mouse.down();
  await reader.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 8 });
  await reader.mouse.up();
  await reader.keyboard.press('Control+C');
  const copied = await reader.evaluate(() => navigator.clipboard.readText());
  // Its middle words, whole (the first and last letters may fall outside the drag).
  const middle = printed.split(' ').slice(1, -1).join(' ');
  expect(middle.length).toBeGreaterThan(3);
  expect(copied).toContain(middle);
  // Selecting did not turn the page.
  await expect(reader.getByRole('status')).toHaveText(/^Page 5 of \d+$/);
});

test('a keyboard-only member opens an issue, switches to the text, and finds a word in the issue', async ({ page }) => {
  await continueAsGuest(page);
  await openLatestIssuePage(page);
  const read = page.getByRole('button', { name: 'Read' });
  for (let i = 0; i < 60 && !(await read.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  const [reader] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
  await reader.setViewportSize({ width: 375, height: 800 });
  await expect(reader.getByRole('status')).toHaveText(/^Page 1 of \d+$/);
  await reader.keyboard.press('t');
  const text = reader.getByLabel('Text view');
  await expect(text.locator('p').first()).toBeVisible();
  // A word of the cover's text, found through the toolbar's Find by keyboard.
  const word = ((await text.locator('p').first().textContent()) ?? '').split(/\W+/).find((w) => w.length > 4)!;
  const findButton = reader.getByRole('button', { name: 'Find', exact: true });
  for (let i = 0; i < 20 && !(await findButton.evaluate((el) => el === document.activeElement)); i += 1) await reader.keyboard.press('Tab');
  await reader.keyboard.press('Enter');
  await expect(reader.getByRole('searchbox')).toBeFocused();
  await reader.keyboard.type(word);
  await reader.keyboard.press('Enter');
  const pages = reader.getByRole('list', { name: 'Pages with the words' });
  await expect(pages.getByRole('button', { name: /^Page 1\b/ })).toBeVisible();
  await expect(text.locator('mark').first()).toHaveText(new RegExp(word, 'i'));
});

test('find in this issue lists the pages holding a word, goes to the next, and says when a word is not there', async ({ page }) => {
  const reader = await openSeededIssue(page);
  await reader.setViewportSize({ width: 1440, height: 900 });
  await reader.getByRole('button', { name: 'Find', exact: true }).click();
  const find = reader.getByRole('search', { name: 'Find in this issue' });
  await find.getByRole('searchbox').fill('quillwort-nowhere');
  await find.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(find).toContainText('is not in this issue');
  // The word 'the' is on page 3 (the editor's letter) and others.
  await find.getByRole('searchbox').fill('the');
  await find.getByRole('button', { name: 'Find', exact: true }).click();
  const list = find.getByRole('list', { name: 'Pages with the words' });
  await expect(list.getByRole('button', { name: /^Page 3\b/ })).toBeVisible();
  const listed = await list.getByRole('button').allTextContents();
  expect(listed.length).toBeGreaterThan(1);
  await find.getByRole('button', { name: 'Next page with the words' }).click();
  const next = Number(/Page (\d+)/.exec(listed[1])![1]);
  await expect(reader).toHaveURL(new RegExp(`#page/${next}$`));
  await expect(reader.locator(`svg[data-text-layer="${next}"] rect[data-found]`).first()).toBeAttached();
});

/** speechSynthesis observed at the browser's boundary: voices as given, each utterance recorded and ended after a beat. */
function speechRecorder(voices: { name: string; lang: string }[]) {
  const spoken: { text: string; lang: string; rate: number; voice: string | null }[] = [];
  const state = { paused: false, pending: null as null | (() => void) };
  class Utterance extends EventTarget {
    text: string;
    lang = '';
    rate = 1;
    voice: { name: string } | null = null;
    onend: (() => void) | null = null;
    constructor(text: string) {
      super();
      this.text = text;
    }
  }
  let timer = 0;
  const synthesis = {
    getVoices: () => voices,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    speak(u: Utterance) {
      spoken.push({ text: u.text, lang: u.lang, rate: u.rate, voice: u.voice?.name ?? null });
      state.pending = () => u.onend?.();
      timer = window.setTimeout(() => !state.paused && state.pending?.(), 300);
    },
    cancel() {
      window.clearTimeout(timer);
      state.pending = null;
    },
    pause() {
      state.paused = true;
      window.clearTimeout(timer);
    },
    resume() {
      state.paused = false;
      timer = window.setTimeout(() => state.pending?.(), 300);
    },
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synthesis });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance });
  Object.defineProperty(window, 'spoken', { value: spoken });
}

// FIXME (issue 31): after the merge with session-bound reader codes, reading aloud does not turn to page 3 by itself
// here (the status stays at page 2); not yet traced.
test.fixme('read aloud speaks the page sentence by sentence in the issue’s language, marks each, pauses, changes speed and turns the page', async ({ page, context }) => {
  await context.addInitScript(speechRecorder, [{ name: 'Test English', lang: 'en-GB' }]);
  const reader = await openSeededIssue(page);
  await reader.setViewportSize({ width: 800, height: 900 });
  for (let i = 0; i < 2; i += 1) await reader.keyboard.press('ArrowRight');
  await expect(reader.getByRole('status')).toHaveText(/^Page 3/);
  await reader.keyboard.press('t');
  await reader.getByRole('button', { name: 'Read aloud' }).click();
  const panel = reader.getByRole('group', { name: 'Read aloud' });
  await panel.getByRole('button', { name: 'Play' }).click();
  const spoken = () => reader.evaluate(() => (window as unknown as { spoken: { text: string; lang: string; rate: number }[] }).spoken.map((s) => ({ ...s })));
  await expect.poll(async () => (await spoken()).length).toBeGreaterThan(1);
  const first = (await spoken())[0];
  expect(first.lang).toBe('en-GB');
  // The sentence being read is the one marked.
  await expect(reader.locator('mark[data-reading]')).toHaveText(/\S/);
  const [now] = (await spoken()).slice(-1);
  await expect(reader.locator('mark[data-reading]')).toHaveText(now.text);
  // Sentence by sentence: each utterance is printed on the page and holds no sentence's end before its own.
  const pageText = (await reader.getByLabel('Text view').textContent()) ?? '';
  for (const s of await spoken()) {
    expect(pageText).toContain(s.text);
    expect(s.text.slice(0, -1)).not.toMatch(/[.!?]\s/);
  }

  await panel.getByRole('button', { name: 'Pause' }).click();
  const paused = (await spoken()).length;
  await reader.waitForTimeout(900);
  expect((await spoken()).length).toBe(paused);
  await panel.getByLabel('Speed').selectOption('1.5');
  await panel.getByRole('button', { name: 'Resume' }).click();
  await expect.poll(async () => (await spoken()).slice(-1)[0].rate).toBe(1.5);
  // At the page's end it turns to the next and reads on.
  await expect(reader).toHaveURL(/#page\/4$/, { timeout: 30_000 });
});

test('read aloud says so when the browser has no voice in the issue’s language', async ({ page, context }) => {
  // The browser has an English voice only; a Hindi title's issue.
  await context.addInitScript(speechRecorder, [{ name: 'Test English', lang: 'en-GB' }]);
  await continueAsGuest(page);
  await page.goto('/magazines/BS/hi');
  await page.locator('main a[href^="/magazine/"]').first().click();
  await page.getByRole('link', { name: 'Open latest issue' }).click();
  const [reader] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Read' }).click()]);
  await reader.getByRole('button', { name: 'Read aloud' }).click();
  await expect(reader.getByRole('group', { name: 'Read aloud' })).toContainText('This browser has no Hindi voice');
  await expect(reader.getByRole('button', { name: 'Play' })).toHaveCount(0);
});
