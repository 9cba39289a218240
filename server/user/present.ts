import type { LibraryEntry } from '@/lib/library-verification';
import type { BookmarkView, ClippingView, LibraryDetails, SessionFields, SharedClippingView } from '@/lib/wire';
import type { Session } from '../auth/session';
import type { IssueDetails } from '../catalogue/titles';
import type { Bookmark, Clipping, Library, User } from '../db/schema';
import { HttpError } from '../http/errors';
import { issueForMember } from '../reader/access';
import { bookmarksOf, clippingByShareToken, clippingsOf, type MembershipWithLibrary } from './queries';

/** SPEC §3 Library entry. */
export function libraryEntry(membership: MembershipWithLibrary): LibraryEntry {
  return {
    libId: membership.library.id,
    libname: membership.library.name,
    expiry: membership.expiresAt.toISOString(),
    exclude_cat: membership.library.excludeCat,
    ageRate: membership.library.ageRate,
  };
}

/** SPEC §3 Library details (stored as libraryDetails). */
export function libraryDetails(library: Library): LibraryDetails {
  return {
    libId: library.id,
    libName: library.name,
    logo1: library.logo1,
    logo2: library.logo2,
    logo3: library.logo3,
    logo_banner1: library.logoBanner1,
    logo_banner2: library.logoBanner2,
    logo_banner3: library.logoBanner3,
    hideProfile: library.hideProfile,
    tempRoutes: library.tempRoutes,
    callbackAfterGuest: library.callbackAfterGuest,
    supportEmail: library.supportEmail,
  };
}

/** A library's public settings (libDetails): its SPEC §3 Library entry fields and the flags the client reads. */
export function publicLibrarySettings(library: Library) {
  return {
    libId: library.id,
    libname: library.name,
    exclude_cat: library.excludeCat,
    ageRate: library.ageRate,
    isNewspaper: library.isNewspaper,
    isJournal: library.isJournal,
    guestAccess: library.guestAccess,
    hideProfile: library.hideProfile,
  };
}

/** The login and validate-user answer of SPEC §3, for a user reading through `current` (or none). */
export function sessionFields(
  user: User,
  current: MembershipWithLibrary | null,
  all: MembershipWithLibrary[],
  jwtoken: string,
  /** When the member's bookmarks and clippings last changed (server/user/queries.ts markTimes). */
  marks: { bk_lud: string; clip_lud: string },
): SessionFields {
  const library = current?.library;
  return {
    fname: user.firstName,
    lname: user.lastName,
    libid: library?.id ?? 0,
    enddate: current ? current.expiresAt.toISOString() : '',
    uploadedID: user.uploadedId,
    libname: library?.name ?? '',
    uid: user.id,
    uuid: user.uuid,
    email: user.email ?? '',
    mobile: user.mobile ?? '',
    usertype: user.userType,
    isNewspaper: library?.isNewspaper ?? 0,
    isJournal: library?.isJournal ?? 0,
    isMycontent: library?.isMycontent ?? 0,
    fav_lud: '',
    bk_lud: marks.bk_lud,
    clip_lud: marks.clip_lud,
    ageRate: library?.ageRate ?? 0,
    hasPassword: Boolean(user.passwordHash),
    libraryDetails: library ? libraryDetails(library) : null,
    jwtoken,
    userlibdet: all.map(libraryEntry),
  };
}

/** Picks the library a session reads through: the one asked for if the user has it, else the longest-lasting. */
export function chooseMembership(all: MembershipWithLibrary[], preferredLibraryId?: number): MembershipWithLibrary | null {
  if (preferredLibraryId) {
    const preferred = all.find((m) => m.library.id === preferredLibraryId);
    if (preferred) return preferred;
  }
  return all[0] ?? null;
}

