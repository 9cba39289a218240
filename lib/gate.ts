/**
 * The session gate of SPEC §4, shared by the edge middleware, the pages' server side and the client's daily access
 * check: which routes are open to anyone (SPEC §2), the gate's decision for the rest, and which callback cookie
 * remembers a path. Screens load none of it at first (the client's check is loaded when it is due), so where a
 * screen sends a person is in sign-in-paths.ts, not here.
 */
import { pathOnly, VALIDATE_USER_EXPIRED, VALIDATE_USER_NO_LIBRARY } from './paths';

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

/** What the gate knows about the visitor: from the verified token on the server, from storage on the client. */
export interface GateSession {
  /** The library id as the spec keeps it: '0' means none. */
  libraryId: string;
  /** Membership end, seconds since the epoch. */
  expiresAt: number;
}

export type GateDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string; reason: 'no-session' | 'no-library' | 'expired' };

/**
 * Rules 1 to 3 of SPEC §4, in order. Rule 4 (the once-a-day library access check) needs the
 * member's libraries and runs after this one allows.
 */
export function decideGate(path: string, session: GateSession | null, nowSeconds: number): GateDecision {
  if (isOpenRoute(path)) return { action: 'allow' };
  if (!session) return { action: 'redirect', to: '/login', reason: 'no-session' };
  // Staff manage libraries whatever their own reading membership says; the console's pages check the role.
  if (isConsolePath(path)) return { action: 'allow' };
  if (session.libraryId === '0') return { action: 'redirect', to: VALIDATE_USER_NO_LIBRARY, reason: 'no-library' };
  if (session.expiresAt <= nowSeconds) return { action: 'redirect', to: VALIDATE_USER_EXPIRED, reason: 'expired' };
  return { action: 'allow' };
}

/**
 * Which callback cookie remembers this path (SPEC §4): callbackUrl for open routes, cb for the rest. A reader address
 * carries a reader code, which no cookie keeps (the member opens the issue again from its page); the offline screen is
 * where a lost connection leads, not a place to come back to after signing in.
 */
export function callbackCookieFor(path: string): 'callbackUrl' | 'cb' | null {
  if (isLoginOrValidatePath(path) || isReaderPath(path) || path.split('?')[0] === OFFLINE_PATH) return null;
  return isOpenRoute(path) ? 'callbackUrl' : 'cb';
}
