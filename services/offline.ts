import Cookies from 'js-cookie';
import { ageRatingOrDefault } from '@/lib/age';
import { AGE_RATING_DEFAULT } from '@/lib/constants';
import { COOKIE } from '@/lib/cookies';
import {
  downloadScale,
  fitsIn,
  forgetFiles,
  getDownload,
  listDownloads,
  OFFLINE_CACHE,
  offlinePageAddress,
  offlineTextAddress,
  removeDownload,
  saveDownload,
  storageRoom,
  wantsRenewal,
  type OfflineIssue,
} from '@/lib/offline';
import { storedMember } from '@/lib/stored-session';
import type { OfflineGrant, ReaderIssue } from '@/lib/wire';
import { ApiError, http } from './http';
import { SERVICE_URL } from './keys';
import { requestReaderCode } from './reader';

/**
 * Downloading and renewing offline issues (issue 32), against the server; the browser's store is
 * lib/offline.ts. Loaded when a member asks (Download, the list's renewal), never with a page's first load.
 */

/** Asks the server to keep (or go on keeping) an issue offline; its answer says until when. */
async function grant(issueId: number): Promise<OfflineGrant> {
  const ageRating = ageRatingOrDefault(Cookies.get(COOKIE.ageRating), AGE_RATING_DEFAULT.reader);
  const { data } = await http.post<OfflineGrant>(`${SERVICE_URL.user}/offline/${issueId}`, { ageRating });
  return data;
}

/** Why a download did not happen or was removed, in words for the member. */
class OfflineError extends Error {
  constructor(
    message: string,
    readonly reason: 'no-room' | 'refused' | 'failed',
  ) {
    super(message);
    this.name = 'OfflineError';
  }
}

function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === null) return null;
  if (error.status === 401) return 'Sign in to keep issues for offline reading.';
  if (error.status === 403) return error.serverMessage ?? 'Your membership has ended.';
  if (error.status === 404) return 'This issue is no longer available in your library.';
  return null;
}

/**
 * Renews a download while online: the server checks membership, collection and age rating again and sets a new end.
 * A refusal removes the download at once; no connection leaves it as it is (it still ends at its time).
 */
async function renewDownload(issueId: number): Promise<{ renewed: OfflineIssue } | { removed: string } | { offline: true }> {
  const record = await getDownload(issueId);
  if (!record) return { removed: 'This issue is not downloaded.' };
  try {
    const answer = await grant(issueId);
    const renewed = { ...record, expiresAt: Date.parse(answer.expiresAt), renewedAt: Date.now() };
    await saveDownload(renewed);
    return { renewed };
  } catch (error) {
    const refused = refusalMessage(error);
    if (!refused) return { offline: true };
    await removeDownload(issueId);
    return { removed: refused };
  }
}

/** Renews the downloads a day or more old, one by one; answers what is kept afterwards. */
export async function renewDue(now = Date.now()): Promise<OfflineIssue[]> {
  for (const record of await listDownloads(now)) {
    if (wantsRenewal(record, now)) await renewDownload(record.issueId);
  }
  return listDownloads();
}

/** A picture's bytes in a page of this many pixels, on the high side of what the site stores (JPEG or WebP). */
const BYTES_PER_PIXEL = 0.35;
/** A page's text answer, on the high side. */
const TEXT_BYTES = 24 * 1024;

/** About how many bytes a download of these pages at this scale stores. */
function estimateBytes(pages: Array<{ width: number; height: number }>, scale: number): number {
  return Math.round(pages.reduce((sum, page) => sum + page.width * page.height * scale * scale * BYTES_PER_PIXEL + TEXT_BYTES, 0));
}

export interface DownloadProgress {
  done: number;
  total: number;
  bytes: number;
}

/** Pages fetched at once: enough to keep the connection busy, few enough not to crowd the reader's own requests. */
const PARALLEL = 4;

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new OfflineError(`The server answered ${response.status} for a page; nothing was kept.`, 'failed');
  return response;
}

