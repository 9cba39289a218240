// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { mediaFiles, pdfFolder, runImport } from './helpers/import';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { issuePages, issues } from '@/server/db/schema';
import { fillerLines, makeSamplePdf } from '@/bench/samples';
import { startTestApp, type TestApp } from './helpers/app';
import { createCategory } from './helpers/factories';
import { ensureSearchLanguage } from './helpers/search-factories';

/**
 * Two different good files that name the same issue (the same title and date: a publisher's edition and a scan, two
 * regional editions) are both the library's: the second is refused with one line naming the file the issue was
 * imported from, before a page of it is read, and the issue keeps the first. The same file again is unchanged; the
 * same file name is a new version and replaces it; `--replace` lets another file replace it.
 */
jest.setTimeout(240_000);

let app: TestApp;
const DEFAULTS = ['--workers', '1', '--category', 'Editions', '--language', 'en', '--age-rating', '3'];
const REFUSED = 'this different file is not imported over it (to replace that issue, import it under that name or with --replace)';

beforeAll(async () => {
  app = await startTestApp();
  await ensureSearchLanguage(app.db, 'en', 'English', 'english');
  await createCategory(app.db, { id: 74, name: 'Editions' });
});

afterAll(async () => {
  await app.close();
});

/** A Quay Courier issue whose pages say which edition they are ("Page 2 of the scan."). */
function edition(name: string, pages = 2): Promise<Uint8Array> {
  return makeSamplePdf({ pages: Array.from({ length: pages }, (_, i) => ({ lines: [`Quay Courier, ${name}`, `Page ${i + 1} of the ${name}.`, ...fillerLines(i + 1)] })), info: { title: 'Quay Courier' } });
}

/** A file named anyhow, with a sidecar giving the title and date it is an issue of. */
function writeWithSidecar(dir: string, name: string, bytes: Uint8Array, issueDate: string): void {
  fs.writeFileSync(path.join(dir, name), bytes);
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ title: 'Quay Courier', issueDate }));
}

/** The issue's rows and every stored file: what a refused file must leave as it was. */
async function state() {
  const rows = await app.db.select({ id: issues.id, issueDate: issues.issueDate, contentHash: issues.contentHash, sourceFile: issues.sourceFile }).from(issues).orderBy(asc(issues.id));
  const pages = await app.db.select({ issueId: issuePages.issueId, pageNo: issuePages.pageNo, text: issuePages.text }).from(issuePages).orderBy(asc(issuePages.issueId), asc(issuePages.pageNo));
  return { rows, pages, files: mediaFiles() };
}

async function pageTexts(issueId: number): Promise<string[]> {
  const rows = await app.db.select({ text: issuePages.text }).from(issuePages).where(eq(issuePages.issueId, issueId)).orderBy(asc(issuePages.pageNo));
  return rows.map((row) => /Page \d+ of the [a-z ]+\./.exec(row.text)?.[0] ?? row.text);
}

const first = pdfFolder('first-edition');
let issueId = 0;

