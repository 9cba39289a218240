import { STORAGE } from '@/lib/cookies';

/** The bearer token kept in local storage (SPEC §3 userToken), or null. Kept apart from http.ts so reading it does not load axios. */
export function storedToken(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(STORAGE.userToken);
  } catch {
    return null;
  }
}

/** Puts a fresh token where the old one was, for a browser that keeps one (a password change re-signs the session). */
export function replaceStoredToken(token: string): void {
  try {
    if (window.localStorage.getItem(STORAGE.userToken) !== null) window.localStorage.setItem(STORAGE.userToken, token);
  } catch {
    // storage refused: the HttpOnly cookie the answer set carries the session
  }
}
