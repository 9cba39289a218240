import type { IncomingMessage } from 'node:http';
import { COOKIE, SESSION_COOKIE } from '@/lib/cookies';
import { verifySessionToken, type SessionClaims } from '@/lib/session-token';
import { jwtSecret } from '../config';
import type { User } from '../db/schema';
import { HttpError, MESSAGES } from '../http/errors';
import { checkSession } from './revocation';

export interface Session {
  claims: SessionClaims;
  token: string;
  via: 'bearer' | 'cookie';
  /**
   * The member row the session check read (findHeaderUser: kept up to 5 s, forgotten at once when this process changes
   * it), for the request to use instead of reading it again. Null only for a deleted account on a route that answers it.
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
    const claims = await verifySessionToken(bearer, secret);
    const check = claims ? await checkSession(claims, options) : null;
    if (!claims || !check || check.over) throw new HttpError(401, MESSAGES.invalidToken);
    return { claims, token: bearer, via: 'bearer', user: check.user };
  }
  const cookies = readCookies(req.headers.cookie);
  const token = cookies[SESSION_COOKIE];
  if (!token) return null;
  const claims = await verifySessionToken(token, secret);
  const check = claims ? await checkSession(claims, options) : null;
  if (!claims || !check || check.over) return null;
  if (!SAFE_METHODS.has(method)) {
    const header = req.headers['x-xsrf-token'];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!sent || !cookies[COOKIE.xsrf] || sent !== cookies[COOKIE.xsrf]) throw new HttpError(403, MESSAGES.xsrf);
  }
  return { claims, token, via: 'cookie', user: check.user };
}
