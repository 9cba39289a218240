import { createHmac } from 'node:crypto';
import { issuePath } from '@/lib/catalogue-paths';
import { catalogueBase } from '@/lib/navigation';
import { jwtSecret } from '../config';
import type { Library } from '../db/schema';
import { siteOrigin } from '../http/origin';
import { REL, TYPE, esc, type Entry, type Link } from './atom';
import type { IssueEntry } from './queries';

/** Entries a page of a feed holds. */
export const FEED_PAGE_SIZE = 20;

/** Where a library's catalogue lives for reading apps. */
export function opdsBase(libraryId: number): string {
  return `${siteOrigin()}/api/opds/${libraryId}`;
}

export function coverUrl(coverPath: string, scale: 1 | 2 | 3): string {
  const base = /^(https?:)?\//.test(coverPath) ? coverPath : `${siteOrigin()}/media/${coverPath}`;
  return `${base.replace(/\/+$/, '')}/view/${scale}.jpg`;
}

/**
 * The KOReader sync document key of an issue for one member: the issue id (8 hex digits) and a signature over the
 * member and issue (24), 32 hexadecimal digits like the MD5 KOReader makes of a file. Only that member's key resolves
 * to the issue, so a key never tells another member anything.
 */
export function documentKey(userId: number, issueId: number): string {
  const mac = createHmac('sha256', jwtSecret()).update(`koreader-document|${userId}|${issueId}`).digest('hex').slice(0, 24);
  return `${issueId.toString(16).padStart(8, '0')}${mac}`;
}

/** The issue a member's document key names, or null (malformed, or another member's key). */
export function issueOfDocumentKey(userId: number, key: string): number | null {
  if (!/^[0-9a-f]{32}$/.test(key)) return null;
  const issueId = parseInt(key.slice(0, 8), 16);
  return issueId > 0 && documentKey(userId, issueId) === key ? issueId : null;
}

/** Where a member downloads an issue's original PDF, when the library allows it (pdfLink). */
export function pdfHref(libraryId: number, issueId: number): string {
  return `${opdsBase(libraryId)}/issues/${issueId}/pdf`;
}

/** The acquisition link of an issue's original PDF: only when the library turned PDF download on and the original is kept. */
export function pdfLink(library: Library, row: Pick<IssueEntry, 'issueId' | 'issueName' | 'hasOriginal'>): Link | null {
  if (!library.pdfDownload || !row.hasOriginal) return null;
  return { rel: REL.acquisition, href: pdfHref(library.id, row.issueId), type: 'application/pdf', title: `Download ${row.issueName} (PDF)` };
}

export function pseHref(libraryId: number, issueId: number): string {
  return `${opdsBase(libraryId)}/issues/${issueId}/pages/{pageNumber}?width={maxWidth}`;
}

/** An issue as an OPDS 1.2 acquisition entry: its page stream (PSE 1.2, with the member's last page), covers, facts. */
export function issueAtomEntry(library: Library, userId: number, row: IssueEntry): Entry {
  const base = opdsBase(library.id);
  const stream: Link = {
    rel: REL.pseStream,
    href: pseHref(library.id, row.issueId),
    type: 'image/jpeg',
    title: `Read ${row.issueName}`,
    attrs: {
      'pse:count': row.pageCount,
      ...(row.lastRead ? { 'pse:lastRead': Math.min(row.lastRead, row.pageCount) } : {}),
      ...(row.lastRead && row.lastReadAt ? { 'pse:lastReadUpdate': row.lastReadAt.toISOString() } : {}),
    },
  };
  const pdf = pdfLink(library, row);
  return {
    id: `${base}/issues/${row.issueId}`,
    title: `${row.magName}: ${row.issueName}`,
    updated: row.updatedAt,
    extra: [
      row.publisher ? `<author><name>${esc(row.publisher)}</name></author>` : '',
      `<dc:language>${esc(row.lang)}</dc:language>`,
      `<dc:issued>${esc(row.issueDate)}</dc:issued>`,
      `<dc:identifier>urn:koreader-sync:${documentKey(userId, row.issueId)}</dc:identifier>`,
      `<category term="${row.catId}" label="${esc(row.catName)}"/>`,
      row.about ? `<summary type="text">${esc(row.about.slice(0, 500))}</summary>` : '',
    ],
    links: [
      stream,
      ...(pdf ? [pdf] : []),
      { rel: REL.image, href: coverUrl(row.coverPath, 2), type: 'image/jpeg' },
      { rel: REL.thumbnail, href: coverUrl(row.coverPath, 1), type: 'image/jpeg' },
      { rel: 'alternate', href: `${base}/issues/${row.issueId}`, type: TYPE.entry, title: row.issueName },
      { rel: 'related', href: `${base}/titles/${row.mid}`, type: TYPE.acquisition, title: `All issues of ${row.magName}` },
      { rel: 'alternate', href: `${siteOrigin()}${issuePath(catalogueBase(library.tempRoutes), row.mid, row.issueId)}`, type: 'text/html', title: 'Read on the site' },
      { rel: REL.progression, href: `${base}/issues/${row.issueId}/progression`, type: TYPE.progression },
    ],
  };
}
