import { SUBSCRIPTION_EXPIRED } from '@/lib/constants';
import type { ReaderIssue } from '@/lib/wire';
import type { Session } from '../auth/session';
import { findIssue, type IssueDetails } from '../catalogue/titles';
import { titleAgeRating } from '../context/ratings';
import { membershipIn } from '../user/queries';
import { cachedLibrary, viewerOfLibrary } from '../context/viewer';
import { verifyReaderCode, type ReaderCodeClaims } from './code';
import { pageImageUrl } from './images';
import { lastReadPage, pagesOfIssue } from './queries';

/** Why an issue does not open: the reader screen words each one. */
export type ReaderRefusal = 'signed-out' | 'invalid-code' | 'foreign-code' | 'membership-expired' | 'unavailable';

export const REFUSAL_MESSAGES: Record<ReaderRefusal, string> = {
  'signed-out': 'Sign in to continue',
  'invalid-code': 'This reading link has expired or is not valid',
  'foreign-code': 'This reading link belongs to another reader or another issue',
  'membership-expired': SUBSCRIPTION_EXPIRED,
  unavailable: 'This issue is not available in your library',
};

/** The HTTP status of a refusal: no session is a 401, anything else a 403. */
export function refusalStatus(refusal: ReaderRefusal): 401 | 403 {
  return refusal === 'signed-out' ? 401 : 403;
}

/**
 * Whether the session may use the code: a code is no bearer link, so it opens only for a live session of the member
 * it was signed for, in its library, asked for by a session signed after the member's last password change (which
 * ends that session's codes with it).
 * The session itself was checked for logout and password change when it was read (server/auth/session.ts).
 */
export function codeHolderRefusal(claims: ReaderCodeClaims, session: Session | null): ReaderRefusal | null {
  if (!session) return 'signed-out';
  if (session.claims.uid !== claims.userId || session.claims.libid !== claims.libraryId) return 'foreign-code';
  const validFrom = session.user?.sessionsValidFrom;
  if (validFrom && claims.sessionIssuedAt < Math.floor(validFrom.getTime() / 1000)) return 'invalid-code';
  return null;
}

export interface ReaderGrant {
  claims: ReaderCodeClaims;
  issue: IssueDetails;
}

/**
 * Everything the reader checks on every call, whatever the code says: a valid unexpired code for this issue, held
 * by a live session of the member it was signed for (codeHolderRefusal), an unexpired membership of the code's library, and the issue visible
 * to that library at the member's age rating.
 */
export async function checkReaderAccess(args: {
  code: string | null | undefined;
  issueId: number;
  session: Session | null;
  ageRating?: number;
  /** Only codes of libraries that read under /q/temp (the /q/temp/tpreader twin; the library's setting). */
  tempRoutesOnly?: boolean;
}): Promise<{ ok: true; grant: ReaderGrant } | { ok: false; refusal: ReaderRefusal }> {
  const claims = await verifyReaderCode(args.code);
  if (!claims) return { ok: false, refusal: 'invalid-code' };
  if (claims.issueId !== args.issueId) return { ok: false, refusal: 'foreign-code' };
  if (args.tempRoutesOnly && !(await cachedLibrary(claims.libraryId))?.tempRoutes) return { ok: false, refusal: 'foreign-code' };
  const held = codeHolderRefusal(claims, args.session);
  if (held) return { ok: false, refusal: held };
  const seen = await issueForMember(claims.userId, claims.libraryId, args.issueId, args.ageRating);
  if (!seen.ok) return seen;
  return { ok: true, grant: { claims, issue: seen.issue } };
}

/**
 * Whether a member sees an issue through a library, as the reader decides it: an unexpired membership of that
 * library and the issue visible to it at the member's age rating. Bookmarks, clippings and shared clippings ask the
 * same question, so nothing shows a page the reader would refuse.
 */
export async function issueForMember(
  userId: number,
  libraryId: number,
  issueId: number,
  ageRating?: number,
): Promise<{ ok: true; issue: IssueDetails } | { ok: false; refusal: 'membership-expired' | 'unavailable' }> {
  const membership = await membershipIn(userId, libraryId);
  if (!membership || membership.expiresAt.getTime() <= Date.now()) return { ok: false, refusal: 'membership-expired' };
  const viewer = viewerOfLibrary(membership.library, userId);
  const issue = await findIssue(viewer, titleAgeRating(viewer, ageRating), issueId);
  return issue ? { ok: true, issue } : { ok: false, refusal: 'unavailable' };
}



/** Longest text alternative: a page's whole text, cut at a word near this many characters. */
const ALT_MAX = 1200;

export function altText(pageNo: number, text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return `Page ${pageNo}`;
  const cut = flat.length > ALT_MAX ? `${flat.slice(0, ALT_MAX).replace(/\s+\S*$/, '')} …` : flat;
  return `Page ${pageNo}: ${cut}`;
}

/** The issue as the reader shows it: pages with signed image addresses and the member's last page. */
export async function readerIssue(code: string, grant: ReaderGrant): Promise<ReaderIssue> {
  const { claims, issue } = grant;
  const [rows, lastPage] = await Promise.all([pagesOfIssue(issue.issueId), lastReadPage(claims.userId, issue.issueId)]);
  return {
    issueId: issue.issueId,
    mid: issue.mid,
    magName: issue.magName,
    issueName: issue.issueName,
    issueDate: issue.issueDate,
    lang: issue.lang,
    pageCount: rows.length,
    pages: rows.map((row) => ({
      pageNo: row.pageNo,
      width: row.width,
      height: row.height,
      isSpread: row.isSpread,
      alt: altText(row.pageNo, row.text),
      src: [1, 2, 3].map((scale) => pageImageUrl(code, claims.jti, issue.issueId, row.pageNo, scale as 1 | 2 | 3)) as [string, string, string],
    })),
    lastPage: lastPage && lastPage <= rows.length ? lastPage : null,
    expiresAt: claims.exp,
  };
}
