import Cookies from 'js-cookie';
import { ageRatingOrDefault } from '@/lib/age';
import { readerAddress } from '@/lib/catalogue-paths';
import type { ReadingMember } from '@/lib/catalogue-screens';
import { AGE_RATING_DEFAULT, DEFAULT_COUNTRY, DEFAULT_STORE_ID, POPUP_FALLBACK_DELAY_MS, SUBSCRIPTION_EXPIRED } from '@/lib/constants';
import { COOKIE, STORAGE } from '@/lib/cookies';
import { classifyLibraryVerification, isExpired } from '@/lib/library-verification';
import { VALIDATE_USER_NO_LIBRARY } from '@/lib/paths';
import { saveSession } from '@/lib/stored-session';
import { ApiError, http } from './http';
import { SERVICE_URL } from './keys';
import { checkUser, verifyLibrary } from './user';

/** The hosted reader's base address, read at build time; empty means this server. */
export const READER_URL = process.env.READER_URL || '';

/** Sent as clvr so the reader knows which client asked. */
const CLIENT_VERSION = 'web-1';

/** What the user service answers, with 403, when the membership has run out (server/user/routes/reader-code.ts). */

export interface ReaderCodeAnswer {
  status: string;
  code: string;
  expiresAt: string;
}

export type OpenIssueOutcome =
  /** The reader opened in a new tab, or the same tab goes there after 100 ms when the tab was blocked. */
  | { kind: 'opened'; url: string }
  /**
   * The membership has ended, after the library was verified again: Read sends the member to validate-user type 2,
   * the discover tile shows the 'Oops! Your subscription has expired' popup (SPEC §4).
   */
  | { kind: 'expired' }
  /** The member belongs elsewhere: no library (validate-user type 1), another library (home), or no session (/login). */
  | { kind: 'redirect'; to: string }
  | { kind: 'failed' };

/** SPEC §7 reader code call: POST genCode?isLib=1 with the spec's body; resolves the code. */
export async function requestReaderCode(member: ReadingMember, issueId: number): Promise<string> {
  const { data } = await http.post<ReaderCodeAnswer>(`${SERVICE_URL.user}/genCode?isLib=1`, {
    user_id: member.userId,
    issue: issueId,
    store_id: DEFAULT_STORE_ID,
    user_con: DEFAULT_COUNTRY,
    readtype: 'reader',
    userLang: 'en',
    purType: 1,
    isnews: 0,
    ageRating: ageRatingOrDefault(Cookies.get(COOKIE.ageRating), AGE_RATING_DEFAULT.reader),
    device: 'web',
    clvr: CLIENT_VERSION,
    lib_id: member.libraryId,
    'Is Gold': 1,
  });
  if (!data.code) throw new Error('the reader code call answered no code');
  return data.code;
}

/** Opens the reader in a new tab; when the browser blocks the tab, the same tab goes there after 100 ms (SPEC §2, §8). */
function openReader(url: string, target: Window): void {
  const tab = target.open(url, '_blank');
  if (tab) {
    try {
      // The reader needs no handle on this page.
      tab.opener = null;
    } catch {
      // A cross-origin reader may refuse; it is harmless.
    }
  }
  // Some blockers hand back a tab and close it at once, so the check waits.
  target.setTimeout(() => {
    if (!tab || tab.closed) target.location.assign(url);
  }, POPUP_FALLBACK_DELAY_MS);
}

function guestId(): string {
  try {
    return window.localStorage.getItem(STORAGE.guestId) ?? '';
  } catch {
    // No storage: the server identifies the member by the session alone.
    return '';
  }
}

/**
 * SPEC §4: before the reader opens for a member whose membership end has passed, the library is verified again; it
 * may have been renewed, or the member may now read through another library. Either refreshes the session, so the
 * code call (or the home page) sees it. Answers null when reading may go ahead.
 */
async function recheckMembership(member: ReadingMember): Promise<OpenIssueOutcome | null> {
  if (member.membershipEnds * 1000 > Date.now()) return null;
  const verification = await verifyLibrary(member.userId, guestId());
  const outcome = classifyLibraryVerification({ ok: verification.status === 'Success', libList: verification.libList }, member.libraryId);
  if (outcome.kind === 'isError') return { kind: 'failed' };
  if (outcome.kind === 'isNoLibrary') return { kind: 'redirect', to: VALIDATE_USER_NO_LIBRARY };
  if (outcome.kind === 'ok' && isExpired(outcome.library.expiry)) return { kind: 'expired' };
  const fresh = await checkUser(outcome.library.libId);
  if (fresh.isError) return { kind: 'failed' };
  saveSession(fresh.data);
  return outcome.kind === 'isRedirectHome' ? { kind: 'redirect', to: '/' } : null;
}

/**
 * Opens an issue in the hosted reader, at a page when one is known: checks an ended membership again, asks the user
 * service for a reader code and opens /reader/{code}/{issue}?isLib=1#page/{n} in a new tab, or in this tab after
 * 100 ms when the new one is blocked. The one way every Read on the site opens the reader.
 */
export async function openIssue(
  request: { issueId: number; page?: number | null; member: ReadingMember; highlight?: string },
  target: Window = window,
): Promise<OpenIssueOutcome> {
  try {
    const recheck = await recheckMembership(request.member);
    if (recheck) return recheck;
    const code = await requestReaderCode(request.member, request.issueId);
    const url = readerAddress(READER_URL, code, request.issueId, request.page, request.highlight);
    openReader(url, target);
    return { kind: 'opened', url };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.serverMessage === SUBSCRIPTION_EXPIRED) return { kind: 'expired' };
    if (error instanceof ApiError && error.status === 401) return { kind: 'redirect', to: '/login' };
    console.error('[reader] could not open the issue:', error instanceof Error ? error.message : error);
    return { kind: 'failed' };
  }
}
