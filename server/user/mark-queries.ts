import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { bookmarks, clippings, issuePages, libraries, markChanges, memberships, users, type Bookmark, type Clipping } from '../db/schema';
import type { Region } from './clipping-text';
import type { MembershipWithLibrary } from './queries';

export type MarkKind = 'bookmarks' | 'clippings';

/** SPEC §3 bk_lud and clip_lud: when the member's bookmarks and clippings last changed, ISO 8601 UTC; '' if never. */
export async function markTimes(userId: number): Promise<MarkTimes> {
  const [row] = await getDb().select().from(markChanges).where(eq(markChanges.userId, userId)).limit(1);
  return { bk_lud: row?.bookmarksChangedAt?.toISOString() ?? '', clip_lud: row?.clippingsChangedAt?.toISOString() ?? '' };
}

export interface MarkTimes {
  bk_lud: string;
  clip_lud: string;
}

/**
 * What a sign-in answers with, in one query: the member's libraries, the one that lasts longest first (as
 * membershipsOf), and when their bookmarks and clippings last changed (as markTimes). Read from the member's row, so
 * a member with no library yet still gets their mark times.
 */
export async function membershipsAndMarkTimes(userId: number): Promise<{ all: MembershipWithLibrary[]; marks: MarkTimes }> {
  const rows = await getDb()
    .select({ library: libraries, expiresAt: memberships.expiresAt, bookmarksAt: markChanges.bookmarksChangedAt, clippingsAt: markChanges.clippingsChangedAt })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(libraries, eq(libraries.id, memberships.libraryId))
    .leftJoin(markChanges, eq(markChanges.userId, users.id))
    .where(eq(users.id, userId))
    .orderBy(desc(memberships.expiresAt), asc(libraries.id));
  const all = rows.flatMap(({ library, expiresAt }) => (library && expiresAt ? [{ library, expiresAt }] : []));
  const first = rows[0];
  return { all, marks: { bk_lud: first?.bookmarksAt?.toISOString() ?? '', clip_lud: first?.clippingsAt?.toISOString() ?? '' } };
}

/** Records that a member's bookmarks (or clippings) changed now: an app syncs when the time moves. */
async function touch(userId: number, kind: MarkKind): Promise<void> {
  const column = kind === 'bookmarks' ? 'bookmarksChangedAt' : 'clippingsChangedAt';
  await getDb()
    .insert(markChanges)
    .values({ userId, [column]: sql`now()` })
    .onConflictDoUpdate({ target: markChanges.userId, set: { [column]: sql`now()` } });
}

export async function bookmarksOf(userId: number, issueId?: number): Promise<Bookmark[]> {
  return getDb()
    .select()
    .from(bookmarks)
    .where(issueId ? and(eq(bookmarks.userId, userId), eq(bookmarks.issueId, issueId)) : eq(bookmarks.userId, userId))
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.id));
}

export async function clippingsOf(userId: number, issueId?: number): Promise<Clipping[]> {
  return getDb()
    .select()
    .from(clippings)
    .where(issueId ? and(eq(clippings.userId, userId), eq(clippings.issueId, issueId)) : eq(clippings.userId, userId))
    .orderBy(desc(clippings.createdAt), desc(clippings.id));
}

/** A member's own clipping; null for anyone else's (the caller answers 404, so another's id tells nothing). */
export async function ownClipping(userId: number, id: number): Promise<Clipping | null> {
  const [row] = await getDb().select().from(clippings).where(and(eq(clippings.id, id), eq(clippings.userId, userId))).limit(1);
  return row ?? null;
}

export async function clippingByShareToken(token: string): Promise<Clipping | null> {
  const [row] = await getDb().select().from(clippings).where(eq(clippings.shareToken, token)).limit(1);
  return row ?? null;
}

export async function addBookmark(values: { userId: number; libraryId: number; issueId: number; pageNo: number; name: string }): Promise<Bookmark> {
  const [row] = await getDb().insert(bookmarks).values(values).returning();
  await touch(values.userId, 'bookmarks');
  return row;
}

export async function addClipping(
  values: { userId: number; libraryId: number; issueId: number; pageNo: number; name: string; text: string; textScope: 'region' | 'page' } & Region,
): Promise<Clipping> {
  const [row] = await getDb().insert(clippings).values(values).returning();
  await touch(values.userId, 'clippings');
  return row;
}

export async function renameBookmark(userId: number, id: number, name: string): Promise<Bookmark | null> {
  const [row] = await getDb().update(bookmarks).set({ name }).where(and(eq(bookmarks.id, id), eq(bookmarks.userId, userId))).returning();
  if (row) await touch(userId, 'bookmarks');
  return row ?? null;
}

export async function renameClipping(userId: number, id: number, name: string): Promise<Clipping | null> {
  const [row] = await getDb().update(clippings).set({ name }).where(and(eq(clippings.id, id), eq(clippings.userId, userId))).returning();
  if (row) await touch(userId, 'clippings');
  return row ?? null;
}

export async function deleteBookmark(userId: number, id: number): Promise<boolean> {
  const rows = await getDb().delete(bookmarks).where(and(eq(bookmarks.id, id), eq(bookmarks.userId, userId))).returning({ id: bookmarks.id });
  if (rows.length) await touch(userId, 'bookmarks');
  return rows.length > 0;
}

export async function deleteClipping(userId: number, id: number): Promise<boolean> {
  const rows = await getDb().delete(clippings).where(and(eq(clippings.id, id), eq(clippings.userId, userId))).returning({ id: clippings.id });
  if (rows.length) await touch(userId, 'clippings');
  return rows.length > 0;
}

/** The clipping's share token, made on first share and kept, so a link already sent keeps working. */
export async function shareClipping(userId: number, id: number): Promise<string | null> {
  const token = randomBytes(16).toString('base64url');
  const [row] = await getDb()
    .update(clippings)
    .set({ shareToken: sql`coalesce(${clippings.shareToken}, ${token})` })
    .where(and(eq(clippings.id, id), eq(clippings.userId, userId)))
    .returning({ shareToken: clippings.shareToken });
  if (row) await touch(userId, 'clippings');
  return row?.shareToken ?? null;
}

/** Whether the issue has the page (a bookmark points at a page that exists). */
export async function hasPage(issueId: number, pageNo: number): Promise<boolean> {
  const rows = await getDb()
    .select({ pageNo: issuePages.pageNo })
    .from(issuePages)
    .where(and(eq(issuePages.issueId, issueId), eq(issuePages.pageNo, pageNo)))
    .limit(1);
  return rows.length > 0;
}
