/** Route rules shared by the edge middleware, the pages and the client (SPEC §2, §4). */
import { pathOnly } from './paths';

/** 'Routes open to anyone' of SPEC §2, as patterns; `:x` is one path segment. */
export const OPEN_ROUTE_PATTERNS = [
  '/login',
  '/login/email',
  '/login/linkmobile',
  '/login/verify/emailotp',
  '/login/verify/mobileotp',
  '/login/verify/password',
  '/login/newpassword',
  '/login/thirdparty/:param',
  '/login/sso',
  '/login/sso/success',
  '/login/sso/failure',
  '/login/librarycard',
  '/login/librarycard/selector',
  '/login/partner',
  '/third-party-login',
  '/infosys/:mid',
  '/ec-council',
  '/paymentsuccess',
  '/paymentfailed',
  '/accesscode',
  '/update/fullName',
  '/validate-user',
  '/terms-and-conditions',
  '/privacy-policy',
  '/helpsupport',
  '/faq',
  '/contact-us',
  '/uploadId/thankyou',
  '/guestlva',
  '/healthcheck',
  '/q/temp/magazine/:mid/:issueId',
  '/q/temp/magazine/:mid',
  '/q/temp/magazines/:catId',
  '/q/temp/magazines/:catId/:magLang',
  '/q/temp/magazines/language/:langCode',
  '/q/temp/all-issues/:mid',
  '/q/temp/tpreader',
  '/apple-app-site-association',
  '/.well-known/assetlinks.json',
  '/_error',
  // Not in SPEC §2's list: the accessibility statement, public like the privacy policy (issue 31).
  '/accessibility',
  // Not in SPEC §2's list: the offline screen and offline reader (issue 32), the same page for everyone (it reads the
  // downloads kept in this browser), which the service worker keeps to show with no connection.
  '/offline',
] as const;

const openRouteMatchers = OPEN_ROUTE_PATTERNS.map((pattern) => {
  const source = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
});

/**
 * Not in the spec: the development outbox must be reachable before anyone can sign in (it holds the codes);
 * in production the page answers 404 to everyone.
 */
export const DEV_OUTBOX_PATH = '/dev/outbox';

export function isOpenRoute(url: string): boolean {
  const path = pathOnly(url);
  return path === DEV_OUTBOX_PATH || openRouteMatchers.some((re) => re.test(path));
}

/** The staff console (`/admin`...): not an open route; it needs a session, and its pages check the role themselves. */
export function isConsolePath(url: string): boolean {
  const path = pathOnly(url);
  return path === '/admin' || path.startsWith('/admin/');
}

export function isDashboardPath(url: string): boolean {
  const path = pathOnly(url);
  return path === '/dashboard' || path.startsWith('/dashboard/');
}

/** The hosted reader's addresses, which carry a reader code: /reader/{code}/{issue} and /q/temp/tpreader. */
export function isReaderPath(url: string): boolean {
  const path = pathOnly(url);
  return path.startsWith('/reader/') || path === '/q/temp/tpreader';
}

/** The offline screen and reader (issue 32): no place for a callback cookie (it is where no connection leads). */
export const OFFLINE_PATH = '/offline';

export function isLoginOrValidatePath(url: string): boolean {
  const path = pathOnly(url);
  return path === '/login' || path.startsWith('/login/') || path === '/validate-user';
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

export { VALIDATE_USER_EXPIRED, VALIDATE_USER_NO_LIBRARY } from './paths';

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
