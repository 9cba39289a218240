import Cookies from 'js-cookie';
import { markAccessChecked, storedUser } from './browser-storage';
import { COOKIE, STORAGE } from './cookies';
import { isExpired } from './library-verification';
import { VALIDATE_USER_EXPIRED, VALIDATE_USER_NO_LIBRARY } from './paths';
import { safeSameSitePath } from './sign-in-paths';
import { saveSession } from './stored-session';
import type { SessionFields } from './wire';

/*
 * The steps between signing in and the first page: where a signed-in person goes next, and what one sign-in screen
 * keeps in this tab for the next (a password grant, a library card's choice of libraries, the name given).
 */

export const FULL_NAME_PATH = '/update/fullName';

/** The same-site path the cb cookie remembers, or null (SPEC §4: the page a signed-out visitor was sent away from). */
function callbackPath(): string | null {
  return safeSameSitePath(Cookies.get(COOKIE.cb));
}

/**
 * Where a signed-in person goes next: a new member without a name gives one first; no library is
 * /validate-user?type=1; an ended membership type 2; otherwise the link's own destination, the page cb
 * remembers, or home.
 */
export function nextPathFor(fields: Pick<SessionFields, 'fname' | 'libid' | 'enddate'>, preferred: string | null = null, now = new Date()): string {
  if (!fields.fname.trim()) return FULL_NAME_PATH;
  if (!fields.libid) return VALIDATE_USER_NO_LIBRARY;
  if (isExpired(fields.enddate, now)) return VALIDATE_USER_EXPIRED;
  const destination = safeSameSitePath(preferred) ?? callbackPath() ?? '/';
  // cb has done its job once the person is back there.
  if (destination === callbackPath()) Cookies.remove(COOKIE.cb, { path: '/' });
  return destination;
}

/** Stores a sign-in answer (SPEC §3) and returns where to go. The library was just checked, so accessCheck starts now. */
export function finishSignIn(answer: SessionFields, preferred: string | null = null, now = new Date()): string {
  saveSession(answer);
  markAccessChecked(now.getTime());
  return nextPathFor(answer, preferred, now);
}

/** After a step that did not change the session (a name given, a password set): where the stored session leads. */
export function nextPathForStoredSession(preferred: string | null = null, now = new Date()): string {
  const user = storedUser();
  if (!user) return '/login';
  return nextPathFor({ fname: user.firstName, libid: user.libid, enddate: user.expiry }, preferred, now);
}

/** A sign-in that arrives by cookie (SSO) must not send an older token from local storage instead. */
export function forgetStoredToken(): void {
  try {
    window.localStorage.removeItem(STORAGE.userToken);
  } catch {
    // storage blocked: nothing stored either
  }
}

export const NEW_PASSWORD_GRANT = 'newPasswordToken';

/** Keeps the grant from a code sign-in for /login/newpassword, for this tab only. */
export function keepPasswordGrant(token: string | undefined): void {
  if (!token) return;
  try {
    window.sessionStorage.setItem(NEW_PASSWORD_GRANT, token);
  } catch {
    // without it the page asks for the current password instead
  }
}

export function forgetPasswordGrant(): void {
  try {
    window.sessionStorage.removeItem(NEW_PASSWORD_GRANT);
  } catch {
    // nothing kept
  }
}

export const CARD_CHOICE = 'libraryCardChoice';

export function keepCardChoice(choice: CardChoice): void {
  window.sessionStorage.setItem(CARD_CHOICE, JSON.stringify(choice));
}

export type CardChoice = { selectToken: string; libraries: Array<{ libId: number; libname: string }> };

/** The stored choice of libraries for a card, from its session storage text. */
export function parseCardChoice(raw: string | null | undefined): CardChoice | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as CardChoice;
    return typeof value.selectToken === 'string' && Array.isArray(value.libraries) ? value : null;
  } catch {
    return null;
  }
}

export function forgetCardChoice(): void {
  try {
    window.sessionStorage.removeItem(CARD_CHOICE);
  } catch {
    // nothing to forget
  }
}

/** Updates the stored name after updateProfile, so the header and the next steps see it. */
export function storeName(firstName: string, lastName: string): void {
  const user = storedUser();
  if (!user) return;
  window.localStorage.setItem(STORAGE.userDetails, JSON.stringify({ ...user, firstName, lastName }));
}
