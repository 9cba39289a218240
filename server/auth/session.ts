import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { COOKIE, SESSION_COOKIE } from '@/lib/cookies';
import { verifySessionToken, type SessionClaims } from '@/lib/session-token';
import { cached } from '../cache';
import { jwtSecret } from '../config';
import type { User } from '../db/schema';
import { HttpError, MESSAGES } from '../http/errors';
import { checkSession } from './revocation';

export interface Session {
  claims: SessionClaims;
  token: string;
  via: 'bearer' | 'cookie';
  /**
   * The member row the session check read (findHeaderUser: kept in the cache 'member', dropped everywhere when the row
   * changes), for the request to use instead of reading it again. Null only for a deleted account on a route that answers it.
   */
  user: User | null;
}

export function readCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    try {
      out[key] = decodeURIComponent(raw);
    } catch {
      out[key] = raw;
    }
  }
  return out;
}

function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1].trim() : '';
}

/**
 * The claims of a token, its signature checked once per secret and kept in the cache 'verified-tokens': a reader sends
 * the same token with every page and call. Expiry is checked on every use (the entry may outlive the token).
 */
export async function verifiedClaims(token: string | null | undefined, secret: string): Promise<SessionClaims | null> {
  if (!token || token.length > 4096) return null;
  const key = `${createHash('sha256').update(secret).digest('base64url').slice(0, 16)}|${token}`;
  const claims = await cached('verified-tokens', key, () => verifySessionToken(token, secret));
  return claims && claims.exp > Math.floor(Date.now() / 1000) ? { ...claims } : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The session of a request. A bearer token that fails verification is a 401; a stale cookie is
 * treated as no session. A cookie-borne session on a state-changing call needs X-XSRF-TOKEN to
 * match the XSRF-TOKEN cookie.
 */
export async function resolveSession(
  req: IncomingMessage,
  method: string,
  options: { accountGone: 'over' | 'answered' } = { accountGone: 'over' },
): Promise<Session | null> {
  const secret = jwtSecret();
  const bearer = bearerToken(req);
  if (bearer !== null) {
    const claims = await verifiedClaims(bearer, secret);
    const check = claims ? await checkSession(claims, options) : null;
    if (!claims || !check || check.over) throw new HttpError(401, MESSAGES.invalidToken);
    return { claims, token: bearer, via: 'bearer', user: check.user };
  }
  const cookies = readCookies(req.headers.cookie);
  const token = cookies[SESSION_COOKIE];
  if (!token) return null;
  const claims = await verifiedClaims(token, secret);
  const check = claims ? await checkSession(claims, options) : null;
  if (!claims || !check || check.over) return null;
  if (!SAFE_METHODS.has(method)) {
    const header = req.headers['x-xsrf-token'];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!sent || !cookies[COOKIE.xsrf] || sent !== cookies[COOKIE.xsrf]) throw new HttpError(403, MESSAGES.xsrf);
  }
  return { claims, token, via: 'cookie', user: check.user };
}
