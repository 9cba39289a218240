import type { Session } from '../auth/session';
import type { StoryRecord } from '../article/queries';
import type { ReaderGrant } from '../reader/access';
import { countSearch, countUse } from './counting';

/** The session of COUNTER's counting: the member within their library (hashed with the day's salt, never stored). */
function readerOf(userId: number): string {
  return `member:${userId}`;
}

/** An issue opened in the reader (the reader page, or the reader's issue call): a Request for the issue. */
export function countIssueOpened(grant: ReaderGrant): Promise<void> {
  const { claims, issue } = grant;
  return countUse({ kind: 'issue', libraryId: claims.libraryId, titleId: issue.mid, issueId: issue.issueId, reader: readerOf(claims.userId) });
}

/** An issue's original PDF downloaded by a member from a library's OPDS catalogue: a Request for the issue, as opening it is. */
export function countIssueDownloaded(libraryId: number, userId: number, titleId: number, issueId: number): Promise<void> {
  return countUse({ kind: 'issue', libraryId, titleId, issueId, reader: readerOf(userId) });
}

/** A page the reader showed long enough to save the member's place. */
export function countPageRead(grant: ReaderGrant, pageNo: number): Promise<void> {
  const { claims, issue } = grant;
  return countUse({ kind: 'page', libraryId: claims.libraryId, titleId: issue.mid, issueId: issue.issueId, pageNo, reader: readerOf(claims.userId) });
}

/** A story opened in full by a member (the preview a visitor gets is not counted). */
export function countStoryOpened(session: Session, record: StoryRecord): Promise<void> {
  const { story } = record;
  return countUse({
    kind: 'story',
    libraryId: session.claims.libid,
    titleId: story.mid,
    issueId: story.issid,
    storyId: story.artid,
    reader: readerOf(session.claims.uid),
  });
}

/**
 * A search a member ran that fetched a new set of results (COUNTER's Searches_Platform): counted for a session of a
 * library whose membership runs; a visitor's, or a signed-in user's without a library, is not.
 */
export function countSearchRun(session: Session | null, nowSeconds: number = Math.floor(Date.now() / 1000)): Promise<void> {
  if (!session || !session.claims.libid || session.claims.mexp <= nowSeconds) return Promise.resolve();
  return countSearch({ libraryId: session.claims.libid, reader: readerOf(session.claims.uid) });
}
