import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PagePool } from '@/server/import/workers';

/**
 * The page pool recycles a worker for its memory (a new worker in its place, so its PDFium heap is given back)
 * between two jobs: every job given to the pool is answered, whichever worker it ran on and however often the
 * workers were replaced under it.
 */
jest.setTimeout(120_000);

const PAGES = 6;
let work: string;
let file: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'import-workers-'));
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let pageNo = 1; pageNo <= PAGES; pageNo += 1) doc.addPage([200, 300]).drawText(`Harbour page ${pageNo}`, { x: 20, y: 150, size: 14, font });
  file = path.join(work, 'Harbour News - 2026-03-01.pdf');
  fs.writeFileSync(file, await doc.save());
});

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

/** Every page of the file read and drawn at once, as the import gives them: each answer checked against its page. */
async function everyJob(pool: PagePool, outDir: string): Promise<void> {
  const pageNos = Array.from({ length: PAGES }, (_, i) => i + 1);
  const [info, read, drawn] = await Promise.all([
    pool.info(file),
    Promise.all(pageNos.map((pageNo) => pool.read(file, pageNo))),
    Promise.all(pageNos.map((pageNo) => pool.render({ file, pageNo, outDir, cover: pageNo === 1, storyFolders: [] }))),
  ]);
  expect(info.pageCount).toBe(PAGES);
  for (const result of [...read, ...drawn]) {
    expect(result.text).toBe(`Harbour page ${result.pageNo}`);
    expect([result.width, result.height, result.blank]).toEqual([200, 300, false]);
  }
  expect(read.map((result) => result.pageNo)).toEqual(pageNos);
  expect(drawn.map((result) => result.pageNo)).toEqual(pageNos);
  for (const pageNo of pageNos) expect(fs.statSync(path.join(outDir, `page-${pageNo}`, 'view', '3.webp')).size).toBeGreaterThan(0);
  expect(fs.readdirSync(path.join(outDir, 'cover', 'view')).sort()).toEqual(['1.webp', '2.webp', '3.webp']);
}

describe('the page pool recycles a worker between jobs, and loses none', () => {
  it('replaces each of 2 workers after 2 jobs, and all 13 jobs given at once are answered', async () => {
    const pool = new PagePool(2, { pdfiumBytes: Number.POSITIVE_INFINITY, jobs: 2 });
    try {
      await everyJob(pool, path.join(work, 'by-jobs'));
      // 13 jobs at 2 a worker: at least 6 workers were replaced while jobs waited in the queue.
      expect(pool.recycled).toBeGreaterThanOrEqual(6);
      // The pool still works after: a new worker answers.
      expect((await pool.read(file, 3)).text).toBe('Harbour page 3');
    } finally {
      await pool.close();
    }
  });

  it('replaces a worker whose PDFium heap is past the bound after every job, and all jobs are answered', async () => {
    const pool = new PagePool(1, { pdfiumBytes: 1, jobs: Number.POSITIVE_INFINITY });
    try {
      await everyJob(pool, path.join(work, 'by-memory'));
      // Each job starts PDFium (the info job too: it asks PDFium whether the file was rebuilt), so each recycles.
      expect(pool.recycled).toBe(2 * PAGES + 1);
    } finally {
      await pool.close();
    }
  });

  it('keeps a worker whose heap stays within the bound', async () => {
    const pool = new PagePool(1, { pdfiumBytes: 1024 * 1024 * 1024, jobs: 1000 });
    try {
      await everyJob(pool, path.join(work, 'kept'));
      expect(pool.recycled).toBe(0);
    } finally {
      await pool.close();
    }
  });
});
