import { NextResponse, type NextRequest } from 'next/server';
import { COOKIE, COOKIE_MAX_AGE, SESSION_COOKIE } from '@/lib/cookies';
import { callbackCookieFor, decideGate } from '@/lib/gate';
import { safeSameSitePath } from '@/lib/routes';
import { verifySessionToken } from '@/lib/session-token';

/**
 * The session gate of SPEC §4 (rules 1 to 3) before render, and the callback cookies. A convenience:
 * API routes and getServerSideProps check the token again themselves.
 */
export async function middleware(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const secret = process.env.JWT_SECRET ?? '';
  const claims = secret ? await verifySessionToken(request.cookies.get(SESSION_COOKIE)?.value, secret) : null;
  const decision = decideGate(
    pathname,
    claims ? { libraryId: String(claims.libid), expiresAt: claims.mexp } : null,
    Math.floor(Date.now() / 1000),
  );

  const response =
    decision.action === 'redirect' ? NextResponse.redirect(new URL(decision.to, request.url)) : NextResponse.next();

  // Data requests of client navigations are not addresses a person would come back to.
  const isDataRequest = request.headers.get('x-nextjs-data') === '1';
  const cookieName = isDataRequest ? null : callbackCookieFor(pathname);
  const current = safeSameSitePath(`${pathname}${search}`);
  if (cookieName && current) {
    response.cookies.set(cookieName === 'cb' ? COOKIE.cb : COOKIE.callbackUrl, current, {
      path: '/',
      maxAge: COOKIE_MAX_AGE.callback,
      sameSite: 'lax',
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
  // probes, the app association files and /_error are no place to come back to: no gate, no callback cookie.
  matcher: [
    '/((?!api/|_next/static/|_next/image|media/|icons/|favicon\\.ico|robots\\.txt|healthcheck(?:/|$)|apple-app-site-association$|\\.well-known/|_error$|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|woff2?)$).*)',
  ],
};