/** 'Surname, Given' (the usual SIP2 form) or 'Given Surname' into first and last names. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const clean = name.trim();
  if (!clean) return { firstName: '', lastName: '' };
  if (clean.includes(',')) {
    const [last, first] = clean.split(',', 2).map((part) => part.trim());
    return { firstName: first ?? '', lastName: last ?? '' };
  }
  const parts = clean.split(/\s+/);
  return { firstName: parts[0], lastName: parts.slice(1).join(' ') };
}

// A member's bookmarks and clippings as they see them: each issue checked through the reader's own rule
// (issueForMember), so a mark of an issue they may no longer see keeps its place but not the issue's names.

/** A bookmark (or the bookmark part of a clipping) as its owner sees it: the issue's names only while the issue is theirs to see. */
export function bookmarkViewOf(row: Bookmark | Clipping, issue: IssueDetails | null): BookmarkView {
  return {
    id: row.id,
    name: row.name,
    issueId: row.issueId,
    pageNo: row.pageNo,
    createdAt: row.createdAt.toISOString(),
    available: issue !== null,
    mid: issue?.mid ?? null,
    magName: issue?.magName ?? null,
    issueName: issue?.issueName ?? null,
  };
}

export function clippingViewOf(row: Clipping, issue: IssueDetails | null): ClippingView {
  return {
    ...bookmarkViewOf(row, issue),
    region: { x: row.x, y: row.y, width: row.width, height: row.height },
    text: issue ? row.text : null,
    textScope: row.textScope,
    imageUrl: issue ? `/api/user/clippings/${row.id}/image` : null,
    shareUrl: row.shareToken ? `/clipping/${row.shareToken}` : null,
  };
}

/** Each distinct issue of a list checked once. */
async function issuesSeenBy(userId: number, rows: Array<Bookmark | Clipping>): Promise<Map<string, IssueDetails | null>> {
  const seen = new Map<string, IssueDetails | null>();
  for (const row of rows) {
    const key = `${row.libraryId}:${row.issueId}`;
    if (seen.has(key)) continue;
    const answer = await issueForMember(userId, row.libraryId, row.issueId);
    seen.set(key, answer.ok ? answer.issue : null);
  }
  return seen;
}

/** A member's bookmarks (of one issue, or all), newest first: GET bookmarks and /dashboard/myBookmarks. */
export async function bookmarkViews(userId: number, issueId?: number): Promise<BookmarkView[]> {
  const rows = await bookmarksOf(userId, issueId);
  const seen = await issuesSeenBy(userId, rows);
  return rows.map((row) => bookmarkViewOf(row, seen.get(`${row.libraryId}:${row.issueId}`) ?? null));
}

/** A member's clippings (of one issue, or all), newest first: GET clippings and /dashboard/myClippings. */
export async function clippingViews(userId: number, issueId?: number): Promise<ClippingView[]> {
  const rows = await clippingsOf(userId, issueId);
  const seen = await issuesSeenBy(userId, rows);
  return rows.map((row) => clippingViewOf(row, seen.get(`${row.libraryId}:${row.issueId}`) ?? null));
}

/**
 * A shared clipping opens for a signed-in member of the library it was clipped through, while that member sees its
 * issue (the reader's rule); for anyone else it does not exist (404).
 */
export async function sharedClippingFor(session: Session, token: string): Promise<{ row: Clipping; issue: IssueDetails }> {
  const row = await clippingByShareToken(token);
  const seen = row ? await issueForMember(session.claims.uid, row.libraryId, row.issueId) : null;
  if (!row || !seen?.ok) throw new HttpError(404, 'Clipping not found', { field: 'token' });
  return { row, issue: seen.issue };
}

/** A shared clipping as it opens from its link: GET sharedClipping/:token and /clipping/{token}. */
export async function openSharedClipping(session: Session, token: string): Promise<SharedClippingView> {
  const { row, issue } = await sharedClippingFor(session, token);
  return {
    name: row.name,
    issueId: row.issueId,
    pageNo: row.pageNo,
    mid: issue.mid,
    magName: issue.magName,
    issueName: issue.issueName,
    text: row.text,
    textScope: row.textScope,
    region: { x: row.x, y: row.y, width: row.width, height: row.height },
    imageUrl: `/api/user/sharedClipping/${token}/image`,
  };
}
