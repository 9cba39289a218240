import { NextResponse, type NextRequest } from 'next/server';
import { COOKIE_MAX_AGE } from '@/lib/constants';
import { COOKIE, SESSION_COOKIE } from '@/lib/cookies';
import { callbackCookieFor, decideGate, type GateDecision } from '@/lib/gate';
import { safeSameSitePath } from '@/lib/sign-in-paths';
import { contentSecurityPolicy, makeNonce, NONCE_HEADER, originsOf, STRICT_TRANSPORT_SECURITY } from '@/lib/security-headers';
import { verifySessionToken } from '@/lib/session-token';

// Read once: the services' base URLs are fixed at build time (next.config.ts).
const CONNECT_TO = originsOf([process.env.ARTICLE_API_URL, process.env.CATALOGUE_API_URL, process.env.USER_API_URL].join(' '));

function isHttps(request: NextRequest): boolean {
  return request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto')?.split(',')[0].trim() === 'https' || process.env.COOKIE_SECURE === '1';
}

/**
 * The session gate of SPEC §4 (rules 1 to 3) before render, the callback cookies, and the page's CSP with a nonce
 * made here for this request alone. The gate is a convenience: API routes and getServerSideProps check the token
 * again themselves.
 */
export async function middleware(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const secret = process.env.JWT_SECRET ?? '';
  const claims = secret ? await verifySessionToken(request.cookies.get(SESSION_COOKIE)?.value, secret) : null;
  // /_error is no place to come back to: no gate and no callback cookie, but it is a page, so it gets the CSP.
  const errorPage = pathname === '/_error';
  const decision: GateDecision = errorPage
    ? { action: 'allow' }
    : decideGate(pathname, claims ? { libraryId: String(claims.libid), expiresAt: claims.mexp } : null, Math.floor(Date.now() / 1000));

  // The render reads the nonce from this header; set here, it replaces any x-nonce the client sent.
  const nonce = makeNonce();
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(NONCE_HEADER, nonce);
  const response =
    decision.action === 'redirect'
      ? NextResponse.redirect(new URL(decision.to, request.url))
      : NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set(
    'Content-Security-Policy',
    contentSecurityPolicy({
      nonce,
      development: process.env.NODE_ENV === 'development',
      connectTo: CONNECT_TO,
      formsTo: originsOf(process.env.CSP_FORM_ACTION),
    }),
  );
  const https = isHttps(request);
  if (https) response.headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);

  // Data requests of client navigations are not addresses a person would come back to.
  const isDataRequest = request.headers.get('x-nextjs-data') === '1';
  const cookieName = isDataRequest || errorPage ? null : callbackCookieFor(pathname);
  const current = safeSameSitePath(`${pathname}${search}`);
  if (cookieName && current) {
    response.cookies.set(cookieName === 'cb' ? COOKIE.cb : COOKIE.callbackUrl, current, {
      path: '/',
      maxAge: COOKIE_MAX_AGE.callback,
      sameSite: 'lax',
      secure: https,
    });
  }
  if (decision.action === 'redirect' && claims === null && request.cookies.has(SESSION_COOKIE)) {
    // A forged or expired session cookie is no session: drop it.
    response.cookies.delete(SESSION_COOKIE);
  }
  return response;
}

export const config = {
  // Everything but the API, build assets, media and static files; /_next/data requests pass the gate too. Health
  // probes, the COUNTER API (r51, keyed itself), the app association files, the web manifest and the service worker
  // (fetched without a session by the browser) are no place to come back to: no gate, no callback cookie.
  matcher: [
    '/((?!api/|r51/|_next/static/|_next/image|media/|icons/|favicon\\.ico|robots\\.txt|healthcheck(?:/|$)|apple-app-site-association$|manifest\\.webmanifest$|sw\\.js$|\\.well-known/|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|woff2?)$).*)',
  ],
};
