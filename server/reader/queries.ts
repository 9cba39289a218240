import { and, asc, eq, sql } from 'drizzle-orm';
import { cached, invalidate } from '../cache';
import { getDb } from '../db/client';
import { issuePages, issues, magazines, readingProgress } from '../db/schema';

export interface ReaderPageRow {
  pageNo: number;
  width: number;
  height: number;
  text: string;
  isSpread: boolean;
}

/** Every page of an issue in order, with its size and printed text. */
export async function pagesOfIssue(issueId: number): Promise<ReaderPageRow[]> {
  return getDb()
    .select({ pageNo: issuePages.pageNo, width: issuePages.width, height: issuePages.height, text: issuePages.text, isSpread: issuePages.isSpread })
    .from(issuePages)
    .where(eq(issuePages.issueId, issueId))
    .orderBy(asc(issuePages.pageNo));
}

/** One page with the names its running head prints and its stored text layer, for rendering its image or its text. */
export async function pageToRender(issueId: number, pageNo: number) {
  const rows = await getDb()
    .select({ pageNo: issuePages.pageNo, width: issuePages.width, height: issuePages.height, text: issuePages.text, textLayer: issuePages.textLayer, issueName: issues.name, magazineName: magazines.name, sourceFile: issues.sourceFile })
    .from(issuePages)
    .innerJoin(issues, eq(issues.id, issuePages.issueId))
    .innerJoin(magazines, eq(magazines.id, issues.magazineId))
    .where(and(eq(issuePages.issueId, issueId), eq(issuePages.pageNo, pageNo)))
    .limit(1);
  return rows[0] ?? null;
}

/** A page's width in points (its 1x width in pixels), or null when the issue has no such page. */
export async function pageWidth(issueId: number, pageNo: number): Promise<number | null> {
  const rows = await getDb()
    .select({ width: issuePages.width })
    .from(issuePages)
    .where(and(eq(issuePages.issueId, issueId), eq(issuePages.pageNo, pageNo)))
    .limit(1);
  return rows[0]?.width ?? null;
}

function readingPlaceKey(userId: number, issueId: number): string {
  return `${userId}:${issueId}`;
}

/**
 * The page a member last read in an issue, or null: an issue's page and the reader ask on every visit, so it is kept
 * in the one cache, and saveProgress drops it (here and on every other instance) when the member reads on.
 */
export function lastReadPage(userId: number, issueId: number): Promise<number | null> {
  return cached('reading-places', readingPlaceKey(userId, issueId), async () => {
    const rows = await getDb()
      .select({ page: readingProgress.page })
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, userId), eq(readingProgress.issueId, issueId)))
      .limit(1);
    return rows[0]?.page ?? null;
  });
}

/** The app that saved a reading place: KOReader's device name and id; none when the web reader saved it. */
export interface ReadingDevice {
  device: string;
  deviceId: string;
}

/** The whole reading place (page, when, and by which app), for the reading apps' sync (server/opds/). */
export async function readingPlace(userId: number, issueId: number): Promise<{ page: number; updatedAt: Date; device: string | null; deviceId: string | null } | null> {
  const rows = await getDb()
    .select({ page: readingProgress.page, updatedAt: readingProgress.updatedAt, device: readingProgress.device, deviceId: readingProgress.deviceId })
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, userId), eq(readingProgress.issueId, issueId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Remembers the last page a member read in an issue (one row per member and issue): the one reading place the web
 * reader, OPDS apps and KOReader all read and write. `device` names the app that saved it (none: the web reader).
 */
export async function saveProgress(userId: number, issueId: number, page: number, device: ReadingDevice | null = null): Promise<void> {
  const values = { page, device: device?.device ?? null, deviceId: device?.deviceId ?? null };
  await getDb()
    .insert(readingProgress)
    .values({ userId, issueId, ...values })
    .onConflictDoUpdate({ target: [readingProgress.userId, readingProgress.issueId], set: { ...values, updatedAt: sql`now()` } });
  await invalidate('reading-places', readingPlaceKey(userId, issueId));
}
