import { STORAGE } from '@/lib/cookies';
import type { LibraryDetails, UserDetails } from '@/lib/wire';

/*
 * What the browser keeps in local storage (SPEC §3), read by every page of the site before it loads anything more:
 * the bearer token, the member and library stored at sign-in, and when the library access check last ran. Apart from
 * stored-session.ts (js-cookie) and services/http.ts (axios), which load when they are used.
 */

/** Local storage, or null on the server and where the browser refuses it. */
export function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readJson<T>(key: string): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** The bearer token kept in local storage (SPEC §3 userToken), or null. */
export function storedToken(): string | null {
  try {
    return storage()?.getItem(STORAGE.userToken) ?? null;
  } catch {
    return null;
  }
}

/** Puts a fresh token where the old one was, for a browser that keeps one (a password change re-signs the session). */
export function replaceStoredToken(token: string): void {
  try {
    const store = storage();
    if (store?.getItem(STORAGE.userToken) != null) store.setItem(STORAGE.userToken, token);
  } catch {
    // storage refused: the HttpOnly cookie the answer set carries the session
  }
}

export function storedUser(): UserDetails | null {
  return readJson<UserDetails>(STORAGE.userDetails);
}

export function storedLibrary(): LibraryDetails | null {
  return readJson<LibraryDetails>(STORAGE.libraryDetails);
}

/** Membership end in seconds, as stored. */
export function storedExpiration(): number {
  return Number(storage()?.getItem(STORAGE.expiration) ?? 0) || 0;
}

const ACCESS_CHECK_MS = 24 * 60 * 60 * 1000;

/** accessCheck holds when the library access check last ran; it runs again after 24 hours. */
export function accessCheckDue(now = Date.now()): boolean {
  const last = Number(storage()?.getItem(STORAGE.accessCheck) ?? 0);
  return !last || now - last >= ACCESS_CHECK_MS;
}

export function markAccessChecked(now = Date.now()): void {
  storage()?.setItem(STORAGE.accessCheck, String(now));
}
