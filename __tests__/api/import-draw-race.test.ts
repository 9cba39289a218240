import { eq } from 'drizzle-orm';
import { issuePages, issues } from '@/server/db/schema';
import { markPageDrawn } from '@/server/import/draw';
import { startTestApp, type TestApp } from './helpers/app';
import { createCategory, createMagazine } from './helpers/factories';

/**
 * The last pages of an issue drawn at the same moment by two workers (or two instances): each marks its page drawn in
 * its own transaction, and whichever commits last must see every page drawn and mark the issue drawn. On PGlite (one
 * session) the two run one after the other; the race is PostgreSQL's (TEST_DATABASE_URL).
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

it('marks the issue drawn when its last two pages are marked drawn in two transactions at once', async () => {
  const category = await createCategory(app.db);
  const { issue } = await createMagazine(app.db, { categoryId: category.id });
  await app.db.update(issues).set({ pageCount: 2, pagesDrawnAt: null }).where(eq(issues.id, issue.id));
  await app.db.insert(issuePages).values([1, 2].map((pageNo) => ({ issueId: issue.id, pageNo, width: 600, height: 800, imagePath: `pages/${issue.id}/${pageNo}`, text: '', drawnAt: null })));

  let firstMarked!: () => void;
  const marked = new Promise<void>((resolve) => (firstMarked = resolve));
  let letFirstCommit!: () => void;
  const commit = new Promise<void>((resolve) => (letFirstCommit = resolve));
  // Page 1 is marked and its transaction held open while page 2 is marked in another.
  const first = app.db.transaction(async (tx) => {
    await markPageDrawn(tx, issue.id, 1);
    firstMarked();
    await commit;
  });
  await marked;
  const second = app.db.transaction((tx) => markPageDrawn(tx, issue.id, 2));
  // Time for the second to run as far as it can before the first commits.
  await new Promise((resolve) => setTimeout(resolve, 500));
  letFirstCommit();
  await Promise.all([first, second]);

  const pages = await app.db.select({ drawnAt: issuePages.drawnAt }).from(issuePages).where(eq(issuePages.issueId, issue.id));
  expect(pages.map((page) => page.drawnAt !== null)).toEqual([true, true]);
  const [after] = await app.db.select({ pagesDrawnAt: issues.pagesDrawnAt }).from(issues).where(eq(issues.id, issue.id));
  expect(after.pagesDrawnAt).not.toBeNull();
});
