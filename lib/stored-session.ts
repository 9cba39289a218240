import Cookies from 'js-cookie';
import { storage, storedExpiration, storedUser } from './browser-storage';
import type { ReadingMember } from './catalogue-screens';
import { AGE_RATING_DEFAULT } from './constants';
import { COOKIE, STORAGE } from './cookies';
import { isDashboardPath } from './sign-in-paths';
import type { SessionFields, UserDetails } from './wire';

/*
 * The session as this browser keeps it (SPEC §3): the sign-in answer stored in local storage and the readable cookies
 * that steer the interface, and clearing them at logout (hooks/logout.ts, which also tells the server).
 */

/** Cookie lifetimes in days, as js-cookie takes them (SPEC §9). */
export const SESSION_COOKIE_OPTIONS = { expires: 365, path: '/', sameSite: 'lax' } as const;
export const DAY_COOKIE_OPTIONS = { expires: 1, path: '/', sameSite: 'lax' } as const;

/** Stores a sign-in answer the way SPEC §3 lists: local storage values and the readable cookies. */
export function saveSession(fields: SessionFields): void {
  const store = storage();
  const userDetails: UserDetails = {
    firstName: fields.fname,
    lastName: fields.lname,
    libid: fields.libid,
    expiry: fields.enddate,
    uploadedID: fields.uploadedID,
    libName: fields.libname,
    uid: fields.uid,
    uuid: fields.uuid,
    email: fields.email,
    mobile: fields.mobile,
    userType: fields.usertype,
  };
  store?.setItem(STORAGE.userToken, fields.jwtoken);
  store?.setItem(STORAGE.userDetails, JSON.stringify(userDetails));
  if (fields.libraryDetails) store?.setItem(STORAGE.libraryDetails, JSON.stringify(fields.libraryDetails));
  else store?.removeItem(STORAGE.libraryDetails);
  const ends = Date.parse(fields.enddate);
  store?.setItem(STORAGE.expiration, String(Number.isNaN(ends) ? 0 : Math.floor(ends / 1000)));

  const ageRate = fields.ageRate > 0 ? fields.ageRate : AGE_RATING_DEFAULT.library;
  Cookies.set(COOKIE.isLoggedIn, '1', SESSION_COOKIE_OPTIONS);
  Cookies.set(COOKIE.libraryId, String(fields.libid), SESSION_COOKIE_OPTIONS);
  Cookies.set(COOKIE.ageRate, String(ageRate), SESSION_COOKIE_OPTIONS);
  Cookies.set(COOKIE.ageRating, String(ageRate), SESSION_COOKIE_OPTIONS);
  Cookies.set(COOKIE.isNewspaper, String(fields.isNewspaper), SESSION_COOKIE_OPTIONS);
  Cookies.set(COOKIE.isJournal, String(fields.isJournal), SESSION_COOKIE_OPTIONS);
}

/** The member as this browser stored them at sign-in, for a Read where no page props name them (the search overlay). */
export function storedMember(): ReadingMember {
  return { userId: storedUser()?.uid ?? 0, libraryId: Number(Cookies.get(COOKIE.libraryId) ?? 0) || 0, membershipEnds: storedExpiration() };
}

/** SPEC §2 Logout: clears stored user data, token, favourites and filters. */
export function clearSession(): void {
  const store = storage();
  for (const key of [STORAGE.userToken, STORAGE.userDetails, STORAGE.libraryDetails, STORAGE.expiration, STORAGE.accessCheck, STORAGE.favourites, STORAGE.filters, STORAGE.isGuest]) {
    store?.removeItem(key);
  }
  for (const name of [COOKIE.libraryId, COOKIE.ageRate, COOKIE.ageRating, COOKIE.isNewspaper, COOKIE.isJournal]) {
    Cookies.remove(name, { path: '/' });
  }
  Cookies.set(COOKIE.isLoggedIn, '0', SESSION_COOKIE_OPTIONS);
}

/** Where logout leaves the person: dashboard paths go to /login, others stay (SPEC §2). */
export function pathAfterLogout(currentPath: string): string {
  return isDashboardPath(currentPath) ? '/login' : currentPath;
}

/** The readable cookies of SPEC §3 that steer the interface (never a server decision). */
export function sessionCookies(): { libraryId?: string; isLoggedIn?: string; isNewspaper?: string; isJournal?: string; ageRating?: string } {
  return {
    libraryId: Cookies.get(COOKIE.libraryId),
    isLoggedIn: Cookies.get(COOKIE.isLoggedIn),
    isNewspaper: Cookies.get(COOKIE.isNewspaper),
    isJournal: Cookies.get(COOKIE.isJournal),
    ageRating: Cookies.get(COOKIE.ageRating),
  };
}
