import Cookies from 'js-cookie';
import { ageRatingOrDefault } from '@/lib/age';
import { AGE_RATING_DEFAULT, DEFAULT_COUNTRY, DEFAULT_STORE_ID, POPUP_FALLBACK_DELAY_MS } from '@/lib/constants';
import { COOKIE, STORAGE } from '@/lib/cookies';
import { VALIDATE_USER_NO_LIBRARY } from '@/lib/routes';
import { classifyLibraryVerification, isExpired } from '@/lib/library-verification';
import { http, SERVICE_URL } from './http';
import { saveSession, storedExpiration, storedUser } from './session';
import { checkUser, libraryAccessCheck, verifyLibrary } from './user';

/** The hosted reader's base address, read at build time; empty means this server. */
export const READER_URL = process.env.READER_URL || '';

/** Sent as clvr so the reader knows which client asked. */
const CLIENT_VERSION = 'web-1';

export interface ReaderCodeAnswer {
  status: string;
  code: string;
  expiresAt: string;
}

/** SPEC §7 reader code call (POST genCode?isLib=1) with the spec's body; resolves the code. */
export async function generateReaderCode(args: { userId: number; libraryId: number; issueId: number }): Promise<string> {
  const ageRating = ageRatingOrDefault(Cookies.get(COOKIE.ageRating), AGE_RATING_DEFAULT.reader);
  const { data } = await http.post<ReaderCodeAnswer>(`${SERVICE_URL.user}/genCode?isLib=1`, {
    user_id: args.userId,
    issue: args.issueId,
    store_id: DEFAULT_STORE_ID,
    user_con: DEFAULT_COUNTRY,
    readtype: 'reader',
    userLang: 'en',
    purType: 1,
    isnews: 0,
    ageRating,
    device: 'web',
    clvr: CLIENT_VERSION,
    lib_id: args.libraryId,
    'Is Gold': 1,
  });
  return data.code;
}

/**
 * Opens the reader in a new tab; when the browser blocks the tab, the same tab goes there after 100 ms
 * (SPEC §2, §8).
 */
export function openReader(url: string, target: Window = window): void {
  const tab = target.open(url, '_blank');
  if (tab) {
    try {
      // The reader needs no handle on this page.
      tab.opener = null;
    } catch {
      // A cross-origin reader may refuse; it is harmless.
    }
  }
  target.setTimeout(() => {
    if (!tab || tab.closed) target.location.assign(url);
  }, POPUP_FALLBACK_DELAY_MS);
}

export type MembershipCheck = 'ok' | 'no-library' | 'redirect-home' | 'expired' | 'error';

/**
 * SPEC §4: before the reader opens for a member whose membership end has passed, the library is verified again.
 * A renewed membership refreshes the session so the reader code call sees it.
 */
export async function reverifyMembership(userId: number, libraryId: number): Promise<MembershipCheck> {
  let udid = '';
  try {
    udid = window.localStorage.getItem(STORAGE.guestId) ?? '';
  } catch {
    // No storage: the server identifies the member by the session alone.
  }
  const verification = await verifyLibrary(userId, udid);
  const outcome = classifyLibraryVerification({ ok: verification.status === 'Success', libList: verification.libList }, libraryId);
  if (outcome.kind === 'isError') return 'error';
  if (outcome.kind === 'isNoLibrary') return 'no-library';
  if (outcome.kind === 'isRedirectHome') return 'redirect-home';
  if (isExpired(outcome.library.expiry)) return 'expired';
  const fresh = await checkUser(libraryId);
  if (fresh.isError) return 'error';
  saveSession(fresh.data);
  return 'ok';
}

/** SPEC §2 Reader address: /reader/{code}/{issue}?isLib=1, optionally #page/{n}. */
export function readerUrl(code: string, issueId: number, page?: number): string {
  return `${READER_URL}/reader/${encodeURIComponent(code)}/${issueId}?isLib=1${page ? `#page/${page}` : ''}`;
}

export type OpenIssueOutcome =
  | { kind: 'opened'; url: string }
  /** The new tab was blocked: the same tab goes to the reader after 100 ms. */
  | { kind: 'same-tab'; url: string }
  /** The membership has ended: the caller shows the 'Oops! Your subscription has expired' popup. */
  | { kind: 'expired' }
  /** Re-verification sent the member elsewhere (no library, or home under another library). */
  | { kind: 'redirect'; to: string }
  | { kind: 'failed' };

/**
 * SPEC §4: before opening the reader, a membership whose end has passed is verified again with the library; it may
 * have been renewed. Answers null when reading may go ahead.
 */
async function recheckMembership(now: number): Promise<OpenIssueOutcome | null> {
  if (storedExpiration() > now / 1000) return null;
  const check = await libraryAccessCheck(Number(Cookies.get(COOKIE.libraryId) ?? 0));
  if (check.isNoLibrary || (check.isError && !check.isRedirectHome)) return { kind: 'redirect', to: VALIDATE_USER_NO_LIBRARY };
  if (check.info) saveSession(check.info);
  if (check.isRedirectHome) return { kind: 'redirect', to: '/' };
  return storedExpiration() > now / 1000 ? null : { kind: 'expired' };
}

/**
 * Opens an issue in the hosted reader (at a page, when given): asks the user service for a reader code
 * (genCode?isLib=1, SPEC §7) and opens /reader/{code}/{issue}?isLib=1#page/{n} in a new tab; if the browser blocks
 * the tab, the same tab navigates after 100 ms (SPEC §8).
 */
export async function openIssue(issueId: number, page?: number): Promise<OpenIssueOutcome> {
  try {
    const recheck = await recheckMembership(Date.now());
    if (recheck) return recheck;
    const user = storedUser();
    const { data } = await http.post<{ status: string | number; code?: string }>(`${SERVICE_URL.user}/genCode?isLib=1`, {
      user_id: user?.uid,
      issue: issueId,
      store_id: DEFAULT_STORE_ID,
      user_con: DEFAULT_COUNTRY,
      readtype: 'reader',
      userLang: 'en',
      purType: 1,
      isnews: 0,
      ageRating: ageRatingOrDefault(Cookies.get(COOKIE.ageRating), AGE_RATING_DEFAULT.reader),
      device: 'web',
      clvr: 'web',
      lib_id: Number(Cookies.get(COOKIE.libraryId) ?? 0),
      'Is Gold': 1,
    });
    if (!data.code) return { kind: 'failed' };
    const url = readerUrl(data.code, issueId, page);
    const tab = window.open(url, '_blank');
    if (!tab) {
      window.setTimeout(() => window.location.assign(url), POPUP_FALLBACK_DELAY_MS);
      return { kind: 'same-tab', url };
    }
    // The reader must not be able to navigate this page.
    tab.opener = null;
    return { kind: 'opened', url };
  } catch (error) {
    console.error('[reader] could not open the issue:', error instanceof Error ? error.message : error);
    return { kind: 'failed' };
  }
}
