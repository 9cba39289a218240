import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_PEERS } from '../../playwright.config';
import { startSmtpPeer, type SmtpPeer } from '../peers/smtp';
import { fillerLines, makeSamplePdf } from '../../bench/samples';
import { axeViolations } from './axe';
import { toolbarWorks } from './reader-ready';
import { operatorLink, signInWithLink } from './console-people';
import { withDatabase } from './database';

// The site sends sign-in codes to this SMTP server (playwright.config.ts): the imported member signs in by email.
let smtp: SmtpPeer;

test.beforeAll(async () => {
  smtp = await startSmtpPeer(E2E_PEERS.smtpPort);
});

test.afterAll(async () => {
  await smtp?.close();
});

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/**
 * Issue 16's walk: an operator creates a library with a logo, imports two members from CSV and uploads a PDF in the
 * browser; the import runs in the site; a member of the new library sees its logo and reads the issue.
 */
test('an operator creates a library with a logo, imports its members, uploads a PDF that is imported, and a member reads it under the new logo', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  // The e2e database outlives a run: this run's library, people and title are its own.
  const run = Date.now().toString(36);
  const libraryName = `Lakeside Library ${run}`;
  const titleName = `Lakeside Courier ${run}`;
  await signInWithLink(page, operatorLink('upload.operator@lakeside.test', baseURL!));

  const create = page.getByRole('region', { name: 'Add a library' });
  await create.getByLabel('Name').fill(libraryName);
  await create.getByRole('button', { name: 'Add library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${libraryName}: settings` })).toBeVisible();
  const libraryId = Number(/\/admin\/libraries\/(\d+)$/.exec(page.url())?.[1]);
  expect(libraryId).toBeGreaterThan(0);

  // A logo: a PNG drawn here, resized by the server to the header's sizes.
  const logo = await sharp({ create: { width: 480, height: 160, channels: 3, background: '#1d6f42' } }).png().toBuffer();
  await page.getByLabel('Upload Logo 1').setInputFiles({ name: 'lakeside.png', mimeType: 'image/png', buffer: logo });
  const shownLogo = page.getByRole('img', { name: `Logo 1 of ${libraryName}` });
  await expect(shownLogo).toBeVisible();
  const logoSrc = await shownLogo.getAttribute('src');
  expect(logoSrc).toMatch(/^\/media\/logos\//);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(`/admin/libraries/${libraryId}/members`);
  const csv = `email,name,end_date\nreader.one.${run}@lakeside.test,Rhea One,2030-01-31\nreader.two.${run}@lakeside.test,Rafe Two,2030-02-28\n`;
  const importer = page.getByRole('region', { name: 'Import members from a CSV file' });
  await importer.getByLabel('CSV file').setInputFiles({ name: 'lakeside.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await importer.getByRole('button', { name: 'Preview' }).click();
  await expect(importer.getByText('lakeside.csv: 2 to add, 0 to change, 0 unchanged, 0 refused.')).toBeVisible();
  await importer.getByRole('button', { name: 'Import' }).click();
  await expect(importer.getByText('Imported: 2 added, 0 changed, 0 refused.')).toBeVisible();

  // The PDF and its sidecar, chosen together; the sidecar names the new title's category, language and rating.
  const pdf = Buffer.from(
    await makeSamplePdf({
      pages: [
        { lines: [titleName, 'News from the lake shore.'] },
        { lines: ['The boathouse reopens', `Volunteers ${run} painted the jetty.`, ...fillerLines(2, 6)] },
        { lines: ['Letters', ...fillerLines(3, 8)] },
      ],
      info: { title: titleName },
    }),
  );
  const fileName = `${titleName} - 2026-10-01.pdf`;
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Content' }).click();
  const upload = page.getByRole('region', { name: 'Upload PDF issues' });
  await upload.getByLabel('PDF files and sidecars').setInputFiles([
    { name: fileName, mimeType: 'application/pdf', buffer: pdf },
    { name: `${titleName} - 2026-10-01.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ category: 'Travel', language: 'en', ageRating: 1, publisher: 'Lakeside Press' })) },
  ]);
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByText(`${fileName}: sent, import queued`)).toBeVisible();
  const imports = page.getByRole('region', { name: 'Imports' });
  const row = imports.getByRole('row').filter({ hasText: fileName });
  // The list asks again while the import runs; the row ends imported, linking the new issue.
  await expect(row.getByText('Imported', { exact: true })).toBeVisible({ timeout: 90_000 });
  const issueLink = row.getByRole('link', { name: `${titleName}, 1 October 2026` });
  await expect(issueLink).toBeVisible();
  await row.getByText('Metadata chosen').click();
  await expect(row.getByText(`Lakeside Press (from ${titleName} - 2026-10-01.json)`)).toBeVisible();
  // Its pages are drawn by a job after the import: listed under Pages being drawn until every page is, then gone.
  const drawing = page.getByRole('region', { name: 'Pages being drawn' });
  await expect(drawing.getByText('Every imported issue’s pages are drawn.')).toBeVisible({ timeout: 60_000 });
  expect(await axeViolations(page)).toEqual([]);
  const issuePath = await issueLink.getAttribute('href');
  expect(issuePath).toMatch(/^\/magazine\/\d+\/\d+$/);

  // The metadata chosen is corrected here: the title's publisher and the issue's number.
  const titles = page.getByRole('search');
  await titles.getByLabel('Title, publisher or ISSN').fill(titleName);
  await titles.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Show issues of ${titleName}` }).click();
  const correctTitle = page.getByRole('region', { name: `Correct ${titleName}` });
  await correctTitle.getByLabel('Publisher').fill('Lakeside Press Co-operative');
  await correctTitle.getByRole('button', { name: 'Save title' }).click();
  await expect(correctTitle.getByRole('status')).toHaveText(`${titleName} is saved.`);
  const issues = page.getByRole('region', { name: `Issues of ${titleName}` });
  await issues.getByRole('button', { name: 'Correct 1 October 2026' }).click();
  const correctIssue = issues.getByRole('form', { name: 'Correct 1 October 2026' });
  await correctIssue.getByLabel('Number').fill('41');
  await correctIssue.getByRole('button', { name: 'Save issue' }).click();
  await expect(issues.getByRole('status')).toHaveText('1 October 2026 is saved.');
  expect(await axeViolations(page)).toEqual([]);
  await expect
    .poll(() =>
      withDatabase(async (db) => (await db.query<{ publisher: string; issue_number: string }>('select m.publisher, i.issue_number from issues i join magazines m on m.id = i.magazine_id where m.name = $1', [titleName])).rows[0]),
    )
    .toEqual({ publisher: 'Lakeside Press Co-operative', issue_number: '41' });

  // One of the imported members signs in with a code sent to the address the CSV gave.
  const email = `reader.one.${run}@lakeside.test`;
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with email' }).click();
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByLabel('Sign-in code', { exact: true }).fill(await smtp.codeFor(email));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/');
  const headerLogo = page.getByRole('img', { name: `${libraryName} home` });
  await expect(headerLogo).toBeVisible();
  expect(await headerLogo.getAttribute('src')).toBe(logoSrc);

  await page.goto(issuePath!);
  await expect(page.getByRole('heading', { level: 1, name: titleName })).toBeVisible();
  const [reader] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Read', exact: true }).click()]);
  await reader.setViewportSize({ width: 800, height: 900 });
  await expect(reader.getByRole('status')).toHaveText('Page 1 of 3');
  // The keys are the reader's once its first page is drawn and its scripts have run (as reader.spec waits).
  const first = reader.locator('img[data-page="1"]');
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await toolbarWorks(reader);
  await reader.keyboard.press('ArrowRight');
  await expect(reader.getByRole('status')).toHaveText('Page 2 of 3');
  const second = reader.locator('img[data-page="2"]');
  // Named by its words until its text layer (which carries them for a screen reader) is drawn, then by page and title.
  await expect(second).toHaveAttribute('alt', new RegExp(`^Page 2(: The boathouse reopens Volunteers ${run} painted the jetty\\.|, ${titleName} · )`));
  await expect.poll(() => second.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

/**
 * Issue 27: another file of an issue already imported is refused in the console's words, then, with the replace box
 * ticked from the keyboard, it replaces that issue, which keeps its address.
 */
test('an operator uploads another file of an imported issue: refused at its first try naming the checkbox, then ticked, it replaces the issue', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const titleName = `Harbour Bulletin ${run}`;
  const edition = async (name: string) =>
    Buffer.from(await makeSamplePdf({ pages: [{ lines: [titleName, `The ${name} edition.`] }, { lines: ['Tides', ...fillerLines(1, 4)] }], info: { title: titleName } }));
  const withSidecar = async (stem: string) => [
    { name: `${stem}.pdf`, mimeType: 'application/pdf', buffer: await edition(stem) },
    {
      name: `${stem}.json`,
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ title: titleName, issueDate: '2026-11-01', category: 'Travel', language: 'en', ageRating: 1 })),
    },
  ];
  await signInWithLink(page, operatorLink('replace.operator@lakeside.test', baseURL!));
  await page.goto('/admin/content');
  const upload = page.getByRole('region', { name: 'Upload PDF issues' });
  const imports = page.getByRole('region', { name: 'Imports' });

  await upload.getByLabel('PDF files and sidecars').setInputFiles(await withSidecar(`print-${run}`));
  await upload.getByRole('button', { name: 'Upload' }).click();
  const printed = imports.getByRole('row').filter({ hasText: `print-${run}.pdf` });
  await expect(printed.getByText('Imported', { exact: true })).toBeVisible({ timeout: 90_000 });
  const issueHref = await printed.getByRole('link', { name: new RegExp(`^${titleName}, `) }).getAttribute('href');
  expect(issueHref).toMatch(/^\/magazine\/\d+\/\d+$/);

  const scan = await withSidecar(`scan-${run}`);
  await upload.getByLabel('PDF files and sidecars').setInputFiles(scan);
  await upload.getByRole('button', { name: 'Upload' }).click();
  const refused = imports.getByRole('row').filter({ hasText: `scan-${run}.pdf` });
  await expect(refused.getByText('Failed', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(refused.getByText('Tried once, not again: the same file would fail the same way')).toBeVisible();
  await expect(refused.getByText(/upload it under that name or tick “Replace the issue of the same title and date”\)$/)).toBeVisible();

  const replace = upload.getByRole('checkbox', { name: 'Replace the issue of the same title and date' });
  await expect(replace).toHaveAccessibleDescription(/issue’s id, favourites, reading places and links stay/);
  await replace.focus();
  await page.keyboard.press('Space');
  await expect(replace).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  await upload.getByLabel('PDF files and sidecars').setInputFiles(scan);
  await upload.getByRole('button', { name: 'Upload' }).click();
  const replaced = imports.getByRole('row').filter({ hasText: `scan-${run}.pdf` }).filter({ hasText: 'Replaces the issue of the same title and date' });
  await expect(replaced.getByText('Updated (a new version of the issue)')).toBeVisible({ timeout: 90_000 });
  expect(await replaced.getByRole('link', { name: new RegExp(`^${titleName}, `) }).getAttribute('href')).toBe(issueHref);
  await expect
    .poll(() => withDatabase(async (db) => (await db.query<{ source_file: string }>('select i.source_file from issues i join magazines m on m.id = i.magazine_id where m.name = $1', [titleName])).rows.map((row) => row.source_file.split('/').pop())))
    .toEqual([`scan-${run}.pdf`]);
});