/**
 * Downloads an issue for offline reading: the server's grant first (the reader's rule), a reader code with the
 * member's session, then each page's picture at this screen's scale and its text, through the reader's own addresses.
 * The room the browser grants is checked before anything is stored; the record that makes the download readable is
 * written last, and a failure removes whatever was stored, so nothing is half-kept.
 */
export async function downloadIssue(issueId: number, onProgress: (progress: DownloadProgress) => void, signal?: AbortSignal): Promise<OfflineIssue> {
  const member = storedMember();
  let answer: OfflineGrant;
  let code: string;
  let issue: ReaderIssue;
  try {
    answer = await grant(issueId);
    code = await requestReaderCode(member, issueId);
    const query = new URLSearchParams({ code, issue: String(issueId) });
    const response = await fetchOk(`/api/reader/issue?${query}`);
    issue = (await response.json()) as ReaderIssue;
  } catch (error) {
    if (error instanceof OfflineError) throw error;
    throw new OfflineError(refusalMessage(error) ?? 'The download could not start: check your connection and try again.', refusalMessage(error) ? 'refused' : 'failed');
  }
  const scale = downloadScale(window.devicePixelRatio);
  const needed = estimateBytes(issue.pages, scale);
  if (!fitsIn(await storageRoom(), needed)) {
    throw new OfflineError('There is not enough room in this browser’s storage for this issue. Remove a downloaded issue and try again.', 'no-room');
  }

  // A download made again replaces the one before it whole.
  await removeDownload(issueId);
  const cache = await caches.open(OFFLINE_CACHE);
  const progress: DownloadProgress = { done: 0, total: issue.pages.length, bytes: 0 };
  onProgress({ ...progress });
  const keep = async (address: string, response: Response) => {
    const body = await response.arrayBuffer();
    progress.bytes += body.byteLength;
    await cache.put(address, new Response(body, { headers: { 'content-type': response.headers.get('content-type') ?? 'application/octet-stream' } }));
  };
  const storePage = async (page: ReaderIssue['pages'][number]) => {
    if (signal?.aborted) throw new OfflineError('The download was stopped; nothing was kept.', 'failed');
    const text = new URLSearchParams({ code, issue: String(issueId), page: String(page.pageNo) });
    const [picture, words] = await Promise.all([fetchOk(page.src[scale - 1]), fetchOk(`/api/reader/text?${text}`)]);
    await keep(offlinePageAddress(issueId, page.pageNo), picture);
    await keep(offlineTextAddress(issueId, page.pageNo), words);
    progress.done += 1;
    onProgress({ ...progress });
  };

  try {
    const queue = [...issue.pages];
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
        for (let page = queue.shift(); page; page = queue.shift()) await storePage(page);
      }),
    );
    if (progress.done !== issue.pages.length) throw new OfflineError('Some pages could not be stored; nothing was kept.', 'failed');
    const now = Date.now();
    const record: OfflineIssue = {
      issueId,
      mid: issue.mid,
      magName: issue.magName,
      issueName: issue.issueName,
      issueDate: issue.issueDate,
      lang: issue.lang,
      pageCount: issue.pageCount,
      pages: issue.pages.map(({ pageNo, width, height, isSpread, alt }) => ({ pageNo, width, height, isSpread, alt })),
      scale,
      bytes: progress.bytes,
      userId: member.userId,
      downloadedAt: now,
      renewedAt: now,
      expiresAt: Date.parse(answer.expiresAt),
    };
    await saveDownload(record);
    return record;
  } catch (error) {
    await forgetFiles(issueId).catch(() => undefined);
    if (error instanceof OfflineError) throw error;
    if (error instanceof DOMException && error.name === 'QuotaExceededError') {
      throw new OfflineError('This browser’s storage filled up during the download; nothing was kept. Remove a downloaded issue and try again.', 'no-room');
    }
    throw new OfflineError('The download failed (the connection may have dropped); nothing was kept. Try again.', 'failed');
  }
}
