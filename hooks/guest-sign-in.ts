import Cookies from 'js-cookie';
import { COOKIE, STORAGE } from '@/lib/cookies';
import { classifyLibraryVerification, isExpired } from '@/lib/library-verification';
import { VALIDATE_USER_EXPIRED, VALIDATE_USER_NO_LIBRARY } from '@/lib/paths';
import { safeSameSitePath } from '@/lib/sign-in-paths';
import { saveSession } from '@/lib/stored-session';
import { isStoryReadingPath } from '@/lib/story-paths';
import { loginAsGuest, verifyLibrary } from '@/services/user';

function newGuestId(): string {
  return `web-${crypto.randomUUID()}`;
}

/** The browser's unique guest id, made once and kept (SPEC §3 'a stored unique guest id'). */
export function guestId(): string {
  const existing = window.localStorage.getItem(STORAGE.guestId);
  if (existing) return existing;
  const id = newGuestId();
  window.localStorage.setItem(STORAGE.guestId, id);
  return id;
}

export type GuestOutcome = { kind: 'nothing' } | { kind: 'redirect'; to: string };

/**
 * SPEC §4 'Guest sign-in': status 0 does nothing; libid 0 goes to type 1; past expiry to type 2;
 * otherwise the library list is verified and the person goes home, or back to the story the gate sent them away from
 * (cb), since a shared story link is what a visitor signs in for (docs/decisions.md). A library whose setting says so (the
 * server's answer names it in libraryDetails; the demo's 2766) sends its guests to the stored callback address instead.
 */
export async function signInAsGuest(libid?: number, now: Date = new Date()): Promise<GuestOutcome> {
  const uniqId = guestId();
  window.localStorage.setItem(STORAGE.isGuest, '1');
  const answer = await loginAsGuest(uniqId, libid);
  if (answer.status === 0) return { kind: 'nothing' };
  saveSession(answer);
  if (!answer.libid) return { kind: 'redirect', to: VALIDATE_USER_NO_LIBRARY };
  if (isExpired(answer.enddate, now)) return { kind: 'redirect', to: VALIDATE_USER_EXPIRED };
  const verification = await verifyLibrary(answer.uid, uniqId);
  const outcome = classifyLibraryVerification({ ok: verification.status === 'Success', libList: verification.libList }, answer.libid);
  if (outcome.kind === 'isNoLibrary') return { kind: 'redirect', to: VALIDATE_USER_NO_LIBRARY };
  if (answer.libraryDetails?.callbackAfterGuest) {
    const back = safeSameSitePath(Cookies.get(COOKIE.callbackUrl)) ?? safeSameSitePath(Cookies.get(COOKIE.cb));
    return { kind: 'redirect', to: back ?? '/' };
  }
  const story = safeSameSitePath(Cookies.get(COOKIE.cb));
  if (story && isStoryReadingPath(story)) {
    // cb has done its job once the person is back there.
    Cookies.remove(COOKIE.cb, { path: '/' });
    return { kind: 'redirect', to: story };
  }
  return { kind: 'redirect', to: '/' };
}
