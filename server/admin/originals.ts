import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { eq, sql, type SQL } from 'drizzle-orm';
import { collectionWhere } from '../catalogue/visibility';
import { getDb } from '../db/client';
import { issues, libraries, magazines } from '../db/schema';
import { HttpError } from '../http/errors';
import { mediaStorage, type MediaObject } from '../storage';
import type { Viewer } from '../context/viewer';
import type { StaffAccess } from '../context';

/**
 * The original PDF of an imported issue, kept in the media storage beside it (issues.original_key, written by the
 * import), for the staff of a library whose collection holds the issue's title (and for operators).
 */

/** A download's file name: the title and issue, in plain characters (the header's quoted-string). */
function fileName(title: string, issue: string): string {
  const plain = `${title} - ${issue}`
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\/:*?<>|]/g, '')
    .trim();
  return `${plain || 'issue'}.pdf`;
}

/**
 * The original of an issue for a library's staff (its collection must hold the issue) or, with no library, an operator:
 * the route declared who may ask (route({ auth: 'staff', library } or { operator })), so this only finds the file.
 */
export async function originalForStaff(_staff: StaffAccess, libraryId: number | null, issueId: number): Promise<{ object: MediaObject; fileName: string }> {
  const db = getDb();
  let inCollection: SQL = sql`true`;
  if (libraryId !== null) {
    const [library] = await db.select({ id: libraries.id, collection: libraries.collectionMode }).from(libraries).where(eq(libraries.id, libraryId)).limit(1);
    if (!library) throw new HttpError(404, 'No such library');
    // The same condition the library's members see its collection through (server/catalogue/visibility.ts).
    const viewer = { libraryId, collection: library.collection === 'chosen' ? 'chosen' : 'all' } as Viewer;
    inCollection = collectionWhere(viewer, magazines.id, magazines.categoryId) ?? sql`true`;
  }
  const [issue] = await db
    .select({ originalKey: issues.originalKey, name: issues.name, title: magazines.name, inCollection: sql<boolean>`${inCollection}` })
    .from(issues)
    .innerJoin(magazines, eq(magazines.id, issues.magazineId))
    .where(eq(issues.id, issueId))
    .limit(1);
  if (!issue) throw new HttpError(404, 'No such issue');
  if (!issue.inCollection) throw new HttpError(403, 'This issue is not in this library’s collection');
  if (!issue.originalKey) throw new HttpError(404, 'This issue has no original PDF kept');
  const object = await mediaStorage().open(issue.originalKey);
  if (!object) throw new HttpError(404, 'This issue has no original PDF kept');
  return { object, fileName: fileName(issue.title, issue.name) };
}

/**
 * The original of an issue whose reader already checked it may be read (the OPDS catalogues' PDF download, after
 * visibleIssueWhere): null when none is kept.
 */
export async function originalOfIssue(issueId: number): Promise<{ object: MediaObject; fileName: string } | null> {
  const [issue] = await getDb()
    .select({ originalKey: issues.originalKey, name: issues.name, title: magazines.name })
    .from(issues)
    .innerJoin(magazines, eq(magazines.id, issues.magazineId))
    .where(eq(issues.id, issueId))
    .limit(1);
  if (!issue?.originalKey) return null;
  const object = await mediaStorage().open(issue.originalKey);
  return object ? { object, fileName: fileName(issue.title, issue.name) } : null;
}

/** Streams an original PDF as a download (a HEAD request gets the headers alone). */
export async function sendOriginal(req: IncomingMessage, res: ServerResponse, original: { object: MediaObject; fileName: string }): Promise<void> {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Length', original.object.size);
  res.setHeader('Content-Disposition', `attachment; filename="${original.fileName}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.method === 'HEAD') {
    original.object.body.destroy();
    res.end();
    return;
  }
  await pipeline(original.object.body, res).catch(() => {
    // The browser went away, or the store broke off mid-stream: the response is already cut short.
  });
}
