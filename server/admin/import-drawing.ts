import { sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { HttpError } from '../http/errors';
import { drawJobKey, enqueueDrawing } from '../jobs';
import { audit, type Actor } from './audit';

/**
 * The console's "Pages being drawn": issues whose rows are committed but whose pages are not all drawn, with their
 * draw-pages job as the queue holds it (graphile-worker's public `jobs` view: tries, the last try's reason, whether an
 * instance holds it now), and the retry of a job that failed for good.
 */

export type DrawingRow = {
  issueId: number;
  magazineId: number;
  titleName: string;
  issueName: string;
  pageCount: number;
  pagesDrawn: number;
  /** The job: null when the issue has none (one is added at the next start or hourly clean-up). */
  attempts: number | null;
  maxAttempts: number | null;
  lastError: string | null;
  runAt: Date | null;
  lockedAt: Date | null;
};

const drawingRows = (where: ReturnType<typeof sql>) => sql`
  SELECT i.id AS "issueId", i.magazine_id AS "magazineId", m.name AS "titleName", i.name AS "issueName", i.page_count AS "pageCount",
    (SELECT count(*)::int FROM issue_pages p WHERE p.issue_id = i.id AND p.drawn_at IS NOT NULL) AS "pagesDrawn",
    j.attempts AS "attempts", j.max_attempts AS "maxAttempts", j.last_error AS "lastError", j.run_at AS "runAt", j.locked_at AS "lockedAt"
  FROM issues i
  JOIN magazines m ON m.id = i.magazine_id
  LEFT JOIN graphile_worker.jobs j ON j.key = 'draw-pages:' || i.id
  WHERE i.pages_drawn_at IS NULL AND i.original_key IS NOT NULL ${where}`;

/** Dates as the driver gives them (a Date from node-postgres, a string from some drivers) made Dates. */
function dated(row: DrawingRow): DrawingRow {
  const date = (value: unknown) => (value == null ? null : new Date(value as string));
  return { ...row, runAt: date(row.runAt), lockedAt: date(row.lockedAt) };
}

/** A page of the issues still drawing, failed ones first, then oldest first. */
export async function listDrawing(page: number, pageSize: number): Promise<{ rows: DrawingRow[]; page: number; pageSize: number; total: number }> {
  const db = getDb();
  const rows = await db.execute<DrawingRow>(sql`${drawingRows(sql``)}
    ORDER BY (j.attempts IS NOT NULL AND j.attempts >= j.max_attempts AND j.locked_at IS NULL) DESC, i.id
    LIMIT ${pageSize} OFFSET ${page * pageSize}`);
  const counted = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM issues WHERE pages_drawn_at IS NULL AND original_key IS NOT NULL`);
  return { rows: rows.rows.map(dated), page, pageSize, total: Number(counted.rows[0]?.n ?? 0) };
}

export async function drawingOf(issueId: number): Promise<DrawingRow | null> {
  const rows = await getDb().execute<DrawingRow>(sql`${drawingRows(sql`AND i.id = ${issueId}`)}`);
  return rows.rows[0] ? dated(rows.rows[0]) : null;
}

/**
 * Draws an issue's pages again from where they stopped: its job starts over with all its tries (or is added, when it
 * has none). Refused while an instance is drawing it, and for an issue whose pages are all drawn.
 */
export async function retryDrawing(actor: Actor, issueId: number): Promise<void> {
  const db = getDb();
  const exists = await db.execute<{ drawn: boolean; original: boolean }>(
    sql`SELECT pages_drawn_at IS NOT NULL AS drawn, original_key IS NOT NULL AS original FROM issues WHERE id = ${issueId}`,
  );
  const issue = exists.rows[0];
  if (!issue) throw new HttpError(404, 'No such issue');
  if (!issue.original) throw new HttpError(409, 'This issue has no original PDF kept: its pages cannot be drawn');
  if (issue.drawn) throw new HttpError(409, 'Every page of this issue is drawn');
  const before = await drawingOf(issueId);
  if (before?.lockedAt) throw new HttpError(409, 'This issue’s pages are being drawn now');
  await db.transaction(async (tx) => {
    await enqueueDrawing(tx, { issueId }, { again: true });
    await audit(tx, actor, {
      action: 'issue.draw',
      target: `issue:${issueId}`,
      before: { pagesDrawn: before?.pagesDrawn ?? null, tries: before?.attempts ?? null, error: before?.lastError ?? null },
      after: { job: drawJobKey(issueId) },
    });
  });
}
