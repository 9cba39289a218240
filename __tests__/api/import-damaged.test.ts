// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { mediaFiles, pdfFolder, runImport } from './helpers/import';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { issuePages, issues } from '@/server/db/schema';
import { fillerLines, makeSamplePdf } from '@/bench/samples';
import { startTestApp, type TestApp } from './helpers/app';
import { createCategory } from './helpers/factories';
import { ensureSearchLanguage } from './helpers/search-factories';

/**
 * A damaged copy of an issue already imported, under the same title and date (a second download cut short and
 * repaired, a copy from a failing disk), is refused: the good issue keeps its pages, text and images.
 */
jest.setTimeout(240_000);

let app: TestApp;
const DEFAULTS = ['--workers', '1', '--category', 'Damage', '--language', 'en', '--age-rating', '3'];

beforeAll(async () => {
  app = await startTestApp();
  await ensureSearchLanguage(app.db, 'en', 'English', 'english');
  await createCategory(app.db, { id: 73, name: 'Damage' });
});

afterAll(async () => {
  await app.close();
});

/** The issue's rows as a member would see them change: its file's hash and each page's text. */
async function issueState(issueId: number) {
  const [issue] = await app.db.select({ contentHash: issues.contentHash, pageCount: issues.pageCount }).from(issues).where(eq(issues.id, issueId));
  const pages = await app.db.select({ pageNo: issuePages.pageNo, text: issuePages.text }).from(issuePages).where(eq(issuePages.issueId, issueId)).orderBy(asc(issuePages.pageNo));
  return { issue, pages };
}

it('refuses a damaged copy of an issue with the same title and date, keeping the good issue’s pages', async () => {
  const good = Buffer.from(
    await makeSamplePdf({ pages: [{ lines: ['Quay Courier', 'The good copy of page one.'] }, { lines: ['Page two', ...fillerLines(2)] }, { lines: ['Page three', 'Tides and ferries.'] }], info: { title: 'Quay Courier' } }),
  );
  const dir = pdfFolder('damaged-first');
  fs.writeFileSync(path.join(dir, 'Quay Courier - 2026-02-01.pdf'), good);
  const first = await runImport(dir, ...DEFAULTS);
  expect(first.output).toMatch(/imported Quay Courier - 2026-02-01\.pdf: issue (\d+), 3 pages/);
  const issueId = Number(/imported Quay Courier - 2026-02-01\.pdf: issue (\d+)/.exec(first.output)![1]);
  const before = { rows: await issueState(issueId), files: mediaFiles() };

  // The same issue again with its cross-reference table pointing nowhere: readers rebuild it from what they find.
  const damaged = Buffer.from(good.toString('latin1').replace(/startxref\s+\d+/, 'startxref\n9'), 'latin1');
  const again = pdfFolder('damaged-again');
  fs.writeFileSync(path.join(again, 'Quay Courier - 2026-02-01.pdf'), damaged);
  const second = await runImport(again, ...DEFAULTS);
  expect(second.output).toMatch(new RegExp(`failed: .*Quay Courier - 2026-02-01\\.pdf: the PDF is damaged \\(its cross-reference table is broken[^)]*\\): it would replace issue ${issueId} of the same title and date, whose pages are kept`));
  expect(second.code).toBe(1);
  expect({ rows: await issueState(issueId), files: mediaFiles() }).toEqual(before);
});
