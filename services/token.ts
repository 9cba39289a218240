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
