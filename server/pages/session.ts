import type { GetServerSidePropsContext, GetServerSidePropsResult, Redirect } from 'next';
import { SESSION_COOKIE } from '@/lib/cookies';
import { decideGate } from '@/lib/gate';
import { findUnsafeText } from '@/lib/text-input';
import { checkSession } from '../auth/revocation';
import { verifiedClaims, type Session } from '../auth/session';
import { jwtSecret } from '../config';
import { isDatabaseOutage } from '../db/client';
import { viewerFor, type Viewer } from '../viewer';

/** The verified session behind a page request (the HttpOnly cookie), with the member row its check read, or null. */
export async function pageSession(ctx: GetServerSidePropsContext): Promise<Session | null> {
  const token = ctx.req.cookies[SESSION_COOKIE];
  const claims = await verifiedClaims(token, jwtSecret());
  const check = claims ? await checkSession(claims, { accountGone: 'over' }) : null;
  if (!claims || !check || check.over) return null;
  return { claims, token: token!, via: 'cookie', user: check.user };
}

/**
 * The gate again, on the server, for pages that serve member content: the middleware is a convenience,
 * this is the lock. Returns the viewer, or the redirect the gate decides.
 */
export async function requireMember(
  ctx: GetServerSidePropsContext,
): Promise<{ session: Session; viewer: Viewer } | { redirect: Redirect }> {
  const session = await pageSession(ctx);
  const path = ctx.resolvedUrl.split('?')[0];
  const decision = decideGate(
    path,
    session ? { libraryId: String(session.claims.libid), expiresAt: session.claims.mexp } : null,
    Math.floor(Date.now() / 1000),
  );
  // decideGate allows open routes; a page calling requireMember is not one, so no session is a redirect.
  if (decision.action === 'redirect') return { redirect: { destination: decision.to, permanent: false } };
  if (!session) return { redirect: { destination: '/login', permanent: false } };
  return { session, viewer: await viewerFor(session) };
}

/** Props every page may carry: set when the database is down, so the app shows a clear screen. */
export interface UnavailableProps {
  unavailable: true;
}

/**
 * Wraps getServerSideProps: an address holding a control character or broken text is no page (404, before any
 * query: PostgreSQL refuses NUL); a database outage answers 503 with the friendly screen instead of an
 * error page; anything else is rethrown to Next's error page.
 */
export function withDatabase<P extends Record<string, unknown>>(
  load: (ctx: GetServerSidePropsContext) => Promise<GetServerSidePropsResult<P>>,
) {
  return async (ctx: GetServerSidePropsContext): Promise<GetServerSidePropsResult<P | UnavailableProps>> => {
    if (findUnsafeText(ctx.query) || findUnsafeText(ctx.params ?? {})) return { notFound: true };
    try {
      return await load(ctx);
    } catch (error) {
      if (!isDatabaseOutage(error)) throw error;
      ctx.res.statusCode = 503;
      ctx.res.setHeader('Retry-After', '30');
      return { props: { unavailable: true } };
    }
  };
}
