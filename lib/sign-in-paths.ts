/**
 * Where signing in and out sends a person (SPEC §4): the sign-in screens' addresses, the same-site path a sign-in goes
 * back to, and whether a page needs a session to stay on after signing out. The gate's rules are in gate.ts.
 */
import { pathOnly } from './paths';

/** The sign-in screens under /login. */
export type SignInStep = '' | 'email' | 'linkmobile' | 'librarycard' | 'sso';

/** `?lib={id}`, naming a library to the sign-in screens, or '' when there is none. */
export function libraryQuery(libraryId?: number | null): string {
  return libraryId ? `?${new URLSearchParams({ lib: String(libraryId) })}` : '';
}

/** A sign-in screen's address, naming the library (`?lib=`) when there is one. */
export function loginPath(step: SignInStep = '', libraryId?: number | null): string {
  return `${step ? `/login/${step}` : '/login'}${libraryQuery(libraryId)}`;
}

/**
 * Returns the value as a same-site path, or null. Only `/x...` counts: never `//host`, `/\host`,
 * a scheme, or anything that decodes to one of those.
 */
export function safeSameSitePath(value: string | null | undefined): string | null {
  if (!value || typeof value !== 'string' || value.length > 2048) return null;
  let decoded = value;
  for (let i = 0; i < 3; i += 1) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return null;
    }
  }
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith('/')) return null;
    if (candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
    // Control characters and backslashes let browsers reinterpret a path as a host.
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return null;
  }
  try {
    const resolved = new URL(value, 'https://same.site.invalid');
    if (resolved.origin !== 'https://same.site.invalid') return null;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return null;
  }
}

/** The dashboard's pages (`/dashboard`...) need a session: signing out there goes to /login, not back to the page. */
export function isDashboardPath(url: string): boolean {
  const path = pathOnly(url);
  return path === '/dashboard' || path.startsWith('/dashboard/');
}