describe('npm run import: a second file of an issue already imported', () => {
  it('imports the first file of an issue', async () => {
    fs.writeFileSync(path.join(first, 'Quay Courier - 2026-02-01.pdf'), await edition('publisher edition'));
    const run = await runImport(first, ...DEFAULTS);
    expect(run.output).toContain('Summary: 1 imported, 0 updated, 0 unchanged, 0 failed');
    issueId = Number(/imported Quay Courier - 2026-02-01\.pdf: issue (\d+)/.exec(run.output)![1]);
    expect(await pageTexts(issueId)).toEqual(['Page 1 of the publisher edition.', 'Page 2 of the publisher edition.']);
  });

  it('refuses a different good file with the same title and date, naming the file the issue came from, and leaves everything as it was; the same bytes under another name are unchanged', async () => {
    const dir = pdfFolder('scan');
    writeWithSidecar(dir, 'courier-scan.pdf', await edition('scan', 3), '2026-02-01');
    fs.copyFileSync(path.join(first, 'Quay Courier - 2026-02-01.pdf'), path.join(dir, 'copy of the courier.pdf'));
    const before = await state();

    const run = await runImport(dir, ...DEFAULTS);
    const reason = `issue ${issueId} of the same title and date was imported from Quay Courier - 2026-02-01.pdf: ${REFUSED}`;
    expect(run.output).toContain(`failed courier-scan.pdf: ${reason}`);
    expect(run.output).toContain(`unchanged copy of the courier.pdf: issue ${issueId}`);
    expect(run.output).toContain('Summary: 0 imported, 0 updated, 1 unchanged, 1 failed');
    expect(run.output).toContain(`  failed: ${path.join(dir, 'courier-scan.pdf')}: ${reason}`);
    expect(run.code).toBe(1);
    expect(await state()).toEqual(before);
  });

  it('refuses it before a page of it is read: a page too large to draw is never reached', async () => {
    const dir = pdfFolder('wall');
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]).drawText('Quay Courier, a wall edition', { x: 50, y: 780 });
    doc.addPage([14_400, 14_400]).drawText('A page the size of a wall', { x: 50, y: 14_000 });
    writeWithSidecar(dir, 'wall edition.pdf', await doc.save(), '2026-02-01');
    const run = await runImport(dir, ...DEFAULTS);
    expect(run.output).toContain(`failed wall edition.pdf: issue ${issueId} of the same title and date was imported from Quay Courier - 2026-02-01.pdf: ${REFUSED}`);
    expect(run.output).not.toContain('too large');
  });

  it('imports the first of two new files of one issue in a run and refuses the second, which does not replace it', async () => {
    const dir = pdfFolder('regional');
    writeWithSidecar(dir, 'a north edition.pdf', await edition('north edition'), '2026-03-01');
    writeWithSidecar(dir, 'b south edition.pdf', await edition('south edition'), '2026-03-01');
    const run = await runImport(dir, ...DEFAULTS);
    const north = Number(/imported a north edition\.pdf: issue (\d+)/.exec(run.output)![1]);
    expect(run.output).toContain(`failed b south edition.pdf: issue ${north} of the same title and date was imported from a north edition.pdf: ${REFUSED}`);
    expect(run.output).toContain('Summary: 1 imported, 0 updated, 0 unchanged, 1 failed');
    expect(await pageTexts(north)).toEqual(['Page 1 of the north edition.', 'Page 2 of the north edition.']);
    const [issue] = await app.db.select({ sourceFile: issues.sourceFile }).from(issues).where(eq(issues.id, north));
    expect(issue.sourceFile).toBe(path.join(dir, 'a north edition.pdf'));
  });

  it('replaces the issue with the other file when asked with --replace, keeping its id', async () => {
    const dir = pdfFolder('scan');
    const run = await runImport(path.join(dir, 'courier-scan.pdf'), '--replace', ...DEFAULTS);
    expect(run.output).toContain(`updated courier-scan.pdf: issue ${issueId}, 3 pages`);
    expect(run.code).toBe(0);
    expect(await pageTexts(issueId)).toEqual(['Page 1 of the scan.', 'Page 2 of the scan.', 'Page 3 of the scan.']);
    const [issue] = await app.db.select({ sourceFile: issues.sourceFile }).from(issues).where(eq(issues.id, issueId));
    expect(issue.sourceFile).toBe(path.join(dir, 'courier-scan.pdf'));
  });

  it('takes a changed file under the name its issue came from as a new version, without --replace', async () => {
    const dir = pdfFolder('scan-corrected');
    writeWithSidecar(dir, 'courier-scan.pdf', await edition('corrected scan'), '2026-02-01');
    const run = await runImport(dir, ...DEFAULTS);
    expect(run.output).toContain(`updated courier-scan.pdf: issue ${issueId}, 2 pages`);
    expect(await pageTexts(issueId)).toEqual(['Page 1 of the corrected scan.', 'Page 2 of the corrected scan.']);
  });
});
