// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { pdfFolder, startImport } from './helpers/import';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { fillerLines, makeSamplePdf } from '@/bench/samples';
import { issuePages, issues } from '@/server/db/schema';
import { enqueueUndrawn, holdDrawJobs, settleDrawJobs } from '@/server/jobs';
import { startTestApp, type TestApp } from './helpers/app';
import { createCategory, createMagazine } from './helpers/factories';

/**
 * While `npm run import` draws the issues it imported, the site leaves them to it: their draw-pages jobs wait, due
 * five minutes ahead and renewed, so the site's hourly clean-up (enqueueUndrawn) adds nothing and the site's process
 * does not draw them beside its members' pages. A command that stops lets go: the jobs fall due. When the command ends
 * the hold ends: a drawn issue's job goes, an undrawn one's is due at once.
 */

jest.setTimeout(300_000);
process.env.IMPORT_WORKERS = '1';

let app: TestApp;

type Job = { runAt: Date; attempts: number };

async function drawJob(issueId: number): Promise<Job | null> {
  const rows = await app.db.execute<{ runAt: string; attempts: number }>(sql`SELECT run_at AS "runAt", attempts FROM graphile_worker.jobs WHERE key = ${`draw-pages:${issueId}`}`);
  const row = rows.rows[0];
  return row ? { runAt: new Date(row.runAt), attempts: Number(row.attempts) } : null;
}

/** Seconds from now until the job falls due. */
function dueIn(job: Job | null): number {
  return job ? (job.runAt.getTime() - Date.now()) / 1000 : Number.NaN;
}

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.close();
});

describe('holdDrawJobs', () => {
  it('keeps an issue’s job due five minutes ahead, which the clean-up leaves alone, until the command settles it', async () => {
    const category = await createCategory(app.db, { name: 'Shoals' });
    const held = (await createMagazine(app.db, { categoryId: category.id, name: 'Shoal Charts' })).issue.id;
    const free = (await createMagazine(app.db, { categoryId: category.id, name: 'Shoal Birds' })).issue.id;
    for (const issueId of [held, free]) {
      await app.db.insert(issuePages).values({ issueId, pageNo: 1, imagePath: `pages/${issueId}/1`, width: 600, height: 780, text: 'A shoal.' });
      await app.db.update(issues).set({ pageCount: 1, originalKey: `originals/${issueId}/issue.pdf`, drawVersion: 'v1', pagesDrawnAt: null }).where(eq(issues.id, issueId));
    }
    const hold = holdDrawJobs(app.db);
    try {
      await hold.add([held]);
      const before = await drawJob(held);
      expect(dueIn(before)).toBeGreaterThan(270);
      expect(dueIn(before)).toBeLessThanOrEqual(300);
      // The hourly clean-up: the held issue keeps its hold; an issue nobody holds gets a job due now.
      await enqueueUndrawn(app.db);
      expect((await drawJob(held))?.runAt).toEqual(before!.runAt);
      expect(dueIn(await drawJob(free))).toBeLessThan(5);
      // The minute's renewal pushes the hold on.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await hold.renew();
      expect((await drawJob(held))!.runAt.getTime()).toBeGreaterThan(before!.runAt.getTime());
    } finally {
      hold.stop();
    }
    // The command ends with the issue still undrawn: the site draws it at once, with all its tries.
    await settleDrawJobs(app.db, [held]);
    expect(dueIn(await drawJob(held))).toBeLessThan(5);
    // Drawn: no job is left behind.
    await app.db.update(issues).set({ pagesDrawnAt: new Date() }).where(eq(issues.id, held));
    await settleDrawJobs(app.db, [held]);
    expect(await drawJob(held)).toBeNull();
  });

  it('lets go of an issue drawn meanwhile at its next renewal: its job goes, not held again', async () => {
    const category = await createCategory(app.db, { name: 'Sandbanks' });
    const issueId = (await createMagazine(app.db, { categoryId: category.id, name: 'Sandbank Notes' })).issue.id;
    await app.db.insert(issuePages).values({ issueId, pageNo: 1, imagePath: `pages/${issueId}/1`, width: 600, height: 780, text: 'A sandbank.' });
    await app.db.update(issues).set({ pageCount: 1, originalKey: `originals/${issueId}/issue.pdf`, drawVersion: 'v1', pagesDrawnAt: null }).where(eq(issues.id, issueId));
    const hold = holdDrawJobs(app.db);
    try {
      await hold.add([issueId]);
      expect(await drawJob(issueId)).not.toBeNull();
      await app.db.update(issues).set({ pagesDrawnAt: new Date() }).where(eq(issues.id, issueId));
      await hold.renew();
      expect(await drawJob(issueId)).toBeNull();
      await hold.renew();
      expect(await drawJob(issueId)).toBeNull();
    } finally {
      hold.stop();
    }
  });
});

describe('npm run import', () => {
  it('holds the jobs of the issues it imported while it draws them, and leaves none behind for issues it drew', async () => {
    await createCategory(app.db, { name: 'Reefs' });
    const dir = pdfFolder('hold');
    for (const month of ['01', '02']) {
      const file = path.join(dir, `Reef Survey - 2026-${month}-01.pdf`);
      fs.writeFileSync(file, await makeSamplePdf({ pages: Array.from({ length: 8 }, (_, i) => ({ lines: [`Reef Survey ${month}, page ${i + 1}`, ...fillerLines(i + 1, 12)] })) }));
      fs.writeFileSync(`${file}.json`, JSON.stringify({ category: 'Reefs', language: 'en', ageRating: 3 }));
    }
    const run = startImport([dir, '--workers', '1']);
    // Seen while the command runs: an issue it imported, not yet drawn, and its job held.
    let seen: { issueId: number; job: Job } | null = null;
    let ended = false;
    void run.done.then(() => (ended = true));
    while (!seen && !ended) {
      const rows = await app.db.execute<{ id: number }>(sql`SELECT i.id FROM issues i JOIN magazines m ON m.id = i.magazine_id WHERE m.name = 'Reef Survey' AND i.pages_drawn_at IS NULL ORDER BY i.id DESC LIMIT 1`);
      const issueId = rows.rows[0] ? Number(rows.rows[0].id) : null;
      const job = issueId ? await drawJob(issueId) : null;
      if (issueId && job) seen = { issueId, job };
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const result = await run.done;
    expect(result.output).toContain('Summary: 2 imported');
    expect(result.code).toBe(0);
    expect(seen).not.toBeNull();
    expect(seen!.job.attempts).toBe(0);
    // Due minutes after it was seen, not at once: the site was to leave the issue to the command.
    expect(seen!.job.runAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    // Every page drawn by the command: no job of its issues is left.
    const left = await app.db.execute<{ key: string }>(sql`SELECT key FROM graphile_worker.jobs j JOIN issues i ON j.key = 'draw-pages:' || i.id JOIN magazines m ON m.id = i.magazine_id WHERE m.name = 'Reef Survey'`);
    expect(left.rows).toEqual([]);
  });
});
